package lexicon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// A word list is a hunspell dictionary (a .dic of stems with affix flags
// and the .aff that defines the flags' prefix and suffix rules, as Debian's
// hunspell-* packages install them under /usr/share/hunspell), read to
// tell which words of a thesaurus a language knows: a thesaurus entry made
// of unknown words (glued phrases, misspellings) is never suggested
// (issue 33, item 5). Only what that question needs is read: the stems,
// SFX and PFX rules (strip, add, condition, cross product, one level of
// continuation suffixes), the flag syntax (FLAG long, num, UTF-8), the
// character set (SET), NEEDAFFIX, ONLYINCOMPOUND and FORBIDDENWORD, and
// whether the language compounds words. Morphological fields, ICONV,
// alias tables (AF) and the exact compound rules are not read: a word is
// known when it is a stem, a stem with affixes its flags allow, or, in a
// language that compounds, a run of such words (lenient: a compound the
// language forbids is taken as known). The files are outside bytes: their
// sizes, lines and counts are bounded.

// Bounds of a hunspell dictionary (Debian's largest .dic, Norwegian
// Bokmål's, is 5 MB; Portuguese's .aff has 26,000 rules).
const (
	maxHunspellBytes = 64 << 20
	maxHunspellLine  = 16 << 10
	maxHunspellRules = 200000
	maxHunspellStems = 4000000
	maxAffixCond     = 200
)

// hunspellLimit is maxHunspellBytes (a variable for the tests).
var hunspellLimit int64 = maxHunspellBytes

type flagKind int

const (
	flagChar flagKind = iota // one byte (ISO 8859-1 character) per flag
	flagLong                 // two characters per flag
	flagNum                  // decimal numbers separated by commas
	flagUTF8                 // one UTF-8 character per flag
)

// affixRule is one SFX or PFX line: remove strip, add add (for a suffix at
// the end, for a prefix at the start) when the stem matches cond.
type affixRule struct {
	flag       rune
	strip, add string
	cond       []condUnit
	cross      bool
	cont       string // continuation flags of the affix
}

// condUnit is one character position of a rule's condition: any character
// (.), a set ([abc]) or its complement ([^abc]).
type condUnit struct {
	any, neg bool
	set      string
}

// WordList is a hunspell dictionary read for lookups (Known).
type WordList struct {
	stems          map[string]string // folded stem → its flags, one rune each
	sfx, pfx       map[string][]*affixRule
	sfxCont        map[string][]*affixRule // the suffixes with continuation flags
	maxSfx, maxPfx int                     // longest add of each, in bytes
	needAffix      rune
	onlyCompound   rune
	forbidden      rune
	compound       bool
	compoundMin    int
	// parts remembers the compound parts asked (part): a WordList is
	// not safe for concurrent use.
	parts map[string]bool
}

// affReader holds what the .aff says about reading the .dic.
type affReader struct {
	w     *WordList
	kind  flagKind
	dec   *encoding.Decoder
	cross map[rune]bool
	long  map[string]rune
}

// ReadWordList reads a hunspell dictionary from its .aff and .dic.
func ReadWordList(aff, dic io.Reader) (*WordList, error) {
	a := &affReader{w: &WordList{stems: map[string]string{}, sfx: map[string][]*affixRule{}, sfxCont: map[string][]*affixRule{}, pfx: map[string][]*affixRule{}, compoundMin: 3}}
	if err := hunspellLines(aff, func() *encoding.Decoder { return a.dec }, a.affLine); err != nil {
		return nil, fmt.Errorf("hunspell .aff: %w", err)
	}
	if err := hunspellLines(dic, func() *encoding.Decoder { return a.dec }, a.dicLine); err != nil {
		return nil, fmt.Errorf("hunspell .dic: %w", err)
	}
	return a.w, nil
}

// hunspellLines calls fn with each line of r (decoded by dec's answer when
// not nil: the .aff's SET, read in the .aff itself), its number counted
// from 1; r is bounded by hunspellLimit.
func hunspellLines(r io.Reader, decoder func() *encoding.Decoder, fn func(n int, line string) error) error {
	lr := &io.LimitedReader{R: r, N: hunspellLimit + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 4096), maxHunspellLine)
	n := 0
	for sc.Scan() {
		n++
		b := sc.Bytes()
		if n == 1 {
			b = []byte(strings.TrimPrefix(string(b), "\ufeff"))
		}
		if dec := decoder(); dec != nil {
			d, err := dec.Bytes(b)
			if err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			b = d
		}
		if !utf8.Valid(b) {
			return fmt.Errorf("line %d: not valid in the dictionary's character set", n)
		}
		if err := fn(n, strings.TrimRight(string(b), "\r")); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	if lr.N <= 0 {
		return fmt.Errorf("larger than %d MiB", hunspellLimit>>20)
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d KiB", n+1, maxHunspellLine>>10)
	}
	return sc.Err()
}

