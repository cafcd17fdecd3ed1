package web

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	explorer "explorer"
	"explorer/views"
	"explorer/views/auth"
	"explorer/views/home"

	"github.com/gofiber/fiber/v2"
)

func (s *server) loginForm(c *fiber.Ctx) error {
	if cookie := c.Cookies(sessionCookie); cookie != "" {
		if _, _, err := s.identity.SessionUser(ctx(c), cookie); err == nil {
			return c.Redirect(safeNext(c.Query("next")), http.StatusSeeOther)
		}
	}
	return s.renderLogin(c, http.StatusOK, "", "")
}

// renderLogin shows the sign-in form with a fresh form token, kept in a
// cookie (double submit: there is no session yet).
func (s *server) renderLogin(c *fiber.Ctx, status int, username, msg string) error {
	token, next, err := s.freshLoginForm(c)
	if err != nil {
		return err
	}
	v := auth.LoginView{Page: views.Page{Title: "Sign in", Error: msg}, Username: username, FormToken: token, Next: next, OIDCName: s.identity.OIDCName()}
	return render(c, status, auth.Login(v))
}

// freshLoginForm sets a fresh form token in the sign-in cookie (double submit:
// there is no session yet) and returns it with the safe page to go to
// afterwards, of the query or the posted form.
func (s *server) freshLoginForm(c *fiber.Ctx) (token, next string, err error) {
	if token, err = s.identity.NewFormToken(); err != nil {
		return "", "", err
	}
	s.setCookie(c, loginCookie, token, "/login", time.Hour)
	next = c.Query("next")
	if next == "" {
		next = c.FormValue("next")
	}
	return token, safeNext(next), nil
}

func (s *server) login(c *fiber.Ctx) error {
	username := c.FormValue("username")
	form, cookie := bodyValue(c, "_csrf"), c.Cookies(loginCookie)
	if form == "" || cookie == "" || form != cookie {
		return s.renderLogin(c, http.StatusForbidden, username, "The form was not sent from this site or has expired. Please try again.")
	}
	ns, err := s.identity.Login(ctx(c), username, c.FormValue("password"), c.IP())
	if err != nil {
		return s.loginFailed(c, username, err)
	}
	if ns.SecondFactor {
		s.setCookie(c, pendingCookie, ns.Cookie, pendingPath, ns.Session.Expires.Sub(ns.Session.Created))
		return c.Redirect("/login/2fa?next="+url.QueryEscape(safeNext(c.FormValue("next"))), http.StatusSeeOther)
	}
	s.clearCookie(c, loginCookie, "/login")
	s.setCookie(c, sessionCookie, ns.Cookie, "/", ns.Session.Expires.Sub(ns.Session.Created))
	return c.Redirect(safeNext(c.FormValue("next")), http.StatusSeeOther)
}

// loginFailed shows the sign-in page again with what went wrong: a
// refused sign-in, a disabled user, too many failures, or a directory or
// provider that does not answer.
func (s *server) loginFailed(c *fiber.Ctx, username string, err error) error {
	e := explorer.AsError(err)
	switch e.Code {
	case explorer.EUNAUTHORIZED:
		msg := "Wrong username or password."
		if username == "" {
			msg = "Sign-in refused: " + explorer.ErrorMessage(err) + "."
		}
		return s.renderLogin(c, http.StatusUnauthorized, username, msg)
	case explorer.EFORBIDDEN:
		return s.renderLogin(c, http.StatusForbidden, username, explorer.ErrorMessage(err)+".")
	case explorer.EUNAVAILABLE:
		return s.renderLogin(c, http.StatusServiceUnavailable, username, "Sign-in is not possible right now: "+explorer.ErrorMessage(err)+".")
	case explorer.ETHROTTLED:
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(e.RetryAfter))
		return s.renderLogin(c, http.StatusTooManyRequests, username, "Too many failed sign-ins. Wait "+strconv.Itoa(e.RetryAfter)+" seconds and try again.")
	}
	return err
}

func (s *server) logout(c *fiber.Ctx) error {
	if err := s.identity.Logout(ctx(c), c.Cookies(sessionCookie)); err != nil {
		return err
	}
	s.clearCookie(c, sessionCookie, "/")
	if isHTMX(c) {
		setHXRedirect(c, "/login")
		return c.SendStatus(http.StatusNoContent)
	}
	return c.Redirect("/login", http.StatusSeeOther)
}

func (s *server) home(c *fiber.Ctx) error {
	u := c.Locals("user").(*explorer.User)
	v := home.HomeView{Page: page(c, "Home", "home"), Role: u.Role, Status: u.Status}
	for _, sp := range s.svc.WordSpaceStatus() {
		state := sp.State()
		switch state {
		case explorer.SpaceFailed:
			state += ": " + sp.Error
		case explorer.SpaceLoading:
			state += " " + strconv.Itoa(int(sp.Progress*100)) + "%"
		}
		v.Spaces = append(v.Spaces, home.Space{Language: sp.Language, State: state, Words: sp.Words})
	}
	if err := s.homeInvitations(c, &v); err != nil {
		return err
	}
	if err := s.homeDashboard(c, &v); err != nil {
		return err
	}
	return render(c, http.StatusOK, home.Home(v))
}

// homeInvitations adds the pending invitations the user received. A
// cancelled account cannot take models, so its model invitations wait
// unlisted until it is reactivated.
func (s *server) homeInvitations(c *fiber.Ctx, v *home.HomeView) error {
	first := explorer.Page{Limit: listSize}
	mine, moreMine, err := s.models.ModelInvitationsPage(ctx(c), first)
	if err != nil && explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		return err
	}
	for _, inv := range mine {
		title := "#" + strconv.FormatInt(inv.ModelID, 10)
		if inv.Model != nil && inv.Model.Title != nil {
			title = *inv.Model.Title
		}
		v.ModelInvitations = append(v.ModelInvitations, home.ModelInvitation{ID: inv.ID, Model: title, Sender: inv.Sender.UserID, Rights: inv.Rights})
	}
	managers, moreManagers, err := s.accounts.InvitationsPage(ctx(c), first)
	if err != nil {
		return err
	}
	v.MoreModelInvitations, v.MoreManagerInvitations = moreMine, moreManagers
	for _, inv := range managers {
		v.ManagerInvitations = append(v.ManagerInvitations, home.ManagerInvitation{ID: inv.ID, Sender: inv.Sender})
	}
	return nil
}
