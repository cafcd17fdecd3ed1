package web

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	explorer "explorer"
)

// listSize is how many items a page's list shows at once.
const listSize = 50

// invitationsKey prefixes the query keys of the window of a page's list
// of received invitations, which pages show beside another list.
const invitationsKey = "invitations_"

// listWindowOf reads the window of the page's list whose query keys
// start with key (key+"limit", default listSize, and key+"offset");
// bad values are 400.
func listWindowOf(c *fiber.Ctx, key string) (explorer.Page, error) {
	limit := c.Query(key + "limit")
	if limit == "" {
		limit = strconv.Itoa(listSize)
	}
	return explorer.ParsePage(limit, c.Query(key+"offset"))
}

// pagerLinksOf are the URLs of the windows before and after page on the
// page at path ("" when there is none), for the list whose query keys start
// with key.
func pagerLinksOf(path, key string, page explorer.Page, more bool) (prev, next string) {
	link := func(p explorer.Page) string {
		return path + "?" + key + "limit=" + strconv.Itoa(p.Limit) + "&" + key + "offset=" + strconv.Itoa(p.Offset)
	}
	if page.Offset > 0 {
		prev = link(page.Prev())
	}
	if more {
		next = link(page.Next())
	}
	return prev, next
}
