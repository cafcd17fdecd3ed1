// Package web serves the admin pages: sign-in, sessions, CSRF, forms and
// htmx partials. Every rule is the service layer's; this package only
// reads forms, calls the explorer.Service and renders views.
package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/audit"
	"explorer/backups"
	"explorer/domains"
	"explorer/identity"
	mdl "explorer/models"
	"explorer/notifications"
	"explorer/poles"
	"explorer/projects"
	"explorer/views"
	errview "explorer/views/errors"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// Cookie names.
const (
	sessionCookie = "explorer_session"
	loginCookie   = "explorer_login"
)

// Options configure the pages.
type Options struct {
	// SecureCookies marks cookies Secure even when the request did not
	// arrive over TLS (behind a TLS-terminating proxy).
	SecureCookies bool
	// Before are the handlers that run, in order, before every page
	// handler that may read a body: the edge's body limits. They run after
	// the session is loaded and before the CSRF check reads the form.
	Before []fiber.Handler
	// WriteBudget runs after the CSRF check in the signed-in group: the
	// edge's per-user write budget.
	WriteBudget fiber.Handler
	// Known runs first in the signed-in group: it answers 404 or 405 for
	// a path no page route serves, so that those are not sent to sign in.
	Known fiber.Handler
}

type server struct {
	svc      *explorer.Service
	projects *projects.Service
	poles    *poles.Service
	models   *mdl.Service
	identity *identity.Service
	notes    *notifications.Service
	accounts *accounts.Service
	// auditLog lists the audit log (the views' package is audit).
	auditLog *audit.Service
	backups  *backups.Service
	opts     Options
}

// Pages are the admin pages, registered on an app by the HTTP edge.
type Pages struct{ s *server }

// New returns the pages on the services.
func New(svc *domains.Services, opts Options) *Pages {
	return &Pages{s: &server{svc: svc.Core, projects: svc.Projects, poles: svc.Poles, models: svc.Models, identity: svc.Identity, notes: svc.Notifications, accounts: svc.Accounts, auditLog: svc.Audit, backups: svc.Backups, opts: opts}}
}

// Register adds the assets, the sign-in page and the pages to r. Every
// page but the sign-in page is in one group that requires a signed-in
// user and checks the CSRF token of every state-changing request.
func (p *Pages) Register(r fiber.Router) {
	s := p.s
	r.Use("/assets", serveAsset)

	r.Get("/login", s.loginForm)
	r.Post("/login", append(s.opts.Before, s.login)...)
	r.Get("/login/oidc", s.oidcStart)
	r.Get("/login/oidc/callback", s.oidcCallback)
	r.Get("/login/2fa", s.secondFactorForm)
	r.Post("/login/2fa", append(s.opts.Before, s.secondFactorLogin)...)
	// Known runs after the session is loaded (a signed-in person's 404
	// page keeps the navigation) and before requireUser.
	guards := []fiber.Handler{s.loadSession}
	if s.opts.Known != nil {
		guards = append(guards, s.opts.Known)
	}
	guards = append(guards, s.requireUser, s.secondFactorGate)
	signed := r.Group("", append(append(guards, s.opts.Before...), s.checkCSRF, s.opts.WriteBudget)...)
	signed.Post("/logout", s.logout)
	signed.Get("/", s.home)
	s.accountRoutes(signed)
	s.modelsRoutes(signed)
	s.modelVersionsRoutes(signed)
	s.polesRoutes(signed)
	s.projectsRoutes(signed)
	s.tokensRoutes(signed)
	s.usersRoutes(signed)
	s.backupRoutes(signed)
	s.auditRoutes(signed)
	s.secondFactorRoutes(signed)
}

// Uploads are the page routes ("METHOD /path") whose body is an upload.
func Uploads() []string {
	return []string{"POST /models/upload", "POST /projects/import", "POST /projects/import/cost", "POST /projects/:id/append"}
}

