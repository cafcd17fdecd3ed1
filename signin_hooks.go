package explorer

import (
	"context"
	"time"
)

// CredentialCache is the identity domain's memory of verified passwords
// and tokens (package identity). The kernel's user operations that end a
// user's sign-ins tell it, on this instance, after their transaction
// committed; the other instances see the change in the user's row.
type CredentialCache interface {
	// ForgetUser drops the cached credentials of a user disabled or
	// deleted.
	ForgetUser(userID int64)
	// PasswordChanged drops the cached credentials of a user whose
	// password changed, and the first start's password file when that
	// user is AdminName.
	PasswordChanged(userID int64, username string)
}

// SetCredentialCache hands the Service the identity domain's credential
// cache; without one (a root Service alone) there is nothing to forget.
func (s *Service) SetCredentialCache(c CredentialCache) { s.credentials = c }

// forgetCredentials drops the cached credentials of a user.
func (s *Service) forgetCredentials(userID int64) {
	if s.credentials != nil {
		s.credentials.ForgetUser(userID)
	}
}

// The per-account limits of signing in (account_limits.go) and the
// per-address throttle (throttle.go), as the identity domain asks them.

// AccountWait refuses an attempt at username's password from addr while
// its account waits after its wrong passwords.
func (s *Service) AccountWait(ctx context.Context, username, addr string, now time.Time) error {
	return s.accountWait(ctx, username, addr, now)
}

// AccountFailed counts a wrong password of the account of username.
func (s *Service) AccountFailed(username string, now time.Time) {
	s.accountFails.fail(UsernameKey(username), now)
}

// CodeWait refuses a second-factor code of u while its account has had
// too many wrong codes within the hour.
func (s *Service) CodeWait(u *User, now time.Time) error { return s.codeWait(u, now) }

// WrongCodeOfAccount counts a wrong code against u's account; the one
// that reaches the limit is recorded and mailed to u.
func (s *Service) WrongCodeOfAccount(ctx context.Context, u *User, now time.Time) error {
	return s.wrongCodeOfAccount(ctx, u, now)
}
