package web

import "github.com/gofiber/fiber/v2"

// The few htmx request and response headers the pages use.
// See https://htmx.org/reference/#headers.

// isHTMX reports whether htmx sent the request.
func isHTMX(c *fiber.Ctx) bool { return c.Get("HX-Request") == "true" }

// setHXRedirect makes htmx load target as a whole page.
func setHXRedirect(c *fiber.Ctx, target string) { c.Set("HX-Redirect", target) }

// setHXTrigger makes htmx raise an event in the browser.
func setHXTrigger(c *fiber.Ctx, event string) { c.Set("HX-Trigger", event) }
