package explorer

import (
	"context"
	"time"
)

// DirectoryPerson is a person as a company directory (LDAP or OpenID
// Connect) describes them after verifying who they are.
type DirectoryPerson struct {
	// Source is SourceLDAP or SourceOIDC.
	Source string
	// ID is the directory's stable name of the person: the LDAP entry's
	// DN, or the OpenID issuer and subject.
	ID string
	// Username is the name the person is known by here when first seen.
	Username string
	// Email is the person's address in the directory ("" when none).
	Email string
	// Admin reports whether the person is in the directory's admin group.
	Admin bool
}

// Directory verifies usernames and passwords against a company directory
// (LDAP). Verify answers EUNAUTHORIZED when the directory has no such
// person or the password is wrong, and EUNAVAILABLE when the directory
// does not answer in time or cannot be used; its messages never hold the
// password nor the directory's own credentials.
type Directory interface {
	Verify(ctx context.Context, username, password string) (*DirectoryPerson, error)
}

// verifyDirectory asks the directory about a username and password that no
// local account answers for, and brings the local person in line with
// what the directory says. Failures count as failed sign-ins, except a
// directory that does not answer: that is nobody's wrong password.
func (s *Service) verifyDirectory(ctx context.Context, username, password, addr string, now time.Time) (*User, error) {
	p, err := s.directory.Verify(ctx, username, password)
	if err != nil {
		if ErrorCode(err) == EUNAUTHORIZED {
			s.failed(username, addr, now)
			return nil, Errorf(EUNAUTHORIZED, "invalid credentials")
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
func (s *Service) syncPerson(ctx context.Context, p *DirectoryPerson) (*User, error) {
	role := RoleUser
	if p.Admin {
		role = RoleAdmin
	}
	email, err := normalizeAddress(p.Email)
	if err != nil {
		s.log.Warn("directory e-mail address ignored", "source", p.Source, "user", p.Username, "err", err)
		email = ""
	}
	u, err := s.syncOnce(ctx, p, role, email)
	if ErrorCode(err) == ECONFLICT {
		// Another instance created the person at the same moment.
		u, err = s.syncOnce(ctx, p, role, email)
	}
	return u, err
}

// syncOnce is syncPerson's transaction.
func (s *Service) syncOnce(ctx context.Context, p *DirectoryPerson, role, email string) (*User, error) {
	var out *User
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByExternal(ctx, p.Source, p.ID)
		if ErrorCode(err) == ENOTFOUND {
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
func (s *Service) createDirectoryUser(ctx context.Context, p *DirectoryPerson, role string) (*User, error) {
	p.Username = UsernameForm(p.Username)
	if err := ValidateUsername(p.Username); err != nil {
		return nil, Errorf(EFORBIDDEN, "the directory's user name cannot be used here: %s", ErrorMessage(err))
	}
	// Compared in the canonical form: ADMIN from a directory is not a
	// second user beside the local admin.
	if _, err := s.store.FindUserByName(ctx, p.Username); err == nil {
		return nil, Errorf(EFORBIDDEN, "the name %s belongs to another account here; ask an administrator", p.Username)
	} else if ErrorCode(err) != ENOTFOUND {
		return nil, err
	}
	now := s.clock.Now()
	u := &User{Username: p.Username, Role: role, Status: StatusActive, Created: now, PasswordChanged: now, Source: p.Source, ExternalID: p.ID}
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
	if values[SettingEmailAddress] == email {
		return nil
	}
	return s.store.SaveSettings(ctx, userID, map[string]string{SettingEmailAddress: email})
}
