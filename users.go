package explorer

import (
	"context"
	"time"
)

// NewUser is the input for creating a user.
type NewUser struct {
	Username string
	Password string
	Role     string
	// Email, when set, becomes the user's emailAddress setting: where
	// notifications are e-mailed.
	Email string
}

// AddUser creates a user. It is the CLI's way in and needs no actor.
func (s *Service) AddUser(ctx context.Context, in NewUser) (*User, error) {
	var u *User
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		u, err = s.addUser(ctx, in)
		return err
	})
	return u, err
}

// CreateUser creates a user on behalf of the signed-in admin.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (*User, error) {
	if err := s.requireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.AddUser(ctx, in)
}

func (s *Service) addUser(ctx context.Context, in NewUser) (*User, error) {
	if in.Role == "" {
		in.Role = RoleUser
	}
	if in.Role != RoleUser && in.Role != RoleAdmin {
		return nil, Invalid("role must be admin or user", FieldError{Field: "role", Message: "must be admin or user"})
	}
	in.Username = UsernameForm(in.Username)
	if err := ValidateUsername(in.Username); err != nil {
		return nil, err
	}
	if err := ValidatePassword(in.Password); err != nil {
		return nil, err
	}
	email, err := normalizeAddress(in.Email)
	if err != nil {
		return nil, Invalid("email "+err.Error(), FieldError{Field: "email", Message: err.Error()})
	}
	if _, err := s.store.FindUserByName(ctx, in.Username); err == nil {
		return nil, Errorf(ECONFLICT, "user %s already exists", in.Username)
	} else if ErrorCode(err) != ENOTFOUND {
		return nil, err
	}
	hash, err := s.hasher.Hash(in.Password)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	u := &User{Username: in.Username, PasswordHash: hash, Role: in.Role, Status: StatusActive, Created: now, PasswordChanged: now}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, err
	}
	if err := s.audit(ctx, ActionUserCreate, u.Username, "role "+u.Role); err != nil {
		return nil, err
	}
	if email != "" {
		if err := s.store.SaveSettings(ctx, u.ID, map[string]string{SettingEmailAddress: email}); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// Users lists all users, for admins.
func (s *Service) Users(ctx context.Context) ([]*User, error) {
	if err := s.requireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.store.FindUsers(ctx)
}

// FindUser returns a user by username.
func (s *Service) FindUser(ctx context.Context, username string) (*User, error) {
	return s.store.FindUserByName(ctx, username)
}

// SetPassword sets a user's password. The CLI calls it without an actor;
// on the pages an admin may set anyone's and a user its own. Cached
// credentials and sessions of other browsers die at once.
func (s *Service) SetPassword(ctx context.Context, username, password string) error {
	if a := UserFromContext(ctx); a != nil && !a.IsAdmin() && a.Username != username {
		return Errorf(EFORBIDDEN, "only admins may set other users' passwords")
	}
	if err := ValidatePassword(password); err != nil {
		return err
	}
	hash, err := s.hasher.Hash(password)
	if err != nil {
		return err
	}
	var id int64
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		if err := LocalPassword(u); err != nil {
			return err
		}
		id = u.ID
		changed := s.clock.Now()
		if !changed.After(u.PasswordChanged) {
			changed = u.PasswordChanged.Add(time.Millisecond)
		}
		if err := s.store.UpdateUserPassword(ctx, u.ID, hash, changed); err != nil {
			return err
		}
		if err := s.audit(ctx, ActionPasswordChange, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, u.ID)
	})
	if err != nil {
		return err
	}
	if s.credentials != nil {
		s.credentials.PasswordChanged(id, username)
	}
	return nil
}

func (s *Service) requireAdmin(ctx context.Context) error { return RequireAdmin(ctx) }

// RequireAdmin returns EFORBIDDEN unless the caller is an admin.
func RequireAdmin(ctx context.Context) error {
	u, err := Actor(ctx)
	if err != nil {
		return err
	}
	if !u.IsAdmin() {
		return Errorf(EFORBIDDEN, "only admins may manage users")
	}
	return nil
}

// AllUsers lists all users for the command line, which needs no actor.
func (s *Service) AllUsers(ctx context.Context) ([]*User, error) {
	return s.store.FindUsers(ctx)
}

// AdminName is the user the first start creates (identity's EnsureAdmin).
const AdminName = "admin"
