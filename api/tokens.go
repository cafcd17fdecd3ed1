package api

import (
	"net/http"

	explorer "explorer"
	"explorer/identity"

	"github.com/gofiber/fiber/v2"
)

// tokenScopeKey holds, in a request authenticated by a Bearer token, the
// token's scope.
const tokenScopeKey = "tokenScope"

// tokensRoutes registers the caller's API tokens: list, create, revoke.
func (h *handler) tokensRoutes(r fiber.Router) {
	r.Get("/account/tokens", h.listTokens)
	r.Post("/account/tokens", h.createToken)
	r.Delete("/account/tokens/:id", withPathID("id", h.identity.RevokeToken))
}

// apiToken is a token on the wire; the secret only in createdToken.
type apiToken struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Scope     string `json:"scope"`
	Created   int64  `json:"created"`
	LastUsed  *int64 `json:"lastUsed"`
	ExpiresAt *int64 `json:"expiresAt"`
	Expired   bool   `json:"expired"`
}

type createdToken struct {
	apiToken
	Token string `json:"token"`
}

type tokenRequest struct {
	Name          string `json:"name"`
	Scope         string `json:"scope"`
	ExpiresInDays int    `json:"expiresInDays"`
}

func toAPIToken(t *identity.Token, expired bool) apiToken {
	out := apiToken{ID: t.ID, Name: t.Name, Scope: t.Scope, Created: millis(t.Created), Expired: expired}
	if t.LastUsed != nil {
		ms := millis(*t.LastUsed)
		out.LastUsed = &ms
	}
	if t.ExpiresAt != nil {
		ms := millis(*t.ExpiresAt)
		out.ExpiresAt = &ms
	}
	return out
}

func (h *handler) listTokens(c *fiber.Ctx) error {
	list, err := h.identity.Tokens(c.UserContext())
	if err != nil {
		return err
	}
	now := h.svc.Now()
	out := make([]apiToken, 0, len(list))
	for _, t := range list {
		out = append(out, toAPIToken(t, t.Expired(now)))
	}
	return c.JSON(out)
}

// createToken makes a token for the caller (not for a caller signed in
// with a token: the service refuses it).
func (h *handler) createToken(c *fiber.Ctx) error {
	var in tokenRequest
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	u := explorer.UserFromContext(c.UserContext())
	nt, err := h.identity.CreateTokenWith(c.UserContext(), u.Username, identity.TokenInput{Name: in.Name, Scope: in.Scope, Days: in.ExpiresInDays})
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(createdToken{apiToken: toAPIToken(nt.Token, false), Token: nt.Secret})
}

// refuseReadToken answers 403 to a request that changes something when it
// was authenticated by a read token: those may only GET and HEAD.
func refuseReadToken(c *fiber.Ctx, scope string) error {
	if scope != identity.TokenRead || c.Method() == fiber.MethodGet || c.Method() == fiber.MethodHead {
		return nil
	}
	return explorer.Errorf(explorer.EFORBIDDEN, "this API token is read-only: it may only GET and HEAD; %s needs a write token", c.Method())
}
