package analysis

import "strings"

// TermKey is the identity of a term where a person lists terms (a pole's
// terms, a topic's terms, a model's ignore terms): trimmed and lower case,
// so that "Sun" and " sun" are the same term. It lives here, below the
// service layer, so that every package that tells terms apart can use it
// (explorer.TermKey is this function); wordspace's lookup key
// (wordspace.Fold) is this key with word separators as spaces, which its
// tests check.
func TermKey(term string) string {
	return strings.ToLower(strings.TrimSpace(term))
}
