package identity

import (
	"context"
	"time"

	"explorer"
)

// verifyDirectory asks the directory about a username and password that no
// local account answers for, and brings the local person in line with
// what the directory says. Failures count as failed sign-ins, except a
// directory that does not answer: that is nobody's wrong password.
func (s *Service) verifyDirectory(ctx context.Context, username, password, addr string, now time.Time) (*explorer.User, error) {
	p, err := s.directory.Verify(ctx, username, password)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EUNAUTHORIZED {
			s.failed(username, addr, now)
			return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
		}
		return nil, err
	}
	u, err := s.syncPerson(ctx, p)
	if err != nil {
		return nil, err
	}
	s.succeeded(username, addr)
	return u, nil
}

// syncPerson finds the local user of a directory person, creating it on
// the first sign-in, and sets its role and e-mail address to the
// directory's. The person keeps their id, and so what they own, as long as
// the directory knows them by the same ID.
func (s *Service) syncPerson(ctx context.Context, p *explorer.DirectoryPerson) (*explorer.User, error) {
	role := explorer.RoleUser
	if p.Admin {
		role = explorer.RoleAdmin
	}
	email, err := explorer.NormalizeAddress(p.Email)
	if err != nil {
		s.log.Warn("directory e-mail address ignored", "source", p.Source, "user", p.Username, "err", err)
		email = ""
	}
	u, err := s.syncOnce(ctx, p, role, email)
	if explorer.ErrorCode(err) == explorer.ECONFLICT {
		// Another instance created the person at the same moment.
		u, err = s.syncOnce(ctx, p, role, email)
	}
	return u, err
}

// syncOnce is syncPerson's transaction.
func (s *Service) syncOnce(ctx context.Context, p *explorer.DirectoryPerson, role, email string) (*explorer.User, error) {
	var out *explorer.User
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByExternal(ctx, p.Source, p.ID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			u, err = s.createDirectoryUser(ctx, p, role)
		}
		if err != nil {
			return err
		}
		if u.Role != role {
			if err := s.store.UpdateUserRole(ctx, u.ID, role); err != nil {
				return err
			}
			u.Role = role
		}
		out = u
		return s.syncEmail(ctx, u.ID, email)
	})
	return out, err
}

// createDirectoryUser creates the local user of a directory person seen
// for the first time. Its password hash is empty: it never signs in with a
// local password.
func (s *Service) createDirectoryUser(ctx context.Context, p *explorer.DirectoryPerson, role string) (*explorer.User, error) {
	p.Username = explorer.UsernameForm(p.Username)
	if err := ValidateUsername(p.Username); err != nil {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "the directory's user name cannot be used here: %s", explorer.ErrorMessage(err))
	}
	// Compared in the canonical form: ADMIN from a directory is not a
	// second user beside the local admin.
	if _, err := s.store.FindUserByName(ctx, p.Username); err == nil {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "the name %s belongs to another account here; ask an administrator", p.Username)
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return nil, err
	}
	now := s.clock.Now()
	u := &explorer.User{Username: p.Username, Role: role, Status: explorer.StatusActive, Created: now, PasswordChanged: now, Source: p.Source, ExternalID: p.ID}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// syncEmail sets a user's emailAddress setting to the directory's address
// when they differ ("" removes it).
func (s *Service) syncEmail(ctx context.Context, userID int64, email string) error {
	values, err := s.store.FindSettings(ctx, userID)
	if err != nil {
		return err
	}
	if values[explorer.SettingEmailAddress] == email {
		return nil
	}
	return s.store.SaveSettings(ctx, userID, map[string]string{explorer.SettingEmailAddress: email})
}
