package web

import (
	"net/http"

	explorer "explorer"
	"explorer/views/users"

	"github.com/gofiber/fiber/v2"
)

func (s *server) passwordPage(c *fiber.Ctx) error {
	return render(c, http.StatusOK, users.PasswordPage(users.PasswordView{Page: page(c, "Your password", "")}))
}

// changePassword changes the signed-in user's own password. Every session
// of the user ends with it, so this browser is signed in again with the
// new password and gets a new session (and CSRF token).
func (s *server) changePassword(c *fiber.Ctx) error {
	v := users.PasswordView{Page: page(c, "Your password", "")}
	next := c.FormValue("new")
	err := s.identity.ChangeOwnPassword(ctx(c), c.FormValue("current"), next)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EINTERNAL {
			return err
		}
		e := explorer.AsError(err)
		v.Error = e.Message
		for _, f := range e.Fields {
			if f.Field == "current" {
				v.CurrentError = f.Message
			} else if f.Field == "new" {
				v.NewError = f.Message
			}
		}
		return render(c, formStatus(err), users.PasswordPage(v))
	}
	ns, err := s.identity.LoginAfterPasswordChange(ctx(c), next, c.IP())
	if err != nil {
		return err
	}
	s.setCookie(c, sessionCookie, ns.Cookie, "/", ns.Session.Expires.Sub(ns.Session.Created))
	v.Page.CSRF = maskCSRF(ns.Session.CSRF)
	v.Notice = "Your password is changed. Other sessions have ended."
	return render(c, http.StatusOK, users.PasswordPage(v))
}
