package identity

import (
	"context"
	"strings"
	"time"
	"unicode"

	"explorer"
)

// The users' accounts: adding them, listing them, their passwords and
// their e-mail addresses. The User record and its store part are the
// kernel's (explorer.User, explorer.UserStore).

// AdminName is the user the first start creates (EnsureAdmin).
const AdminName = "admin"

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
func (s *Service) AddUser(ctx context.Context, in NewUser) (*explorer.User, error) {
	var u *explorer.User
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		u, err = s.addUser(ctx, in)
		return err
	})
	return u, err
}

// CreateUser creates a user on behalf of the signed-in admin.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (*explorer.User, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.AddUser(ctx, in)
}

func (s *Service) addUser(ctx context.Context, in NewUser) (*explorer.User, error) {
	if in.Role == "" {
		in.Role = explorer.RoleUser
	}
	if in.Role != explorer.RoleUser && in.Role != explorer.RoleAdmin {
		return nil, explorer.Invalid("role must be admin or user", explorer.FieldError{Field: "role", Message: "must be admin or user"})
	}
	in.Username = explorer.UsernameForm(in.Username)
	if err := ValidateUsername(in.Username); err != nil {
		return nil, err
	}
	if err := ValidatePassword(in.Password); err != nil {
		return nil, err
	}
	email, err := emailAddress(in.Email)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.FindUserByName(ctx, in.Username); err == nil {
		return nil, explorer.Errorf(explorer.ECONFLICT, "user %s already exists", in.Username)
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return nil, err
	}
	hash, err := s.hasher.Hash(in.Password)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	u := &explorer.User{Username: in.Username, PasswordHash: hash, Role: in.Role, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, err
	}
	if err := s.audit(ctx, explorer.ActionUserCreate, u.Username, "role "+u.Role); err != nil {
		return nil, err
	}
	if email != "" {
		if err := s.store.SaveSettings(ctx, u.ID, map[string]string{explorer.SettingEmailAddress: email}); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// emailAddress checks an e-mail address given for a user and returns its
// canonical form, or the field's error.
func emailAddress(v string) (string, error) {
	addr, err := explorer.NormalizeAddress(v)
	if err != nil {
		return "", explorer.Invalid("email "+err.Error(), explorer.FieldError{Field: "email", Message: err.Error()})
	}
	return addr, nil
}

// Users lists all users, for admins.
func (s *Service) Users(ctx context.Context) ([]*explorer.User, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.store.FindUsers(ctx)
}

// AllUsers lists all users for the command line, which needs no actor.
func (s *Service) AllUsers(ctx context.Context) ([]*explorer.User, error) {
	return s.store.FindUsers(ctx)
}

// SetPassword sets a user's password. The CLI calls it without an actor;
// on the pages an admin may set anyone's and a user its own. Cached
// credentials and sessions of other browsers die at once.
func (s *Service) SetPassword(ctx context.Context, username, password string) error {
	if a := explorer.UserFromContext(ctx); a != nil && !a.IsAdmin() && a.Username != username {
		return explorer.Errorf(explorer.EFORBIDDEN, "only admins may set other users' passwords")
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
		if err := s.audit(ctx, explorer.ActionPasswordChange, u.Username, ""); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, u.ID)
	})
	if err == nil {
		s.PasswordChanged(id, username)
	}
	return err
}

// LocalPassword refuses to set or check the password of a user who signs
// in through a company directory: that password is the directory's.
func LocalPassword(u *explorer.User) error {
	if u.Source != explorer.SourceLocal {
		return explorer.Invalid(u.Username+" signs in through the company directory, which keeps the password", explorer.FieldError{Field: "password", Message: "is kept by the company directory"})
	}
	return nil
}

// UserEmail returns a user's emailAddress setting ("" when none); admins
// only.
func (s *Service) UserEmail(ctx context.Context, username string) (string, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return "", err
	}
	u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
	if err != nil {
		return "", err
	}
	values, err := s.store.FindSettings(ctx, u.ID)
	if err != nil {
		return "", err
	}
	return values[explorer.SettingEmailAddress], nil
}

// SetUserEmail sets a user's emailAddress setting, where notifications
// go; "" removes the address. Admins only; the address is checked as the
// Setting is.
func (s *Service) SetUserEmail(ctx context.Context, username, email string) error {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return err
	}
	addr, err := emailAddress(email)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
		if err != nil {
			return err
		}
		if err := s.store.SaveSettings(ctx, u.ID, map[string]string{explorer.SettingEmailAddress: addr}); err != nil {
			return err
		}
		return s.audit(ctx, explorer.ActionSettingsChange, u.Username, explorer.SettingEmailAddress)
	})
}

// MaxUsernameLen is the longest username, in bytes.
const MaxUsernameLen = 64

// ValidateUsername checks a new username: 1 to 64 characters of letters,
// digits and . _ - @.
func ValidateUsername(name string) error {
	if err := explorer.CheckText("username", name); err != nil {
		return err
	}
	if name == "" || len(name) > MaxUsernameLen {
		return explorer.Invalid("username must be 1 to 64 characters", explorer.FieldError{Field: "username", Message: "must be 1 to 64 characters"})
	}
	if explorer.ReservedName(name) {
		return explorer.Invalid("username "+name+" is reserved", explorer.FieldError{Field: "username", Message: "is reserved"})
	}
	for _, r := range name {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-@", r)) {
			return explorer.Invalid("username may hold only letters, digits and . _ - @", explorer.FieldError{Field: "username", Message: "may hold only letters, digits and . _ - @"})
		}
	}
	return nil
}

// ValidatePassword checks a new password: 8 to 128 characters.
func ValidatePassword(pw string) error {
	n := len([]rune(pw))
	if n < 8 || n > 128 {
		return explorer.Invalid("password must be 8 to 128 characters", explorer.FieldError{Field: "password", Message: "must be 8 to 128 characters"})
	}
	return nil
}
