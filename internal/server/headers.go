package server

import (
	"strings"

	"explorer/api"

	"github.com/gofiber/fiber/v2"
)

// Content security policies: pages load scripts, styles, images and fonts
// from this origin only, with no inline script or style; JSON answers load
// nothing. Neither may be framed.
const (
	pagePolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	apiPolicy = "default-src 'none'; frame-ancestors 'none'"
)

// probePath reports whether path is a probe's: the health and readiness
// checks and the metrics, which monitors ask for on a schedule.
func probePath(path string) bool {
	return path == "/healthz" || path == "/readyz" || path == "/metrics"
}

// securityHeaders sets the headers every answer carries (nosniff,
// Referrer-Policy, no framing) and, by kind of path:
//   - pages: the strict CSP and Cache-Control: no-store (they show a
//     user's data or a sign-in form token);
//   - /v1: a CSP that loads nothing and no-store, since every answer but
//     the public OpenAPI document is a user's data;
//   - /assets, /healthz, /readyz, /metrics: no CSP or cache rule here (the
//     assets' cache rules are the pages' asset handler's: web/assets.go).
func (e *edge) securityHeaders(c *fiber.Ctx) error {
	h := &c.Response().Header
	h.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	h.Set(fiber.HeaderReferrerPolicy, "same-origin")
	h.Set(fiber.HeaderXFrameOptions, "DENY")
	path := c.Path()
	switch {
	case api.IsAPIPath(path):
		h.Set(fiber.HeaderContentSecurityPolicy, apiPolicy)
		if path != "/v1/openapi.json" {
			h.Set(fiber.HeaderCacheControl, "no-store")
		}
	case strings.HasPrefix(path, "/assets/"), probePath(path):
	default:
		h.Set(fiber.HeaderContentSecurityPolicy, pagePolicy)
		h.Set(fiber.HeaderCacheControl, "no-store")
	}
	return c.Next()
}
