package identity

import (
	"context"
	"time"

	"explorer"
)

// pendingTTL is how long the code of a second factor is awaited after the
// password; pendingAttempts how many wrong codes end the wait (the
// password is asked again, throttled as ever).
const (
	pendingTTL      = 5 * time.Minute
	pendingAttempts = 5
)

// LoginSecondFactor completes a page sign-in whose password was right
// (Login answered a pending session, cookie) with a code of the user's
// authenticator app or one of their recovery codes. A code is accepted
// once: a TOTP code of a step already used, or a used recovery code, is
// refused. The pending session ends and a new one, with a new cookie,
// starts.
func (s *Service) LoginSecondFactor(ctx context.Context, cookie, code, addr string) (*NewSession, error) {
	u, use, err := s.verifySecondFactor(ctx, cookie, code, addr)
	name := ""
	if u != nil {
		name = u.Username
	}
	if err != nil {
		if aerr := s.signInOutcome(explorer.WithAddr(ctx, addr), SignInTOTP, name, err); aerr != nil {
			return nil, aerr
		}
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.store.DeleteSession(ctx, hashSecret(cookie)) }); err != nil {
		return nil, err
	}
	if !use.recovery {
		return s.startSession(explorer.WithAddr(ctx, addr), u, explorer.ActionSignInTOTP)
	}
	left, err := s.store.CountRecoveryCodes(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	ns, err := s.newSession(explorer.WithAddr(ctx, addr), u, false, explorer.ActionSignInRecovery, recoveryDetail(left))
	if ns != nil {
		ns.Recovery = true
	}
	return ns, err
}

// verifySecondFactor checks the code of a pending session; a wrong one is
// a failed sign-in, and the fifth ends the pending session.
func (s *Service) verifySecondFactor(ctx context.Context, cookie, code, addr string) (*explorer.User, factorUse, error) {
	var use factorUse
	sess, err := s.store.FindSession(ctx, hashSecret(cookie))
	now := s.clock.Now()
	if cookie == "" || explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && (!sess.Pending || !now.Before(sess.Expires))) {
		return nil, use, explorer.Errorf(explorer.EUNAUTHORIZED, "the sign-in has expired; enter your password again")
	}
	if err != nil {
		return nil, use, err
	}
	u, err := s.store.FindUserByID(ctx, sess.UserID)
	if err != nil {
		return nil, use, err
	}
	if err := s.throttled(u.Username, addr, now); err != nil {
		return u, use, err
	}
	if err := s.codeWait(u, now); err != nil {
		return u, use, err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.confirmedTOTP(ctx, u.ID)
		if err != nil || t == nil {
			return err
		}
		use, err = s.checkSecondFactor(ctx, t, code)
		return err
	})
	if err != nil {
		return u, use, err
	}
	if !use.ok {
		return u, use, s.wrongCode(ctx, sess, u, addr)
	}
	s.succeeded(u.Username, addr)
	u, err = usable(u)
	return u, use, err
}

// codeRefused answers a refused sign-in code. A code works once: one
// just typed to turn the second factor on is refused at sign-in until the
// app shows the next.
const codeRefused = "the code is wrong or was used already; a code works only once, so if you just used this one (to turn the second factor on, say), wait for the next code your app shows (a new one every 30 seconds)"

// wrongCode counts a wrong code against the pending session and the
// throttle.
func (s *Service) wrongCode(ctx context.Context, sess *Session, u *explorer.User, addr string) error {
	s.failed(u.Username, addr, s.clock.Now())
	if err := s.wrongCodeOfAccount(explorer.WithAddr(ctx, addr), u, s.clock.Now()); err != nil {
		return err
	}
	var n int
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		n, err = s.store.FailSessionAttempt(ctx, sess.Hash)
		if err == nil && n >= pendingAttempts {
			err = s.store.DeleteSession(ctx, sess.Hash)
		}
		return err
	})
	if err != nil {
		return err
	}
	if n >= pendingAttempts {
		return explorer.Errorf(explorer.EUNAUTHORIZED, "too many wrong codes; enter your password again")
	}
	return explorer.Errorf(explorer.EUNAUTHORIZED, "%s", codeRefused)
}
