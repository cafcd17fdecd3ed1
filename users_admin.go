package explorer

import (
	"context"
	"fmt"
	"strings"
)

// Holdings counts what a user owns or takes part in. A user with any is
// not deleted: deleting would silently take models, poles and projects
// from the people they are shared with, and a manager relation from the
// other side's billing.
type Holdings struct {
	Models, Poles, Projects, Relations int
}

// String names the holdings for a person, e.g. "2 models and 1 pole".
func (h Holdings) String() string {
	var parts []string
	add := func(n int, one, many string) {
		if n == 1 {
			parts = append(parts, "1 "+one)
		} else if n > 1 {
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(h.Models, "model", "models")
	add(h.Poles, "pole", "poles")
	add(h.Projects, "project", "projects")
	add(h.Relations, "manager relation", "manager relations")
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return strings.Join(parts, "")
}

// adminTarget loads the user an admin acts on in a transaction. The CLI
// calls without an actor (acting is nil); on the pages the actor must be
// an admin.
func (s *Service) adminTarget(ctx context.Context, username string) (target, acting *User, err error) {
	acting = UserFromContext(ctx)
	if acting != nil && !acting.IsAdmin() {
		return nil, nil, Errorf(EFORBIDDEN, "only admins may manage users")
	}
	target, err = s.store.FindUserByName(ctx, username)
	return target, acting, err
}

// keepsAnAdmin refuses a change that would leave no enabled admin.
func (s *Service) keepsAnAdmin(ctx context.Context, u *User, what string) error {
	if u.Role != RoleAdmin || u.Disabled != nil {
		return nil
	}
	n, err := s.store.CountActiveAdmins(ctx)
	if err != nil {
		return err
	}
	if n <= 1 {
		return Errorf(ECONFLICT, "%s is the last enabled admin and cannot be %s", u.Username, what)
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
			if err := s.audit(ctx, ActionUserEnable, u.Username, ""); err != nil {
				return err
			}
			return s.store.UpdateUserDisabled(ctx, u.ID, nil)
		}
		if u.Disabled != nil {
			return nil
		}
		if acting != nil && acting.ID == u.ID {
			return Invalid("you cannot disable yourself")
		}
		if err := s.keepsAnAdmin(ctx, u, "disabled"); err != nil {
			return err
		}
		now := s.clock.Now()
		if err := s.store.UpdateUserDisabled(ctx, u.ID, &now); err != nil {
			return err
		}
		if err := s.audit(ctx, ActionUserDisable, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, u.ID)
	})
	if err == nil {
		s.forgetCredentials(id)
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
			return Invalid("you cannot delete yourself")
		}
		if err := s.keepsAnAdmin(ctx, u, "deleted"); err != nil {
			return err
		}
		h, err := s.store.UserHoldings(ctx, u.ID)
		if err != nil {
			return err
		}
		if h != (Holdings{}) {
			return Errorf(ECONFLICT, "%s still has %s; delete them or disable the user instead", u.Username, h)
		}
		if err := s.audit(ctx, ActionUserDelete, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUser(ctx, u.ID)
	})
	if err == nil {
		s.forgetCredentials(id)
	}
	return err
}

// SetRole changes a user's role (admin or user). The last enabled admin
// keeps its role.
func (s *Service) SetRole(ctx context.Context, username, role string) error {
	if role != RoleUser && role != RoleAdmin {
		return Invalid("role must be admin or user", FieldError{Field: "role", Message: "must be admin or user"})
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		u, _, err := s.adminTarget(ctx, username)
		if err != nil || u.Role == role {
			return err
		}
		if err := s.keepsAnAdmin(ctx, u, "made a user"); err != nil {
			return err
		}
		if err := s.audit(ctx, ActionUserRole, u.Username, u.Role+" to "+role); err != nil {
			return err
		}
		return s.store.UpdateUserRole(ctx, u.ID, role)
	})
}

// LocalPassword refuses to set or check the password of a user who signs
// in through a company directory: that password is the directory's.
func LocalPassword(u *User) error {
	if u.Source != SourceLocal {
		return Invalid(u.Username+" signs in through the company directory, which keeps the password", FieldError{Field: "password", Message: "is kept by the company directory"})
	}
	return nil
}
