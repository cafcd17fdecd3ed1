package language

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Bare strips the diacritics of Latin letters from a folded word
// ("agilität" → "agilitat", "déjà" → "deja"): the form tonality's stem
// lexicons are keyed by, and the form in which the fuller function-word
// lists hold some words. Other scripts keep their marks (Cyrillic "й").
func Bare(w string) string {
	if IsASCII(w) {
		return w
	}
	d := norm.NFD.String(w)
	var b strings.Builder
	var prev rune
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) && prev < 0x250 {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return norm.NFC.String(b.String())
}

// IsASCII reports whether s is all ASCII: the fast path of folding.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
