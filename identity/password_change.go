package identity

import (
	"context"

	"explorer"
)

// ChangeOwnPassword sets the caller's password after checking its current
// one. Wrong current passwords count as failed sign-ins (throttled). All
// the user's sessions end, as with every password change.
func (s *Service) ChangeOwnPassword(ctx context.Context, current, next string) error {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	if err := s.throttled(u.Username, "", now); err != nil {
		return err
	}
	if err := ValidatePassword(next); err != nil {
		return explorer.Invalid("new password must be 8 to 128 characters", explorer.FieldError{Field: "new", Message: "must be 8 to 128 characters"})
	}
	fresh, err := s.store.FindUserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	if err := LocalPassword(fresh); err != nil {
		return err
	}
	if err := s.comparePassword(ctx, fresh.PasswordHash, current); err != nil {
		if explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			return err
		}
		s.failed(u.Username, "", now)
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionPasswordChange, Target: u.Username, Outcome: explorer.OutcomeFailure, Detail: "wrong current password"}); err != nil {
			return err
		}
		return explorer.Invalid("the current password is wrong", explorer.FieldError{Field: "current", Message: "is wrong"})
	}
	return s.SetPassword(ctx, u.Username, next)
}

// usable refuses a disabled user after its credentials were verified.
func usable(u *explorer.User) (*explorer.User, error) {
	if u.Disabled != nil {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "user %s is disabled; ask an administrator", u.Username)
	}
	return u, nil
}