// affLine reads one line of the .aff. Before SET the .aff is read as
// UTF-8 or ISO 8859-1 (the default character set).
func (a *affReader) affLine(n int, line string) error {
	f := strings.Fields(line)
	if len(f) < 2 || strings.HasPrefix(f[0], "#") {
		return nil
	}
	var err error
	switch f[0] {
	case "SET":
		a.dec, err = decoderFor(f[1])
	case "FLAG":
		a.kind, err = flagKindOf(f[1])
	case "NEEDAFFIX":
		a.w.needAffix, err = a.oneFlag(f[1])
	case "ONLYINCOMPOUND":
		a.w.onlyCompound, err = a.oneFlag(f[1])
	case "FORBIDDENWORD":
		a.w.forbidden, err = a.oneFlag(f[1])
	case "COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDRULE":
		a.w.compound = true
	case "COMPOUNDMIN":
		if m, cerr := strconv.Atoi(f[1]); cerr == nil && m > 0 {
			a.w.compoundMin = max(m, 2)
		}
	case "SFX", "PFX":
		err = a.affixLine(f)
	}
	return err
}

func flagKindOf(s string) (flagKind, error) {
	switch strings.ToLower(s) {
	case "long":
		return flagLong, nil
	case "num":
		return flagNum, nil
	case "utf-8":
		return flagUTF8, nil
	}
	return 0, fmt.Errorf("FLAG %q not known (long, num, UTF-8)", clip(s))
}

// oneFlag is the single flag of s.
func (a *affReader) oneFlag(s string) (rune, error) {
	fl, err := a.flags(s)
	if err != nil || fl == "" {
		return 0, cmpErr(err, errors.New("no flag"))
	}
	r, _ := utf8.DecodeRuneInString(fl)
	return r, nil
}

// flags returns the flags of s, one rune each.
func (a *affReader) flags(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	switch a.kind {
	case flagLong:
		rs := []rune(s)
		var b strings.Builder
		for i := 0; i+1 < len(rs); i += 2 {
			b.WriteRune(a.longFlag(string(rs[i : i+2])))
		}
		return b.String(), nil
	case flagNum:
		var b strings.Builder
		for _, p := range strings.Split(s, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || v <= 0 || v > 65535 {
				return "", fmt.Errorf("flag %q is not a number from 1 to 65535", clip(p))
			}
			b.WriteRune(rune(0x10000 + v))
		}
		return b.String(), nil
	}
	return s, nil
}

// longFlag numbers the two-character flags in the order they come, from
// a plane of private use characters.
func (a *affReader) longFlag(f string) rune {
	if a.long == nil {
		a.long = map[string]rune{}
	}
	r, ok := a.long[f]
	if !ok {
		r = rune(0xF0000 + len(a.long)%0x1FFFD)
		a.long[f] = r
	}
	return r
}

// affixLine reads an SFX or PFX header ("SFX A Y 3") or rule ("SFX A 0 s
// [^s]"): the header's cross product flag is kept for its rules.
func (a *affReader) affixLine(f []string) error {
	if len(f) < 4 {
		return fmt.Errorf("%s line of fewer than 4 fields", f[0])
	}
	flag, err := a.oneFlag(f[1])
	if err != nil {
		return err
	}
	if _, cerr := strconv.Atoi(f[3]); cerr == nil && (f[2] == "Y" || f[2] == "N") {
		a.crossOf()[flag] = f[2] == "Y"
		return nil
	}
	r := &affixRule{flag: flag, strip: zero(f[2]), cross: a.crossOf()[flag]}
	add, cont, _ := strings.Cut(f[3], "/")
	r.add = Fold(zero(add))
	if r.cont, err = a.flags(cont); err != nil {
		return err
	}
	r.strip = Fold(r.strip)
	cond := "."
	if len(f) > 4 {
		cond = f[4]
	}
	if r.cond, err = parseCond(Fold(cond)); err != nil {
		return err
	}
	w := a.w
	if len(w.sfx)+len(w.pfx) > maxHunspellRules {
		return fmt.Errorf("more than %d affix rules", maxHunspellRules)
	}
	if f[0] == "SFX" {
		w.sfx[r.add] = append(w.sfx[r.add], r)
		if r.cont != "" {
			w.sfxCont[r.add] = append(w.sfxCont[r.add], r)
		}
		w.maxSfx = max(w.maxSfx, len(r.add))
	} else {
		w.pfx[r.add] = append(w.pfx[r.add], r)
		w.maxPfx = max(w.maxPfx, len(r.add))
	}
	return nil
}

