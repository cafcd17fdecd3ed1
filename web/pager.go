package web

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	explorer "explorer"
)

// listSize is how many items a page's list shows at once.
const listSize = 50

// listWindow reads the window of a page's list from the query: limit
// (default listSize) and offset; bad values are 400.
func listWindow(c *fiber.Ctx) (explorer.Page, error) {
	limit := c.Query("limit")
	if limit == "" {
		limit = strconv.Itoa(listSize)
	}
	return explorer.ParsePage(limit, c.Query("offset"))
}

// pagerLinks are the URLs of the windows before and after page on the
// page at path ("" when there is none).
func pagerLinks(path string, page explorer.Page, more bool) (prev, next string) {
	link := func(p explorer.Page) string {
		return path + "?limit=" + strconv.Itoa(p.Limit) + "&offset=" + strconv.Itoa(p.Offset)
	}
	if page.Offset > 0 {
		prev = link(page.Prev())
	}
	if more {
		next = link(page.Next())
	}
	return prev, next
}
