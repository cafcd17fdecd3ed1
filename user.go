package explorer

import (
	"context"
	"time"
)

// User roles.
const (
	RoleAdmin = "admin"
	RoleUser  = "user"
)

// Account statuses.
const (
	StatusActive    = "active"
	StatusCancelled = "cancelled"
)

// User is a person or integration that signs in. Its Username is the userId
// of the interface.
type User struct {
	ID           int64
	Username     string
	PasswordHash string
	Role         string
	Status       string
	Created      time.Time
	// PasswordChanged changes whenever the password does; cached
	// credentials are valid only while it is unchanged.
	PasswordChanged time.Time
	// Disabled is when an admin disabled the user; nil while enabled. A
	// disabled user cannot sign in nor use the JSON interface.
	Disabled *time.Time
	// TokensRevoked counts the user's revoked API tokens; cached tokens
	// are valid only while it is unchanged.
	TokensRevoked int64
	// Source is where the user signs in: SourceLocal (PasswordHash), or a
	// company directory (SourceLDAP, SourceOIDC) that knows the person as
	// ExternalID.
	Source     string
	ExternalID string
	// Writes is the user's override of writes per minute as the store
	// read it with the user (FindUserByID, ByName, ByExternal: every
	// request reads its user), so that counting a write (SpendWrite)
	// reads no budget of its own; it lives as long as the request's user.
	Writes WritesOverride
	// Settings are the values the user has set, as the store read them
	// with the user where a page request reads its session
	// (FindSessionUser), so that showing its dates (Viewer) reads no
	// settings of their own; they live as long as the request's user.
	Settings SettingValues
}

// SettingValues are a user's set values read with the user: Read says
// they were, Values holds them (unset keys absent).
type SettingValues struct {
	Read   bool
	Values map[string]string
}

// WritesOverride is a user's override of writes per minute read with the
// user: Read says it was, Limit is the override (nil: the default).
type WritesOverride struct {
	Read  bool
	Limit *int
}

// Sign-in sources of a user.
const (
	SourceLocal = "local"
	SourceLDAP  = "ldap"
	SourceOIDC  = "oidc"
)

// IsAdmin reports whether the user may manage users.
func (u *User) IsAdmin() bool { return u != nil && u.Role == RoleAdmin }

// UserStore keeps users (their tokens, sessions and second factors are
// the identity domain's part of the store, identity.Store); a user's
// sessions end when an admin disables it or its password changes.
type UserStore interface {
	CreateUser(ctx context.Context, u *User) error
	FindUserByID(ctx context.Context, id int64) (*User, error)
	FindUserByName(ctx context.Context, username string) (*User, error)
	// FindUserByExternal returns the user a directory (SourceLDAP,
	// SourceOIDC) knows as id; ENOTFOUND when none.
	FindUserByExternal(ctx context.Context, source, id string) (*User, error)
	FindUsers(ctx context.Context) ([]*User, error)
	UpdateUserPassword(ctx context.Context, id int64, hash string, changed time.Time) error
	UpdateUserStatus(ctx context.Context, id int64, status string) error
	UpdateUserRole(ctx context.Context, id int64, role string) error
	UpdateUserDisabled(ctx context.Context, id int64, at *time.Time) error
	DeleteUser(ctx context.Context, id int64) error
	CountActiveAdmins(ctx context.Context) (int, error)
	CountUsers(ctx context.Context) (int, error)

	DeleteUserSessions(ctx context.Context, userID int64) error
}

// RelationStore reads manager relations: a managed user has one manager.
type RelationStore interface {
	// FindManager returns the manager of a user; ENOTFOUND when none.
	FindManager(ctx context.Context, userID int64) (*User, error)
	// FindManagedUsers lists the users a manager manages.
	FindManagedUsers(ctx context.Context, managerID int64) ([]*User, error)
}

type userKey struct{}

// WithUser returns a context carrying the authenticated user.
func WithUser(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// byTokenKey marks a context whose caller signed in with an API token.
type byTokenKey struct{}

// WithTokenSignIn marks ctx as signed in with an API token (not with a
// password or a session): such a caller may not make tokens.
func WithTokenSignIn(ctx context.Context) context.Context {
	return context.WithValue(ctx, byTokenKey{}, true)
}

// SignedInByToken reports whether ctx was marked by WithTokenSignIn.
func SignedInByToken(ctx context.Context) bool {
	by, _ := ctx.Value(byTokenKey{}).(bool)
	return by
}

// UserFromContext returns the authenticated user of ctx, or nil.
func UserFromContext(ctx context.Context) *User {
	u, _ := ctx.Value(userKey{}).(*User)
	return u
}

// Actor returns the authenticated user of ctx or an EUNAUTHORIZED error.
func Actor(ctx context.Context) (*User, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, Errorf(EUNAUTHORIZED, "authentication required")
	}
	return u, nil
}

// ActiveActor returns the authenticated user, or EFORBIDDEN when its
// account is cancelled: a cancelled account may only read its account,
// list the products and reactivate.
func ActiveActor(ctx context.Context) (*User, error) {
	u, err := Actor(ctx)
	if err != nil {
		return nil, err
	}
	if u.Status == StatusCancelled {
		return nil, Errorf(EFORBIDDEN, "your account is cancelled; reactivate it to make changes")
	}
	return u, nil
}
