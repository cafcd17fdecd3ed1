package identity

import (
	"strconv"
	"strings"
	"time"

	"explorer"
)

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
		return "", nil, explorer.Invalid("a token's scope is read or write", explorer.FieldError{Field: "scope", Message: "must be read or write"})
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
	return "", nil, explorer.Invalid("a token expires after 30, 90 or 365 days, or never",
		explorer.FieldError{Field: "expiresInDays", Message: "must be 30, 90, 365 or 0 (never); got " + strconv.Itoa(in.Days)})
}

// tokenExpiryText names a token's expiry for the audit log.
func tokenExpiryText(expires *time.Time) string {
	if expires == nil {
		return "never expires"
	}
	return "expires " + expires.UTC().Format(time.RFC3339)
}
