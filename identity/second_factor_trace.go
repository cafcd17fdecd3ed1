package identity

import (
	"context"
	"fmt"

	"explorer"
)

// A change of one's own second factor leaves a trace: the password is
// asked again, the user's other sessions end, the audit log records it
// (also a refused attempt) and the user is mailed. A recovery-code
// sign-in is recorded as such, with the codes left.

type sessionKey struct{}

// WithSession returns ctx carrying the hash of the caller's page session,
// which the changes that end a user's other sessions keep.
func WithSession(ctx context.Context, hash string) context.Context {
	return context.WithValue(ctx, sessionKey{}, hash)
}

// sessionFromContext returns the hash WithSession put in ctx, or "".
func sessionFromContext(ctx context.Context) string {
	h, _ := ctx.Value(sessionKey{}).(string)
	return h
}

// confirmPassword checks the signed-in caller's password again before a
// change of its second factor (action). A wrong one counts as a failed
// sign-in of the user and is recorded as a refused action.
func (s *Service) confirmPassword(ctx context.Context, u *explorer.User, password, action string) error {
	now := s.clock.Now()
	if err := s.throttled(u.Username, "", now); err != nil {
		return err
	}
	fresh, err := s.store.FindUserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	if err := LocalPassword(fresh); err != nil {
		return err
	}
	if err := s.comparePassword(ctx, fresh.PasswordHash, password); err != nil {
		if explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			return err
		}
		s.failed(u.Username, "", now)
		return s.refuseFactorChange(ctx, u, action, "wrong password",
			explorer.Invalid("the password is wrong", explorer.FieldError{Field: "password", Message: "is wrong"}))
	}
	return nil
}

// refuseFactorChange records a refused change of u's second factor and
// answers err, or the error of recording it.
func (s *Service) refuseFactorChange(ctx context.Context, u *explorer.User, action, reason string, err error) error {
	if aerr := s.root.Audit(ctx, explorer.AuditEvent{Action: action, Target: u.Username, Outcome: explorer.OutcomeFailure, Detail: reason}); aerr != nil {
		return aerr
	}
	return err
}

// factorChanged is the trace of a change of u's second factor, in the
// change's transaction: the user's other sessions end (the caller's stays),
// the audit log records it, the user is told by mail, and cached
// credentials stop serving on every instance.
func (s *Service) factorChanged(ctx context.Context, u *explorer.User, action string) error {
	if err := s.store.DeleteOtherSessions(ctx, u.ID, sessionFromContext(ctx)); err != nil {
		return err
	}
	if err := s.audit(ctx, action, u.Username, ""); err != nil {
		return err
	}
	if err := s.notifyFactorChange(ctx, u, action == explorer.ActionTwoFactorEnable); err != nil {
		return err
	}
	return s.touchPasswordChanged(ctx, u.ID)
}

// recoveryDetail is the detail of a recovery-code sign-in.
func recoveryDetail(left int) string {
	if left == 1 {
		return "1 recovery code left"
	}
	return fmt.Sprintf("%d recovery codes left", left)
}
