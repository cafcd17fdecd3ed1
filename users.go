package explorer

import (
	"context"
	"encoding/base64"
	"strconv"
	"strings"
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

// EnsureAdmin creates the user admin with password when the database has
// no users yet. It reports whether it created it. An empty password makes a
// random one, returned so that it can be shown on a terminal, and written
// to Options.InitialPasswordFile when that is set. Instances starting at
// once on one empty database create it once: the one whose insert loses on
// the unique username finds the users there and creates nothing.
func (s *Service) EnsureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	created, pw, err = s.ensureAdmin(ctx, password)
	if ErrorCode(err) != ECONFLICT {
		return created, pw, err
	}
	if password == "" {
		// The file written before the lost commit holds no one's password.
		s.forgetInitialPassword("another instance created admin")
	}
	if n, cerr := s.store.CountUsers(ctx); cerr != nil || n == 0 {
		return false, "", err
	}
	return false, "", nil
}

func (s *Service) ensureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		n, err := s.store.CountUsers(ctx)
		if err != nil || n > 0 {
			return err
		}
		pw = password
		if pw == "" {
			b, err := randomBytes(s.random, 12)
			if err != nil {
				return err
			}
			pw = base64.RawURLEncoding.EncodeToString(b)
		}
		if _, err := s.addUser(ctx, NewUser{Username: AdminName, Password: pw, Role: RoleAdmin}); err != nil {
			return err
		}
		created = true
		if password != "" {
			return nil
		}
		// Written before the commit: no admin whose password is nowhere.
		return s.writeInitialPassword(pw)
	})
	return created, pw, err
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
		if err := localPassword(u); err != nil {
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
	s.credentials.forgetUser(id)
	if username == AdminName {
		s.forgetInitialPassword("the password of admin was changed")
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

// NewToken is a created API token; Secret is shown once and never stored.
type NewToken struct {
	Token  *Token
	Secret string
}

// CreateToken creates a write API token that never expires for username
// (see CreateTokenWith).
func (s *Service) CreateToken(ctx context.Context, username, name string) (*NewToken, error) {
	return s.CreateTokenWith(ctx, username, TokenInput{Name: name})
}

// CreateTokenWith creates an API token for username with in's name, scope
// and lifetime. The CLI calls it without an actor; on the pages users
// create their own and admins anyone's.
func (s *Service) CreateTokenWith(ctx context.Context, username string, in TokenInput) (*NewToken, error) {
	// A token cannot make tokens: that needs the password, so that a
	// token that leaks cannot outlive its own expiry.
	if signedInByToken(ctx) {
		return nil, Errorf(EFORBIDDEN, "tokens are created with a password (HTTP Basic) or on the tokens page, not with a token")
	}
	if a := UserFromContext(ctx); a != nil && !a.IsAdmin() && a.Username != username {
		return nil, Errorf(EFORBIDDEN, "only admins may create tokens for other users")
	}
	name := strings.TrimSpace(in.Name)
	if err := CheckText("name", name); err != nil {
		return nil, err
	}
	if name == "" || len([]rune(name)) > 100 {
		return nil, Invalid("a token needs a name of 1 to 100 characters", FieldError{Field: "name", Message: "must be 1 to 100 characters"})
	}
	now := s.clock.Now()
	scope, expires, err := checkTokenInput(in, now)
	if err != nil {
		return nil, err
	}
	b, err := randomBytes(s.random, 32)
	if err != nil {
		return nil, err
	}
	secret := tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	var t *Token
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		if err := s.CheckOwned(ctx, u.ID, OwnedTokens); err != nil {
			return err
		}
		t = &Token{UserID: u.ID, Name: name, Hash: hashSecret(secret), Created: now, Scope: scope, ExpiresAt: expires}
		if err := s.store.CreateToken(ctx, t); err != nil {
			return err
		}
		return s.audit(ctx, ActionTokenCreate, u.Username, "token "+strconv.FormatInt(t.ID, 10)+" ("+scope+", "+tokenExpiryText(expires)+")")
	})
	if err != nil {
		return nil, err
	}
	return &NewToken{Token: t, Secret: secret}, nil
}

// Tokens lists the signed-in user's API tokens.
func (s *Service) Tokens(ctx context.Context) ([]*Token, error) {
	u, err := Actor(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.FindTokens(ctx, u.ID)
}

// RevokeToken deletes one of the signed-in user's API tokens.
func (s *Service) RevokeToken(ctx context.Context, id int64) error {
	u, err := Actor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.DeleteToken(ctx, u.ID, id); err != nil {
			return err
		}
		return s.audit(ctx, ActionTokenRevoke, u.Username, "token "+strconv.FormatInt(id, 10))
	})
}

// AllUsers lists all users for the command line, which needs no actor.
func (s *Service) AllUsers(ctx context.Context) ([]*User, error) {
	return s.store.FindUsers(ctx)
}
