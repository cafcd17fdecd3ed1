package main

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// The test set: the translated messages of the gettext catalogs Debian's
// packages install in /usr/share/locale/LANG/LC_MESSAGES (coreutils, apt,
// glib, gtk, bash, tar, …), and their English originals. Neither detector
// was made from them: lingua-go's models come from news and web corpora.
// Catalogs of names (iso_*: languages, countries, currencies; keyboard
// layouts) are left out. A message belongs to the development half or the
// test half by a hash of its English original, so the two never share a
// message; thresholds were chosen on the development half.

// testLangs are the languages measured: the product's code and the
// catalog folders holding it.
var testLangs = []struct {
	code string
	dirs []string
}{
	{"EN", nil}, {"SV", []string{"sv"}}, {"DE", []string{"de"}}, {"FR", []string{"fr"}},
	{"ES", []string{"es"}}, {"DA", []string{"da"}}, {"NO", []string{"nb", "nn"}},
	{"IT", []string{"it"}}, {"PT", []string{"pt", "pt_BR"}}, {"NL", []string{"nl"}},
	{"FI", []string{"fi"}}, {"PL", []string{"pl"}},
}

var skipCatalog = regexp.MustCompile(`^(iso_|xkeyboard-config)`)

// messages returns each language's cleaned messages of one half.
func messages(root string, dev bool) (map[string][]string, error) {
	out := map[string][]string{}
	english := map[string]struct{}{}
	for _, tl := range testLangs {
		for _, d := range tl.dirs {
			files, _ := filepath.Glob(filepath.Join(root, d, "LC_MESSAGES", "*.mo"))
			for _, f := range files {
				if skipCatalog.MatchString(filepath.Base(f)) {
					continue
				}
				pairs, err := readMO(f)
				if err != nil {
					continue
				}
				for _, p := range pairs {
					if (crc32.ChecksumIEEE([]byte(p[0]))%2 == 0) != dev {
						continue
					}
					if t := clean(p[1]); t != "" {
						out[tl.code] = append(out[tl.code], t)
					}
					english[p[0]] = struct{}{}
				}
			}
		}
	}
	for id := range english {
		if t := clean(id); t != "" {
			out["EN"] = append(out["EN"], t)
		}
	}
	for _, v := range out {
		slices.Sort(v)
	}
	if len(out) < len(testLangs) {
		return nil, errors.New("some languages have no catalogs under " + root)
	}
	return out, nil
}

// readMO returns the (original, translation) pairs of a gettext catalog,
// the singular forms, without the header and untranslated messages.
func readMO(path string) ([][2]string, error) {
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 28 || binary.LittleEndian.Uint32(b) != 0x950412de {
		return nil, errors.New("not a little-endian catalog")
	}
	n := int(binary.LittleEndian.Uint32(b[8:]))
	origs, trans := int(binary.LittleEndian.Uint32(b[12:])), int(binary.LittleEndian.Uint32(b[16:]))
	str := func(table, i int) (string, bool) {
		at := table + 8*i
		if at+8 > len(b) {
			return "", false
		}
		l, o := int(binary.LittleEndian.Uint32(b[at:])), int(binary.LittleEndian.Uint32(b[at+4:]))
		if o+l > len(b) {
			return "", false
		}
		s, _, _ := strings.Cut(string(b[o:o+l]), "\x00")
		if _, after, ok := strings.Cut(s, "\x04"); ok {
			s = after
		}
		return s, true
	}
	var out [][2]string
	for i := 0; i < n; i++ {
		id, ok1 := str(origs, i)
		tr, ok2 := str(trans, i)
		if ok1 && ok2 && id != "" && tr != "" && tr != id {
			out = append(out, [2]string{id, tr})
		}
	}
	return out, nil
}

var (
	reFormat = regexp.MustCompile(`%[-+ #0-9.$*lhqjzt]*[a-zA-Z%]|\{[^}]*\}|\$\{?\w+\}?|<[^>]*>|&\w+;`)
	reOption = regexp.MustCompile(`(^|\s)--?[\w-]+`)
	rePath   = regexp.MustCompile(`\S*[/\\=@]\S*`)
)

// clean removes what is not language from a message: format directives,
// markup, options, paths, accelerators; "" when no word is left.
func clean(s string) string {
	s = reFormat.ReplaceAllString(s, " ")
	s = reOption.ReplaceAllString(s, " ")
	s = rePath.ReplaceAllString(s, " ")
	s = strings.NewReplacer("_", "", "&", "", "\n", " ", "\t", " ").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	if len(words(s)) == 0 {
		return ""
	}
	return s
}

// words returns the words of s: runs of letters, without acronyms and
// mixed-case names.
func words(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		f = strings.Trim(f, "'")
		if len([]rune(f)) < 2 || isName(f) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// isName tells an acronym or a CamelCase name: an upper-case letter after
// the first.
func isName(w string) bool {
	for i, r := range []rune(w) {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// cases are one language's test inputs of each kind.
type cases struct {
	columns, texts, terms [][]string
}

// makeCases draws a language's inputs: columns of 100 messages, single
// messages of 5–20 words, and lists of 20 distinct words.
func makeCases(msgs []string, seed uint64, nColumns, nTexts, nTerms int) cases {
	rng := rand.New(rand.NewPCG(seed, 20))
	var c cases
	for i := 0; i < nColumns; i++ {
		col := make([]string, 100)
		for j := range col {
			col[j] = msgs[rng.IntN(len(msgs))]
		}
		c.columns = append(c.columns, col)
	}
	var mid []string
	for _, m := range msgs {
		if n := len(strings.Fields(m)); n >= 5 && n <= 20 {
			mid = append(mid, m)
		}
	}
	for i := 0; i < nTexts && len(mid) > 0; i++ {
		c.texts = append(c.texts, []string{mid[rng.IntN(len(mid))]})
	}
	vocab := map[string]struct{}{}
	for _, m := range msgs {
		for _, w := range words(m) {
			vocab[w] = struct{}{}
		}
	}
	all := make([]string, 0, len(vocab))
	for w := range vocab {
		all = append(all, w)
	}
	slices.Sort(all)
	for i := 0; i < nTerms; i++ {
		seen := map[string]bool{}
		var list []string
		for len(list) < 20 {
			w := all[rng.IntN(len(all))]
			if !seen[strings.ToLower(w)] {
				seen[strings.ToLower(w)] = true
				list = append(list, w)
			}
		}
		c.terms = append(c.terms, list)
	}
	return c
}
