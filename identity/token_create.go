package identity

import (
	"context"
	"encoding/base64"
	"strconv"
	"strings"

	"explorer"
)

// NewToken is a created API token; Secret is shown once and never stored.
type NewToken struct {
	Token  *Token
	Secret string
}

// CreateToken creates a write API token that never expires for username
// (see CreateTokenWith).
func (s *Service) CreateToken(ctx context.Context, username, name string) (*NewToken, error) {
	return s.CreateTokenWith(ctx, username, TokenInput{Name: name})
}

// CreateTokenWith creates an API token for username with in's name, scope
// and lifetime. The CLI calls it without an actor; on the pages users
// create their own and admins anyone's.
func (s *Service) CreateTokenWith(ctx context.Context, username string, in TokenInput) (*NewToken, error) {
	// A token cannot make tokens: that needs the password, so that a
	// token that leaks cannot outlive its own expiry.
	if explorer.SignedInByToken(ctx) {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "tokens are created with a password (HTTP Basic) or on the tokens page, not with a token")
	}
	if a := explorer.UserFromContext(ctx); a != nil && !a.IsAdmin() && a.Username != username {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "only admins may create tokens for other users")
	}
	name := strings.TrimSpace(in.Name)
	if err := explorer.CheckText("name", name); err != nil {
		return nil, err
	}
	if name == "" || len([]rune(name)) > 100 {
		return nil, explorer.Invalid("a token needs a name of 1 to 100 characters", explorer.FieldError{Field: "name", Message: "must be 1 to 100 characters"})
	}
	now := s.clock.Now()
	scope, expires, err := checkTokenInput(in, now)
	if err != nil {
		return nil, err
	}
	b, err := explorer.RandomBytes(s.random, 32)
	if err != nil {
		return nil, err
	}
	secret := tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	var t *Token
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		if err := s.root.CheckOwned(ctx, u.ID, explorer.OwnedTokens); err != nil {
			return err
		}
		t = &Token{UserID: u.ID, Name: name, Hash: hashSecret(secret), Created: now, Scope: scope, ExpiresAt: expires}
		if err := s.store.CreateToken(ctx, t); err != nil {
			return err
		}
		return s.audit(ctx, explorer.ActionTokenCreate, u.Username, "token "+strconv.FormatInt(t.ID, 10)+" ("+scope+", "+tokenExpiryText(expires)+")")
	})
	if err != nil {
		return nil, err
	}
	return &NewToken{Token: t, Secret: secret}, nil
}

// Tokens lists the signed-in user's API tokens.
func (s *Service) Tokens(ctx context.Context) ([]*Token, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.FindTokens(ctx, u.ID)
}

// RevokeToken deletes one of the signed-in user's API tokens.
func (s *Service) RevokeToken(ctx context.Context, id int64) error {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.DeleteToken(ctx, u.ID, id); err != nil {
			return err
		}
		return s.audit(ctx, explorer.ActionTokenRevoke, u.Username, "token "+strconv.FormatInt(id, 10))
	})
}
