package explorer

import "time"

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