// HandleError renders a failed page request as an error page, with
// status (the edge's status of err; a refused form's 422 for EINVALID). A
// request that is not signed in is sent to the sign-in page.
func HandleError(c *fiber.Ctx, err error, status int) error {
	var fe *fiber.Error
	msg := "Something went wrong on our side."
	if errors.As(err, &fe) {
		msg = fe.Message
		if status == http.StatusNotFound {
			msg = "There is no page at " + c.Path() + "."
		}
	} else {
		e := explorer.AsError(err)
		if e.Code == explorer.EINVALID {
			status = http.StatusUnprocessableEntity
		}
		if e.Code != explorer.EINTERNAL {
			msg = e.Message
		}
		if e.Code == explorer.EUNAUTHORIZED {
			return redirectToLogin(c)
		}
	}
	p, _ := c.Locals("page").(views.Page)
	p.Title = http.StatusText(status)
	v := errview.ErrorView{Page: p, Status: status, Title: http.StatusText(status), Message: msg}
	// A cancelled account's pages lead to its reactivation.
	if u, ok := c.Locals("user").(*explorer.User); ok && u.Status == explorer.StatusCancelled && status == http.StatusForbidden {
		v.Message = "Your account is cancelled: you can read, but changes are refused until you reactivate it."
		v.Action, v.ActionText = "/account", "Reactivate your account on the account page"
	}
	return render(c, status, errview.Page(v))
}

// formStatus is the status a form answers with after err: 422 for every
// error a person can act on, since htmx swaps only 2xx and 422 answers
// (see the layout); 500 for internal ones.
func formStatus(err error) int {
	if explorer.ErrorCode(err) == explorer.EINTERNAL {
		return http.StatusInternalServerError
	}
	return http.StatusUnprocessableEntity
}

// formAnswer renders the answer to a posted form: its section for htmx,
// else the whole page. An error the person can act on is shown on the form
// (through showError) with status 422; an internal error goes to the error
// page.
func formAnswer(c *fiber.Ctx, ferr error, showError func(msg string), section, page func() templ.Component) error {
	code := http.StatusOK
	if ferr != nil {
		if explorer.ErrorCode(ferr) == explorer.EINTERNAL {
			return ferr
		}
		showError(pageMessage(c, ferr))
		code = formStatus(ferr)
	}
	if isHTMX(c) {
		return render(c, code, section())
	}
	return render(c, code, page())
}

// pageMessage is the message of err for a person on the pages: a
// cancelled account is told where to reactivate it, and input errors name
// their fields as the pages do (fieldsMessage).
func pageMessage(c *fiber.Ctx, err error) string {
	if u, ok := c.Locals("user").(*explorer.User); ok && u.Status == explorer.StatusCancelled && explorer.ErrorCode(err) == explorer.EFORBIDDEN {
		return "Your account is cancelled: reactivate it on the Account page to make changes."
	}
	if msg := fieldsMessage(err); msg != "" {
		return msg
	}
	return explorer.ErrorMessage(err)
}

// render writes a templ component as the HTML answer. It renders also
// when the request's deadline has passed (templ stops at an ended
// context): the answer then is what tells the person so.
func render(c *fiber.Ctx, status int, comp templ.Component) error {
	c.Status(status).Type("html", "utf-8")
	// Numbers are written with the separators of the person's language.
	ctx := views.WithLocale(context.WithoutCancel(c.UserContext()), c.Get(fiber.HeaderAcceptLanguage))
	return comp.Render(ctx, c.Response().BodyWriter())
}

// loadSession puts the signed-in user, if any, in the request.
func (s *server) loadSession(c *fiber.Ctx) error {
	cookie := c.Cookies(sessionCookie)
	if cookie == "" {
		return c.Next()
	}
	sess, u, err := s.identity.SessionUser(c.UserContext(), cookie)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EUNAUTHORIZED {
			s.clearCookie(c, sessionCookie, "/")
			return c.Next()
		}
		return err
	}
	c.Locals("session", sess)
	c.Locals("user", u)
	c.SetUserContext(identity.WithSession(explorer.WithUser(c.UserContext(), u), sess.Hash))
	viewer, err := s.svc.Viewer(c.UserContext())
	if err != nil {
		return err
	}
	p := views.Page{Username: u.Username, IsAdmin: u.IsAdmin(), CSRF: maskCSRF(sess.CSRF),
		Dates: views.Dates{Layout: viewer.DateLayout, Location: viewer.Location}}
	if !isHTMX(c) && !sess.Pending {
		// Read when a whole page is rendered (page), not for every
		// request: a redirect, a download or a fragment shows no banner.
		c.Locals(lowCreditsKey, func() *views.LowCredits { return s.lowCredits(c) })
	}
	c.Locals("page", p)
	return c.Next()
}

