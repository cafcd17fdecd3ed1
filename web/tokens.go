package web

import (
	"net/http"
	"strconv"

	explorer "explorer"
	"explorer/views/tokens"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// tokensRoutes registers the tokens pages.
func (s *server) tokensRoutes(r fiber.Router) {
	r.Get("/tokens", s.tokensPage)
	r.Post("/tokens", s.createToken)
	r.Post("/tokens/:id/revoke", s.revokeToken)
}

func (s *server) tokensView(c *fiber.Ctx) (tokens.TokensView, error) {
	v := tokens.TokensView{Page: page(c, "API tokens", "tokens")}
	list, err := s.svc.Tokens(ctx(c))
	if err != nil {
		return v, err
	}
	now := s.svc.Now()
	for _, t := range list {
		used, expires := "never", "never"
		if t.LastUsed != nil {
			used = formatTime(c, *t.LastUsed)
		}
		if t.ExpiresAt != nil {
			expires = formatTime(c, *t.ExpiresAt)
		}
		v.Tokens = append(v.Tokens, tokens.Row{ID: t.ID, Name: t.Name, Created: formatTime(c, t.Created), LastUsed: used,
			Scope: t.Scope, Expires: expires, Expired: t.Expired(now)})
	}
	return v, nil
}

func (s *server) tokensPage(c *fiber.Ctx) error {
	v, err := s.tokensView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, tokens.Page(v))
}

func (s *server) tokensAnswer(c *fiber.Ctx, secret, notice string, ferr error) error {
	v, err := s.tokensView(c)
	if err != nil {
		return err
	}
	v.Secret, v.Notice = secret, notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return tokens.Section(v) }, func() templ.Component { return tokens.Page(v) })
}

func (s *server) createToken(c *fiber.Ctx) error {
	u := c.Locals("user").(*explorer.User)
	days, err := strconv.Atoi(c.FormValue("expires", "0"))
	if err != nil {
		return s.tokensAnswer(c, "", "", explorer.Invalid("choose when the token expires", explorer.FieldError{Field: "expires", Message: "must be a number of days"}))
	}
	nt, err := s.svc.CreateTokenWith(ctx(c), u.Username, explorer.TokenInput{Name: c.FormValue("name"), Scope: c.FormValue("scope"), Days: days})
	if err != nil {
		return s.tokensAnswer(c, "", "", err)
	}
	return s.tokensAnswer(c, nt.Secret, "Token "+nt.Token.Name+" created.", nil)
}

func (s *server) revokeToken(c *fiber.Ctx) error {
	id, ok := explorer.ParseID(c.Params("id"))
	if !ok {
		return s.tokensAnswer(c, "", "", explorer.Invalid("no such token"))
	}
	if err := s.svc.RevokeToken(ctx(c), id); err != nil {
		return s.tokensAnswer(c, "", "", err)
	}
	return s.tokensAnswer(c, "", "Token revoked.", nil)
}
