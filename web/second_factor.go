package web

import (
	"image/png"
	"net/http"

	explorer "explorer"
	"explorer/views"
	"explorer/views/auth"
	"explorer/views/components"
	"explorer/views/users"

	"github.com/gofiber/fiber/v2"
	"github.com/pquerna/otp"
)

// pendingCookie holds the pending session of a sign-in whose password was
// right, while its second factor is awaited (5 minutes, /login/2fa only).
const (
	pendingCookie = "explorer_2fa"
	pendingPath   = "/login/2fa"
)

func (s *server) secondFactorRoutes(r fiber.Router) {
	r.Get("/account/2fa", s.secondFactorPage)
	r.Get("/account/2fa/qr.png", s.secondFactorQR)
	r.Post("/account/2fa/setup", s.secondFactorSetup)
	r.Post("/account/2fa/confirm", s.secondFactorConfirm)
	r.Post("/account/2fa/disable", s.secondFactorDisable)
	r.Post("/users/:name/2fa/reset", s.secondFactorReset)
}

// renderSecondFactorLogin shows the code form with a fresh form token.
func (s *server) renderSecondFactorLogin(c *fiber.Ctx, status int, msg string) error {
	token, next, err := s.freshLoginForm(c)
	if err != nil {
		return err
	}
	v := auth.SecondFactorLoginView{Page: views.Page{Title: "Second factor", Error: msg}, FormToken: token, Next: next}
	return render(c, status, auth.SecondFactorLogin(v))
}

func (s *server) secondFactorForm(c *fiber.Ctx) error {
	if c.Cookies(pendingCookie) == "" {
		return c.Redirect("/login", http.StatusSeeOther)
	}
	return s.renderSecondFactorLogin(c, http.StatusOK, "")
}

// secondFactorLogin checks the code; a wrong one shows the form again
// until the pending session ends.
func (s *server) secondFactorLogin(c *fiber.Ctx) error {
	form, cookie := bodyValue(c, "_csrf"), c.Cookies(loginCookie)
	if form == "" || cookie == "" || form != cookie {
		return s.renderSecondFactorLogin(c, http.StatusForbidden, "The form was not sent from this site or has expired. Please try again.")
	}
	ns, err := s.identity.LoginSecondFactor(ctx(c), c.Cookies(pendingCookie), c.FormValue("code"), c.IP())
	if err != nil {
		if explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			return s.loginFailed(c, "", err)
		}
		return s.renderSecondFactorLogin(c, http.StatusUnauthorized, components.Sentence(explorer.ErrorMessage(err))+".")
	}
	s.clearCookie(c, pendingCookie, pendingPath)
	s.clearCookie(c, loginCookie, "/login")
	s.setCookie(c, sessionCookie, ns.Cookie, "/", ns.Session.Expires.Sub(ns.Session.Created))
	if ns.Recovery {
		// A recovery code: the device is likely lost; the page says how
		// many codes are left.
		return c.Redirect("/account/2fa", http.StatusSeeOther)
	}
	return c.Redirect(safeNext(c.FormValue("next")), http.StatusSeeOther)
}

// secondFactorView reads the caller's second factor for its page.
func (s *server) secondFactorView(c *fiber.Ctx) (auth.SecondFactorView, error) {
	v := auth.SecondFactorView{Page: page(c, "Second factor", "account")}
	st, err := s.identity.SecondFactor(ctx(c))
	if err != nil {
		return v, err
	}
	v.Available, v.Enabled, v.SettingUp, v.Required, v.RecoveryLeft = st.Available, st.Enabled, st.SettingUp, st.Required, st.RecoveryLeft
	if st.SettingUp {
		key, err := s.pendingKey(c)
		if err != nil {
			return v, err
		}
		v.Secret = key.Secret()
	}
	return v, nil
}

func (s *server) pendingKey(c *fiber.Ctx) (*otp.Key, error) {
	uri, err := s.identity.TOTPKeyURI(ctx(c))
	if err != nil {
		return nil, err
	}
	key, err := otp.NewKeyFromURL(uri)
	if err != nil {
		return nil, explorer.Internal(err)
	}
	return key, nil
}

func (s *server) secondFactorPage(c *fiber.Ctx) error {
	v, err := s.secondFactorView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, auth.SecondFactorPage(v))
}

// secondFactorQR draws the key being set up as a QR code, here: the key
// goes to no other service.
func (s *server) secondFactorQR(c *fiber.Ctx) error {
	key, err := s.pendingKey(c)
	if err != nil {
		return err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return explorer.Internal(err)
	}
	c.Set(fiber.HeaderContentType, "image/png")
	return png.Encode(c.Response().BodyWriter(), img)
}

func (s *server) secondFactorSetup(c *fiber.Ctx) error {
	if err := s.identity.BeginTOTP(ctx(c)); err != nil {
		return s.secondFactorError(c, err)
	}
	return c.Redirect("/account/2fa", http.StatusSeeOther)
}

func (s *server) secondFactorConfirm(c *fiber.Ctx) error {
	codes, err := s.identity.ConfirmTOTP(ctx(c), c.FormValue("password"), c.FormValue("code"))
	if err != nil {
		return s.secondFactorError(c, err)
	}
	v, err := s.secondFactorView(c)
	if err != nil {
		return err
	}
	v.Recovery = codes
	v.Notice = "Your other sessions have ended."
	return render(c, http.StatusOK, auth.SecondFactorPage(v))
}

func (s *server) secondFactorDisable(c *fiber.Ctx) error {
	if err := s.identity.DisableTOTP(ctx(c), c.FormValue("password"), c.FormValue("code")); err != nil {
		return s.secondFactorError(c, err)
	}
	v, err := s.secondFactorView(c)
	if err != nil {
		return err
	}
	v.Notice = "The second factor is off. Your other sessions have ended."
	return render(c, http.StatusOK, auth.SecondFactorPage(v))
}

// secondFactorError shows the page again with what the person can act on.
func (s *server) secondFactorError(c *fiber.Ctx, ferr error) error {
	if explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return ferr
	}
	v, err := s.secondFactorView(c)
	if err != nil {
		return err
	}
	v.Error = pageMessage(c, ferr)
	return render(c, formStatus(ferr), auth.SecondFactorPage(v))
}

func (s *server) secondFactorReset(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	err := s.identity.ResetSecondFactor(ctx(c), name)
	if code := explorer.ErrorCode(err); code == explorer.EFORBIDDEN || code == explorer.ENOTFOUND {
		return err
	}
	return s.usersAnswer(c, users.AddForm{}, name, "The second factor of "+name+" is reset.", err)
}

// secondFactorGate sends a person whom the policy requires to have a
// second factor, and who has none yet, to its setup: nothing else on the
// pages until then.
func (s *server) secondFactorGate(c *fiber.Ctx) error {
	u, ok := c.Locals("user").(*explorer.User)
	if !ok {
		return c.Next()
	}
	p := c.Path()
	if p == "/logout" || p == "/account/2fa" || (len(p) > len("/account/2fa/") && p[:len("/account/2fa/")] == "/account/2fa/") {
		return c.Next()
	}
	need, err := s.identity.SecondFactorSetupNeeded(ctx(c), u)
	if err != nil || !need {
		if err != nil {
			return err
		}
		return c.Next()
	}
	if isHTMX(c) {
		setHXRedirect(c, "/account/2fa")
		return c.SendStatus(http.StatusNoContent)
	}
	return c.Redirect("/account/2fa", http.StatusSeeOther)
}
