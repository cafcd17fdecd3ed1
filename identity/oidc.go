package identity

import (
	"context"
	"crypto/subtle"

	"explorer"
)

// OIDCFlow is one OpenID Connect sign-in under way: the browser keeps
// State, Nonce and Verifier (the PKCE code verifier) between the start and
// the callback, and goes to URL.
type OIDCFlow struct {
	State, Nonce, Verifier string
	URL                    string
}

// OIDCName is the name of the OpenID provider ("" when none), for the
// sign-in page.
func (s *Service) OIDCName() string {
	if s.oidc == nil {
		return ""
	}
	return s.oidc.Name()
}

// StartOIDC begins an OpenID Connect sign-in with fresh random state,
// nonce and PKCE verifier.
func (s *Service) StartOIDC(ctx context.Context) (*OIDCFlow, error) {
	if s.oidc == nil {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "no OpenID provider is configured")
	}
	var f OIDCFlow
	for _, v := range []*string{&f.State, &f.Nonce, &f.Verifier} {
		var err error
		if *v, err = s.secret(32); err != nil {
			return nil, err
		}
	}
	url, err := s.oidc.AuthURL(ctx, f.State, f.Nonce, f.Verifier)
	if err != nil {
		return nil, err
	}
	f.URL = url
	return &f, nil
}

// FinishOIDC completes the sign-in flow started with StartOIDC when the
// provider sends the browser back with state and code: the state must be
// the flow's, the code is redeemed once, and the person is created or
// brought in line with the provider (role and e-mail) as a directory
// person is; then a session starts.
func (s *Service) FinishOIDC(ctx context.Context, flow OIDCFlow, state, code, addr string) (*NewSession, error) {
	u, err := s.verifyOIDC(ctx, flow, state, code, addr)
	name := ""
	if u != nil {
		name = u.Username
	}
	ctx = explorer.WithAddr(ctx, addr)
	if err != nil {
		if aerr := s.signInOutcome(ctx, SignInOIDC, name, err); aerr != nil {
			return nil, aerr
		}
		return nil, err
	}
	return s.startSession(ctx, u, explorer.ActionSignInOIDC)
}

func (s *Service) verifyOIDC(ctx context.Context, flow OIDCFlow, state, code, addr string) (*explorer.User, error) {
	if s.oidc == nil {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "no OpenID provider is configured")
	}
	now := s.clock.Now()
	if err := s.throttled("", addr, now); err != nil {
		return nil, err
	}
	if flow.State == "" || subtle.ConstantTimeCompare([]byte(flow.State), []byte(state)) != 1 || code == "" {
		s.failed("", addr, now)
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "this sign-in was not started here or has expired; start again")
	}
	p, err := s.oidc.Exchange(ctx, code, flow.Verifier, flow.Nonce)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EUNAUTHORIZED {
			s.failed("", addr, now)
		}
		return nil, err
	}
	u, err := s.syncPerson(ctx, p)
	if err != nil {
		// The refusal is recorded under the provider's name for the
		// person (a name of another account here, a reserved one).
		return &explorer.User{Username: p.Username}, err
	}
	return usable(u)
}
