package identity

import (
	"context"

	"explorer"
)

// An admin's operations on the users' sign-ins: disabling, deleting and
// the role. The users and their records are the kernel's; the identity
// forgets their cached credentials when their sign-ins end.

// adminTarget loads the user an admin acts on in a transaction. The CLI
// calls without an actor (acting is nil); on the pages the actor must be
// an admin.
func (s *Service) adminTarget(ctx context.Context, username string) (target, acting *explorer.User, err error) {
	acting = explorer.UserFromContext(ctx)
	if acting != nil && !acting.IsAdmin() {
		return nil, nil, explorer.Errorf(explorer.EFORBIDDEN, "only admins may manage users")
	}
	target, err = s.store.FindUserByName(ctx, username)
	return target, acting, err
}

// keepsAnAdmin refuses a change that would leave no enabled admin.
func (s *Service) keepsAnAdmin(ctx context.Context, u *explorer.User, what string) error {
	if u.Role != explorer.RoleAdmin || u.Disabled != nil {
		return nil
	}
	n, err := s.store.CountActiveAdmins(ctx)
	if err != nil {
		return err
	}
	if n <= 1 {
		return explorer.Errorf(explorer.ECONFLICT, "%s is the last enabled admin and cannot be %s", u.Username, what)
	}
	return nil
}

// SetUserDisabled disables or enables a user. A disabled user's sessions
// end at once and its password and tokens stop working; its data stays.
// Admins cannot disable themselves nor the last enabled admin.
func (s *Service) SetUserDisabled(ctx context.Context, username string, disabled bool) error {
	var id int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, acting, err := s.adminTarget(ctx, username)
		if err != nil {
			return err
		}
		id = u.ID
		if !disabled {
			if u.Disabled == nil {
				return nil
			}
			if err := s.audit(ctx, explorer.ActionUserEnable, u.Username, ""); err != nil {
				return err
			}
			return s.store.UpdateUserDisabled(ctx, u.ID, nil)
		}
		if u.Disabled != nil {
			return nil
		}
		if acting != nil && acting.ID == u.ID {
			return explorer.Invalid("you cannot disable yourself")
		}
		if err := s.keepsAnAdmin(ctx, u, "disabled"); err != nil {
			return err
		}
		now := s.clock.Now()
		if err := s.store.UpdateUserDisabled(ctx, u.ID, &now); err != nil {
			return err
		}
		if err := s.audit(ctx, explorer.ActionUserDisable, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, u.ID)
	})
	if err == nil {
		s.ForgetUser(id)
	}
	return err
}

// DeleteUser removes a user with its tokens, sessions and settings. It is
// refused while the user owns models, poles or projects or takes part in
// a manager relation (see Holdings), for admins deleting themselves and
// for the last enabled admin.
func (s *Service) DeleteUser(ctx context.Context, username string) error {
	var id int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, acting, err := s.adminTarget(ctx, username)
		if err != nil {
			return err
		}
		id = u.ID
		if acting != nil && acting.ID == u.ID {
			return explorer.Invalid("you cannot delete yourself")
		}
		if err := s.keepsAnAdmin(ctx, u, "deleted"); err != nil {
			return err
		}
		h, err := s.store.UserHoldings(ctx, u.ID)
		if err != nil {
			return err
		}
		if h != (Holdings{}) {
			return explorer.Errorf(explorer.ECONFLICT, "%s still has %s; delete them or disable the user instead", u.Username, h)
		}
		if err := s.audit(ctx, explorer.ActionUserDelete, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUser(ctx, u.ID)
	})
	if err == nil {
		s.ForgetUser(id)
	}
	return err
}

// SetRole changes a user's role (admin or user). The last enabled admin
// keeps its role.
func (s *Service) SetRole(ctx context.Context, username, role string) error {
	if role != explorer.RoleUser && role != explorer.RoleAdmin {
		return explorer.Invalid("role must be admin or user", explorer.FieldError{Field: "role", Message: "must be admin or user"})
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		u, _, err := s.adminTarget(ctx, username)
		if err != nil || u.Role == role {
			return err
		}
		if err := s.keepsAnAdmin(ctx, u, "made a user"); err != nil {
			return err
		}
		if err := s.audit(ctx, explorer.ActionUserRole, u.Username, u.Role+" to "+role); err != nil {
			return err
		}
		return s.store.UpdateUserRole(ctx, u.ID, role)
	})
}
