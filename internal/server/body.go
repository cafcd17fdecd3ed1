package server

import (
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// limitJSON refuses JSON bodies over MaxJSON; multipart uploads may be up
// to MaxUpload, which Fiber enforces.
func (e *edge) limitJSON(c *fiber.Ctx) error {
	if len(c.Body()) > e.cfg.MaxJSON && !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), "multipart/") {
		return explorer.Errorf(explorer.ETOOLARGE, "the request body is larger than %d bytes", e.cfg.MaxJSON)
	}
	return c.Next()
}
