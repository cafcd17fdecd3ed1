package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsWordSep tells whether r separates the words of a multiword term.
func IsWordSep(r rune) bool { return r == ' ' || r == '_' || r == '\u00a0' || r == '\t' }

// FoldRune maps a rune to its lookup form: lower case, and every word
// separator to a plain space.
func FoldRune(r rune) rune {
	if IsWordSep(r) {
		return ' '
	}
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return unicode.ToLower(r)
}

// Fold returns the lookup key of a word: lower case, separators as spaces.
func Fold(word string) string {
	var b strings.Builder
	b.Grow(len(word))
	for _, r := range word {
		b.WriteRune(FoldRune(r))
	}
	return b.String()
}