// lowCreditsKey holds, in a request of a signed-in person, the reading of
// the low-balance banner.
const lowCreditsKey = "lowCredits"

// lowCredits is the low-balance banner of a whole page (nil when the
// credits are not low). A cancelled account shows none: it cannot import.
// The banner is advice: when the balance cannot be read, the page is
// shown without it (its own reads report a broken database).
func (s *server) lowCredits(c *fiber.Ctx) *views.LowCredits {
	low, err := s.accounts.CreditsLow(c.UserContext())
	if err != nil || low == nil {
		return nil
	}
	return &views.LowCredits{Balance: low.Balance, Monthly: low.Monthly, Payer: low.Payer, Refused: accounts.RefusedImports(low.Overdraft)}
}

// requireUser sends requests that are not signed in to the sign-in page.
func (s *server) requireUser(c *fiber.Ctx) error {
	if _, ok := c.Locals("user").(*explorer.User); !ok {
		return redirectToLogin(c)
	}
	return c.Next()
}

func redirectToLogin(c *fiber.Ctx) error {
	target := "/login"
	if c.Method() == fiber.MethodGet && c.Path() != "/" {
		target += "?next=" + url.QueryEscape(c.OriginalURL())
	}
	if isHTMX(c) {
		// No HX-Redirect: leaving the page would lose what was typed. The
		// page's script (assets/js/app.js) answers 401 with a sign-in
		// dialog and keeps the form.
		return c.SendStatus(http.StatusUnauthorized)
	}
	return c.Redirect(target, http.StatusSeeOther)
}

// checkCSRF refuses a state-changing request whose CSRF token (form field
// _csrf of the body or header X-CSRF-Token, never the query) is not the
// session's. GET, HEAD and
// OPTIONS change nothing and pass.
func (s *server) checkCSRF(c *fiber.Ctx) error {
	switch c.Method() {
	case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
		return c.Next()
	}
	sess, _ := c.Locals("session").(*identity.Session)
	token := c.Get("X-CSRF-Token")
	if token == "" {
		token = bodyValue(c, "_csrf")
	}
	if sess == nil || !validCSRF(token, sess.CSRF) {
		return explorer.Errorf(explorer.EFORBIDDEN, "the form was not sent from this site or has expired; reload the page and try again")
	}
	return c.Next()
}

// page returns the layout data of the signed-in request.
func page(c *fiber.Ctx, title, active string) views.Page {
	p, _ := c.Locals("page").(views.Page)
	p.Title, p.Active = title, active
	if low, ok := c.Locals(lowCreditsKey).(func() *views.LowCredits); ok {
		p.LowCredits = low()
	}
	return p
}

// setCookie sets a cookie that lives for maxAge (relative, so that it does
// not depend on the browser's clock; a negative maxAge deletes it).
func (s *server) setCookie(c *fiber.Ctx, name, value, path string, maxAge time.Duration) {
	secs := int(maxAge.Seconds())
	if maxAge < 0 {
		secs = -1
	}
	c.Cookie(&fiber.Cookie{
		Name: name, Value: value, Path: path, MaxAge: secs,
		HTTPOnly: true, SameSite: fiber.CookieSameSiteLaxMode,
		Secure: s.opts.SecureCookies || c.Protocol() == "https",
	})
}

func (s *server) clearCookie(c *fiber.Ctx, name, path string) {
	s.setCookie(c, name, "", path, -1)
}

// ctx is the request's context for the service.
func ctx(c *fiber.Ctx) context.Context { return c.UserContext() }

// formatTime shows a time to the person viewing the page, in its date
// format and time zone.
func formatTime(c *fiber.Ctx, t time.Time) string { return dates(c).DateTime(t) }

// formatDate shows a day to the person viewing the page.
func formatDate(c *fiber.Ctx, t time.Time) string { return dates(c).Date(t) }

// dates is the date formatter of the signed-in request.
func dates(c *fiber.Ctx) views.Dates {
	p, _ := c.Locals("page").(views.Page)
	return p.Dates
}
