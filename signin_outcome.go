package explorer

import "context"

// Sign-in methods, as a sign-in's outcome names them.
const (
	SignInPassword = "password"
	SignInToken    = "token"
	SignInLDAP     = "ldap"
	SignInOIDC     = "oidc"
	SignInTOTP     = "totp"
)

// signInOutcome is the one place where the outcome of a sign-in attempt
// is known, for every method: a verified password (local or LDAP), an
// OpenID Connect callback, a second factor. err nil is a success. It is
// where the audit log records sign-ins; until then it writes a debug line
// (the username, never a secret).
func (s *Service) signInOutcome(ctx context.Context, method, username, addr string, err error) {
	if err == nil {
		s.log.DebugContext(ctx, "sign-in", "method", method, "user", username, "addr", addr, "outcome", "success")
		return
	}
	s.log.DebugContext(ctx, "sign-in", "method", method, "user", username, "addr", addr, "outcome", ErrorCode(err))
}
