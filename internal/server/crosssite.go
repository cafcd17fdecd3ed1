package server

import (
	"net/url"
	"strings"

	explorer "explorer"
	"explorer/api"

	"github.com/gofiber/fiber/v2"
)

// crossSiteWrites refuses a state-changing /v1 request that a browser
// sends for another site: `Sec-Fetch-Site: cross-site`, or an `Origin`
// that is not this server's (also `null`), unless it authenticates with a
// Bearer token, which a browser never adds by itself. A browser does add
// cached Basic credentials to another site's request, also to a body-less
// `fetch(…, {method: "POST", mode: "no-cors"})` without Content-Type,
// which no body rule can tell from a client's. Requests without either
// header (every non-browser client) pass. It runs before authentication,
// so such a request costs no password hash.
func (e *edge) crossSiteWrites(c *fiber.Ctx) error {
	switch c.Method() {
	case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
		return c.Next()
	}
	if !api.IsAPIPath(c.Path()) || !crossSite(c) {
		return c.Next()
	}
	scheme, cred, _ := strings.Cut(c.Get(fiber.HeaderAuthorization), " ")
	if strings.EqualFold(scheme, "Bearer") && strings.TrimSpace(cred) != "" {
		return c.Next()
	}
	return explorer.Errorf(explorer.EFORBIDDEN, "a change sent by another site's page is refused; a client of its own sends no Origin, or authenticates with an API token")
}

// crossSite reports whether a browser says the request comes from a page
// of another site.
func crossSite(c *fiber.Ctx) bool {
	if strings.EqualFold(strings.TrimSpace(c.Get("Sec-Fetch-Site")), "cross-site") {
		return true
	}
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return false
	}
	return !sameOrigin(origin, c.Get(fiber.HeaderHost))
}

// sameOrigin reports whether origin names host (the Host header the
// browser sent with it: both carry the port when it is not the
// scheme's).
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" {
		return false
	}
	return strings.EqualFold(u.Host, host)
}
