package explorer

import (
	"strconv"
	"strings"
	"time"
)

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

// tokenScope is a stored scope, write when unknown or empty.
func tokenScope(scope string) string {
	if scope == TokenRead {
		return TokenRead
	}
	return TokenWrite
}

// checkTokenInput cleans in and answers the token's scope and expiry
// (nil: never) for a token made at now.
func checkTokenInput(in TokenInput, now time.Time) (string, *time.Time, error) {
	scope := strings.ToLower(strings.TrimSpace(in.Scope))
	switch scope {
	case "":
		scope = TokenWrite
	case TokenRead, TokenWrite:
	default:
		return "", nil, Invalid("a token's scope is read or write", FieldError{Field: "scope", Message: "must be read or write"})
	}
	for _, d := range TokenLifetimes {
		if d == in.Days {
			if d == 0 {
				return scope, nil, nil
			}
			at := now.AddDate(0, 0, d)
			return scope, &at, nil
		}
	}
	return "", nil, Invalid("a token expires after 30, 90 or 365 days, or never",
		FieldError{Field: "expiresInDays", Message: "must be 30, 90, 365 or 0 (never); got " + strconv.Itoa(in.Days)})
}

// Expired reports whether the token can no longer be used at now.
func (t *Token) Expired(now time.Time) bool {
	return t.ExpiresAt != nil && !tokenLive(*t.ExpiresAt, now)
}

// tokenExpiryText names a token's expiry for the audit log.
func tokenExpiryText(expires *time.Time) string {
	if expires == nil {
		return "never expires"
	}
	return "expires " + expires.UTC().Format(time.RFC3339)
}
