package analysis

import (
	"hash/fnv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// cleanText prepares a text for finding topics: web addresses, e-mail
// addresses and file names are cut out (each leaves a break, so no phrase
// spans it), and so is an attribution line ("— Jane Doe", "-- the team").
func cleanText(t string) string {
	if !strings.ContainsAny(t, ".@:-—~\u2013") {
		return t
	}
	var b strings.Builder
	for i, line := range strings.Split(t, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if attribution(line) {
			continue
		}
		for j, f := range strings.Fields(line) {
			if j > 0 {
				b.WriteByte(' ')
			}
			if address(f) {
				b.WriteString("; ")
				continue
			}
			b.WriteString(f)
		}
	}
	return b.String()
}

// address reports whether a chunk of text between spaces is a web or
// e-mail address or a file or host name: it has "://", "www.", an @ before
// a dot, or a dot between two letters or digits ("setup.py").
func address(f string) bool {
	if strings.Contains(f, "://") || strings.HasPrefix(strings.ToLower(f), "www.") {
		return true
	}
	if at := strings.IndexByte(f, '@'); at > 0 && strings.IndexByte(f[at:], '.') > 0 {
		return true
	}
	f = strings.TrimRight(f, ".,;:!?)\"'")
	for i := 1; i+1 < len(f); i++ {
		if f[i] == '.' && isAlnumByte(f[i-1]) && isAlnumByte(f[i+1]) {
			return true
		}
	}
	return false
}

func isAlnumByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// attribution reports whether a line names who said a text: a dash or a
// tilde then at most five words.
func attribution(line string) bool {
	l := strings.TrimSpace(line)
	for _, p := range []string{"--", "—", "\u2013", "~", "- "} {
		if rest, ok := strings.CutPrefix(l, p); ok {
			return len(strings.Fields(rest)) <= 5
		}
	}
	return false
}

// textKey is the identity of a text among near-duplicates: a hash of its
// letters, lower case, so that texts differing only in case, spaces,
// punctuation or numbers are one text.
func textKey(t string) uint64 {
	h := fnv.New64a()
	var buf [utf8.UTFMax]byte
	for _, r := range t {
		if !unicode.IsLetter(r) {
			continue
		}
		n := utf8.EncodeRune(buf[:], unicode.ToLower(r))
		h.Write(buf[:n])
	}
	return h.Sum64()
}

// distinctTexts streams the texts of texts once each, near-duplicates
// (textKey) and texts without a letter left out, cleaned (cleanText).
func distinctTexts(texts Texts) Texts {
	return func(fn func(string)) error {
		seen := map[uint64]struct{}{}
		return texts(func(t string) {
			k := textKey(t)
			if _, ok := seen[k]; ok {
				return
			}
			seen[k] = struct{}{}
			fn(cleanText(t))
		})
	}
}

// TextKey is the identity of a text among near-duplicates, as exploring
// counts texts once: texts differing only in case, spaces, punctuation or
// numbers have one key.
func TextKey(t string) uint64 { return textKey(t) }
