package identity

import "time"

// The records of the identity's part of the store (TokenStore,
// SessionStore, SecondFactorStore): API tokens, page sessions and second
// factors.

// Token is an API token; only a hash of its secret is stored.
type Token struct {
	ID       int64
	UserID   int64
	Name     string
	Hash     string
	Created  time.Time
	LastUsed *time.Time
	// Scope is TokenRead (GET and HEAD only) or TokenWrite.
	Scope string
	// ExpiresAt is when the token stops working; nil: never.
	ExpiresAt *time.Time
	// UserRevoked is the user's TokensRevoked when the token was read
	// (FindTokenByHash only).
	UserRevoked int64
}

// Session is a signed-in browser session of the admin pages.
type Session struct {
	// Hash is the hash of the cookie value; the value itself is not stored.
	Hash    string
	UserID  int64
	CSRF    string
	Created time.Time
	Expires time.Time
	// Pending is a session whose password was verified and whose second
	// factor is awaited; it signs nobody in. Attempts counts its wrong
	// codes.
	Pending  bool
	Attempts int
}

// TOTP is a local user's second factor (RFC 6238: SHA-1, 6 digits, 30 s).
type TOTP struct {
	UserID int64
	// Secret is the base32 shared secret.
	Secret string
	// Confirmed is when the user proved their app holds the secret; nil
	// while being set up.
	Confirmed *time.Time
	// LastStep is the newest 30-second step whose code was accepted.
	LastStep int64
}

// Token scopes: a read token may only read (GET and HEAD in the JSON
// interface); a write token may do whatever its user may. Tokens made
// before scopes existed are write tokens.
const (
	TokenRead  = "read"
	TokenWrite = "write"
)

// TokenLifetimes are the expiries a new token may have, in days; 0 means
// it never expires.
var TokenLifetimes = []int{30, 90, 365, 0}

// TokenInput is what a new API token is made of: a name, a scope (empty:
// write) and a lifetime in days from TokenLifetimes (0: never expires).
type TokenInput struct {
	Name  string
	Scope string
	Days  int
}

// Expired reports whether the token can no longer be used at now.
func (t *Token) Expired(now time.Time) bool {
	return t.ExpiresAt != nil && !TokenLive(*t.ExpiresAt, now)
}

// TokenLive reports whether a token expiring at expires (zero: never) may
// still be used at now.
func TokenLive(expires, now time.Time) bool {
	return expires.IsZero() || now.Before(expires)
}
