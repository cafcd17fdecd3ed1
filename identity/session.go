package identity

import (
	"context"
	"encoding/base64"

	"explorer"
)

// DefaultMaxSessions is how many page sessions one user keeps (a few
// browsers and devices); signing in again ends the oldest past it, so a
// flood of sign-ins keeps as many rows.
const DefaultMaxSessions = 10

// NewSession is a started page session: Cookie is the secret cookie value.
// When SecondFactor is set the session is pending: the password was right
// and the code of the second factor is awaited (LoginSecondFactor).
type NewSession struct {
	Cookie       string
	Session      *Session
	User         *explorer.User
	SecondFactor bool
	// Recovery is a sign-in with a recovery code.
	Recovery bool
}

// Login verifies a username and password from the sign-in form and starts
// a session. A directory user's page sign-in always asks the directory.
func (s *Service) Login(ctx context.Context, username, password, addr string) (*NewSession, error) {
	ctx = explorer.WithAddr(ctx, addr)
	u, err := s.authenticatePassword(ctx, username, password, addr, false)
	if err != nil {
		return nil, err
	}
	t, err := s.confirmedTOTP(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if t != nil {
		return s.newSession(ctx, u, true, passwordAction(u), "")
	}
	return s.startSession(ctx, u, passwordAction(u))
}

// startSession starts a page session of a verified user; the audit log
// records the sign-in (action) with the session it starts.
func (s *Service) startSession(ctx context.Context, u *explorer.User, action string) (*NewSession, error) {
	return s.newSession(ctx, u, false, action, "")
}

// newSession starts a session, pending (for 5 minutes, awaiting the
// second factor) or signed in, and records the sign-in as action with
// detail.
func (s *Service) newSession(ctx context.Context, u *explorer.User, pending bool, action, detail string) (*NewSession, error) {
	cookie, err := s.secret(32)
	if err != nil {
		return nil, err
	}
	csrf, err := s.secret(32)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	sess := &Session{Hash: hashSecret(cookie), UserID: u.ID, CSRF: csrf, Created: now, Expires: now.Add(s.sessionTTL), Pending: pending}
	if pending {
		sess.Expires = now.Add(pendingTTL)
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.DeleteExpiredSessions(ctx, now); err != nil {
			return err
		}
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: action, Actor: u.Username, Detail: detail}); err != nil {
			return err
		}
		if err := s.store.CreateSession(ctx, sess); err != nil {
			return err
		}
		return s.store.TrimUserSessions(ctx, u.ID, s.maxSessions, sess.Hash)
	})
	if err != nil {
		return nil, err
	}
	return &NewSession{Cookie: cookie, Session: sess, User: u, SecondFactor: pending}, nil
}

// SessionUser returns the session of a cookie value and its user.
func (s *Service) SessionUser(ctx context.Context, cookie string) (*Session, *explorer.User, error) {
	if cookie == "" {
		return nil, nil, explorer.Errorf(explorer.EUNAUTHORIZED, "not signed in")
	}
	sess, u, err := s.store.FindSessionUser(ctx, hashSecret(cookie))
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return nil, nil, explorer.Errorf(explorer.EUNAUTHORIZED, "not signed in")
	}
	if err != nil {
		return nil, nil, err
	}
	if !s.clock.Now().Before(sess.Expires) {
		return nil, nil, explorer.Errorf(explorer.EUNAUTHORIZED, "session expired")
	}
	if sess.Pending {
		return nil, nil, explorer.Errorf(explorer.EUNAUTHORIZED, "not signed in: the second factor is awaited")
	}
	if u.Disabled != nil {
		return nil, nil, explorer.Errorf(explorer.EUNAUTHORIZED, "user disabled")
	}
	return sess, u, nil
}

// Logout ends the session of a cookie value.
func (s *Service) Logout(ctx context.Context, cookie string) error {
	return s.store.InTx(ctx, func(ctx context.Context) error {
		return s.store.DeleteSession(ctx, hashSecret(cookie))
	})
}

func (s *Service) secret(n int) (string, error) {
	b, err := explorer.RandomBytes(s.random, n)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// NewFormToken returns a random token for a form shown before sign-in.
func (s *Service) NewFormToken() (string, error) { return s.secret(24) }

// LoginAfterPasswordChange starts a new session for the signed-in caller
// with their new password, after the change ended all their sessions.
// They proved their second factor when they signed in, so it is not asked
// again.
func (s *Service) LoginAfterPasswordChange(ctx context.Context, password, addr string) (*NewSession, error) {
	a, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.authenticatePassword(ctx, a.Username, password, addr, false)
	if err != nil {
		return nil, err
	}
	if u.ID != a.ID {
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "not signed in")
	}
	return s.startSession(ctx, u, passwordAction(u))
}
