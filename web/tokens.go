package web

import (
	"cmp"
	"math"
	"net/http"
	"slices"
	"strconv"

	explorer "explorer"
	"explorer/identity"
	"explorer/views/tokens"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// tokensRoutes registers the tokens pages.
func (s *server) tokensRoutes(r fiber.Router) {
	r.Get("/tokens", s.tokensPage)
	r.Post("/tokens", s.createToken)
	r.Post("/tokens/bulk-revoke", s.bulkRevokeTokens)
	r.Post("/tokens/:id/revoke", s.revokeToken)
}

// tokenSorts are the sort keys of the tokens list.
var tokenSorts = []string{"created", "name", "scope", "expires", "used"}

func (s *server) tokensView(c *fiber.Ctx) (tokens.TokensView, error) {
	v := tokens.TokensView{Page: page(c, "API tokens", "tokens")}
	st, _, err := readListState(c, "/tokens", tokenSorts, "expires", "used")
	if err != nil {
		return v, err
	}
	list, err := s.identity.Tokens(ctx(c))
	if err != nil {
		return v, err
	}
	slices.SortFunc(list, func(a, b *identity.Token) int { return cmp.Compare(a.ID, b.ID) })
	list = stateWindow(list, &st, func(t *identity.Token) []string { return []string{t.Name} }, tokenSortKey)
	st.Noun, st.Singular = "API tokens", "API token"
	v.List = st
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

// tokenSortKey is a token's value for a sort of the tokens list; a token
// that never expires sorts after every expiry, one never used before
// every use.
func tokenSortKey(t *identity.Token, sort string) sortKey {
	switch sort {
	case "name":
		return textKey(t.Name)
	case "scope":
		return textKey(t.Scope)
	case "expires":
		if t.ExpiresAt == nil {
			return numKey(math.MaxInt64)
		}
		return numKey(t.ExpiresAt.UnixMilli())
	case "used":
		if t.LastUsed != nil {
			return numKey(t.LastUsed.UnixMilli())
		}
	}
	return numKey(0)
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
	nt, err := s.identity.CreateTokenWith(ctx(c), u.Username, identity.TokenInput{Name: c.FormValue("name"), Scope: c.FormValue("scope"), Days: days})
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
	if err := s.identity.RevokeToken(ctx(c), id); err != nil {
		return s.tokensAnswer(c, "", "", err)
	}
	return s.tokensAnswer(c, "", "Token revoked.", nil)
}
