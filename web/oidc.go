package web

import (
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	explorer "explorer"
	"explorer/identity"

	"github.com/gofiber/fiber/v2"
)

// oidcCookie keeps an OpenID Connect sign-in's state, nonce, PKCE
// verifier and the page to go to afterwards, between the start and the
// callback (10 minutes, sent only to /login/oidc).
const (
	oidcCookie = "explorer_oidc"
	oidcPath   = "/login/oidc"
)

// oidcStart sends the browser to the OpenID provider.
func (s *server) oidcStart(c *fiber.Ctx) error {
	flow, err := s.identity.StartOIDC(ctx(c))
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return fiber.ErrNotFound
		}
		return s.loginFailed(c, "", err)
	}
	next := base64.RawURLEncoding.EncodeToString([]byte(safeNext(c.Query("next"))))
	s.setCookie(c, oidcCookie, strings.Join([]string{flow.State, flow.Nonce, flow.Verifier, next}, "."), oidcPath, 10*time.Minute)
	return c.Redirect(flow.URL, http.StatusSeeOther)
}

// oidcCallback completes the sign-in the provider sends the browser back
// from. The flow's cookie serves once.
func (s *server) oidcCallback(c *fiber.Ctx) error {
	parts := strings.Split(c.Cookies(oidcCookie), ".")
	s.clearCookie(c, oidcCookie, oidcPath)
	if len(parts) != 4 {
		parts = []string{"", "", "", ""}
	}
	if e := c.Query("error"); e != "" {
		return s.loginFailed(c, "", explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider did not sign you in"))
	}
	flow := identity.OIDCFlow{State: parts[0], Nonce: parts[1], Verifier: parts[2]}
	ns, err := s.identity.FinishOIDC(ctx(c), flow, c.Query("state"), c.Query("code"), c.IP())
	if err != nil {
		return s.loginFailed(c, "", err)
	}
	next, _ := base64.RawURLEncoding.DecodeString(parts[3])
	s.setCookie(c, sessionCookie, ns.Cookie, "/", ns.Session.Expires.Sub(ns.Session.Created))
	return c.Redirect(safeNext(string(next)), http.StatusSeeOther)
}
