package api

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	explorer "explorer"
)

// listPage reads the optional limit and offset of a list operation
// (an extension of the description; 400 naming the parameter when bad).
func listPage(c *fiber.Ctx) (explorer.Page, error) {
	return explorer.ParsePage(c.Query("limit"), c.Query("offset"))
}

// sendList answers a list and, when more items follow, a Link to the next
// window (RFC 8288), with the request's other query parameters kept.
func sendList(c *fiber.Ctx, page explorer.Page, more bool, body any) error {
	if more {
		next := page.Next()
		args := fiber.AcquireArgs()
		defer fiber.ReleaseArgs(args)
		c.Context().QueryArgs().CopyTo(args)
		args.Set("limit", strconv.Itoa(next.Limit))
		args.Set("offset", strconv.Itoa(next.Offset))
		c.Append(fiber.HeaderLink, "<"+c.Path()+"?"+args.String()+`>; rel="next"`)
	}
	return sendTagged(c, body)
}