// crossOf is the cross product flag of each affix header read so far.
func (a *affReader) crossOf() map[rune]bool {
	if a.cross == nil {
		a.cross = map[rune]bool{}
	}
	return a.cross
}

// zero reads hunspell's "0" (nothing).
func zero(s string) string {
	if s == "0" {
		return ""
	}
	return s
}

// parseCond reads a rule's condition: characters, "." and bracketed sets.
func parseCond(s string) ([]condUnit, error) {
	if len(s) > maxAffixCond {
		return nil, fmt.Errorf("condition longer than %d bytes", maxAffixCond)
	}
	var out []condUnit
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		switch r {
		case '.':
			out = append(out, condUnit{any: true})
		case '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("condition %q: [ without ]", clip(s))
			}
			set := s[1:end]
			neg := strings.HasPrefix(set, "^")
			out = append(out, condUnit{neg: neg, set: strings.TrimPrefix(set, "^")})
			n = end + 1
		default:
			out = append(out, condUnit{set: string(r)})
		}
		s = s[n:]
	}
	return out, nil
}

// matches tells whether rune r is allowed by u.
func (u condUnit) matches(r rune) bool {
	return u.any || strings.ContainsRune(u.set, r) != u.neg
}

// condAtEnd tells whether the end of stem matches cond (a suffix's).
func condAtEnd(cond []condUnit, stem string) bool {
	if len(cond) == 1 && cond[0].any {
		return true
	}
	for i := len(cond) - 1; i >= 0; i-- {
		r, n := utf8.DecodeLastRuneInString(stem)
		if n == 0 || !cond[i].matches(r) {
			return false
		}
		stem = stem[:len(stem)-n]
	}
	return true
}

// condAtStart tells whether the start of stem matches cond (a prefix's).
func condAtStart(cond []condUnit, stem string) bool {
	for _, u := range cond {
		r, n := utf8.DecodeRuneInString(stem)
		if n == 0 || !u.matches(r) {
			return false
		}
		stem = stem[n:]
	}
	return true
}

// dicLine reads one line of the .dic: its first is the stem count, the
// others "stem/flags" and optional morphological fields.
func (a *affReader) dicLine(n int, line string) error {
	if n == 1 {
		if _, err := strconv.Atoi(strings.TrimSpace(line)); err == nil {
			return nil
		}
	}
	line, _, _ = strings.Cut(line, "\t")
	if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
		return nil
	}
	stem, fl := splitStem(line)
	if i := strings.IndexFunc(stem, unicode.IsSpace); i >= 0 {
		stem = stem[:i] // morphological fields after a space
	}
	if stem == "" {
		return nil
	}
	flags, err := a.flags(fl)
	if err != nil {
		return nil // a line the flags syntax does not read ("A/S"): passed over
	}
	w := a.w
	key := Fold(stem)
	old, seen := w.stems[key]
	if !seen && len(w.stems) >= maxHunspellStems {
		return fmt.Errorf("more than %d stems", maxHunspellStems)
	}
	// Homonyms merge their flags; the stem is a word alone when one of
	// them is (plainMark first).
	alone := w.alone(flags) || strings.HasPrefix(old, plainMark)
	old = strings.TrimPrefix(old, plainMark)
	if alone {
		old = plainMark + old
	}
	w.stems[key] = old + flags
	return nil
}

// plainMark starts the flags of a stem that is a word alone.
const plainMark = "\x00"

// alone tells whether a stem of these flags is a word by itself: it needs
// no affix, is not only a compound's part and is not forbidden.
func (w *WordList) alone(flags string) bool {
	for _, f := range []rune{w.needAffix, w.onlyCompound, w.forbidden} {
		if f != 0 && strings.ContainsRune(flags, f) {
			return false
		}
	}
	return true
}

// splitStem splits "stem/flags" at its first slash not escaped ("\/").
func splitStem(line string) (stem, flags string) {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '/':
			flags, _, _ = strings.Cut(strings.TrimSpace(line[i+1:]), " ")
			return strings.ReplaceAll(line[:i], `\/`, "/"), flags
		}
	}
	return strings.ReplaceAll(line, `\/`, "/"), ""
}

// ReadWordListFile reads the dictionary at base (.aff and .dic).
func ReadWordListFile(base string) (*WordList, error) {
	aff, err := os.Open(base + ".aff")
	if err != nil {
		return nil, err
	}
	defer aff.Close()
	dic, err := os.Open(base + ".dic")
	if err != nil {
		return nil, err
	}
	defer dic.Close()
	return ReadWordList(aff, dic)
}
