package server

import (
	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// spendWrite is the per-user write budget, given to both peers (each puts
// it after its authentication): it counts a write (any method but GET,
// HEAD and OPTIONS) against the signed-in user's writes per minute, and
// refuses it past them (ETHROTTLED with Retry-After).
func spendWrite(svc *explorer.Service) fiber.Handler {
	return func(c *fiber.Ctx) error {
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
			return c.Next()
		}
		if err := svc.SpendWrite(c.UserContext()); err != nil {
			return err // ETHROTTLED: the edge's error answer sets Retry-After
		}
		return c.Next()
	}
}
