package lexicon

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// A thesaurus in the MyThes format of LibreOffice (th_*.dat, as Debian's
// mythes-* packages install them under /usr/share/mythes) is a text file:
// its first line names its character encoding, then each entry is a line
// "word|N" followed by N sense lines "(part of speech)|synonym|synonym…".
// Such a file is read at start from a folder the operator names, so it is
// hostile input: its size, line length, senses per entry, terms per line
// and words are bounded, and every violation is an error naming the line.

// Bounds of a thesaurus file. Of those Debian ships, German is the largest
// (28 MB, 114,442 entries), Polish has the longest lines (30 KB, 966
// terms) and Danish the entry of most senses (1,290).
const (
	MaxThesaurusBytes   = 128 << 20
	maxThesaurusLine    = 64 << 10
	maxThesaurusSenses  = 10000
	maxThesaurusTerms   = 2000
	maxThesaurusWords   = 1 << 21
	maxThesaurusSynsets = 1 << 22
	// maxThesaurusLines bounds the sense lines, repeated synsets included
	// (a line that repeats one stores no synset but is kept for its head).
	maxThesaurusLines = 2 * maxThesaurusSynsets
	maxThesaurusTerm  = 200
)

// thesaurusLimit is MaxThesaurusBytes (a variable for the tests).
var thesaurusLimit int64 = MaxThesaurusBytes

// Thesaurus is a set of synsets (groups of words of one meaning) over a
// vocabulary whose words differ by their folded form (Fold).
type Thesaurus struct {
	words   []string
	key     map[string]int32
	synsets [][]int32
	seen    map[string]int32 // a synset's sorted folded words: its index
	// lines are the groups Add was given that make or repeat a synset, in
	// order (SenseLines).
	lines []SenseLine
	// marked holds the folded words a note marks as vulgar somewhere in
	// the source (vulgarNotes): ReadMythes leaves them out everywhere.
	marked map[string]bool
}

// NewThesaurus returns an empty thesaurus.
func NewThesaurus() *Thesaurus {
	return &Thesaurus{key: map[string]int32{}, seen: map[string]int32{}}
}

// Len is the number of words.
func (t *Thesaurus) Len() int { return len(t.words) }

// Synsets is the number of synsets.
func (t *Thesaurus) Synsets() int { return len(t.synsets) }

// Words returns the words, indexed by their ids (SynsetIDs); the caller
// must not modify it.
func (t *Thesaurus) Words() []string { return t.words }

// SynsetIDs returns the word ids of synset i; the caller must not modify
// it.
func (t *Thesaurus) SynsetIDs(i int) []int32 { return t.synsets[i] }

// Synset returns the words of synset i.
func (t *Thesaurus) Synset(i int) []string {
	out := make([]string, len(t.synsets[i]))
	for j, id := range t.synsets[i] {
		out[j] = t.words[id]
	}
	return out
}

// Add adds a synset of terms (cleaned as a thesaurus file's terms are),
// once: a group of fewer than two distinct words, or one added before,
// is passed over. It fails when the thesaurus exceeds its bounds.
func (t *Thesaurus) Add(terms []string) error {
	keys := make([]string, 0, len(terms))
	forms := make([]string, 0, len(terms))
	for _, term := range terms {
		w, ok := CleanTerm(term)
		if !ok {
			if w != "" {
				t.mark(Fold(w))
			}
			continue
		}
		k := Fold(w)
		if !slices.Contains(keys, k) {
			keys, forms = append(keys, k), append(forms, w)
		}
	}
	if len(keys) < 2 {
		return nil
	}
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	sk := strings.Join(sorted, "|")
	if len(t.lines) >= maxThesaurusLines {
		return fmt.Errorf("more than %d sense lines", maxThesaurusLines)
	}
	if si, ok := t.seen[sk]; ok {
		t.lines = append(t.lines, SenseLine{Head: t.key[keys[0]], Synset: si})
		return nil
	}
	if len(t.synsets) >= maxThesaurusSynsets {
		return fmt.Errorf("more than %d synsets", maxThesaurusSynsets)
	}
	ids := make([]int32, len(keys))
	for i, k := range keys {
		id, ok := t.key[k]
		if !ok {
			if len(t.words) >= maxThesaurusWords {
				return fmt.Errorf("more than %d words", maxThesaurusWords)
			}
			id = int32(len(t.words))
			t.key[k] = id
			t.words = append(t.words, forms[i])
		}
		ids[i] = id
	}
	t.seen[sk] = int32(len(t.synsets))
	t.lines = append(t.lines, SenseLine{Head: ids[0], Synset: int32(len(t.synsets))})
	t.synsets = append(t.synsets, ids)
	return nil
}

// droppedNotes are the notes (in parentheses, lower case) that mark a term
// as another relation than a synonym in the thesauri Debian ships: an
// antonym, a broader or a narrower term. Such terms are left out.
var droppedNotes = []string{"antonym", "antónimo", "antônimo", "antonimo", "gegenteil", "gegenwort", "andheiti",
	"антонім", "антоним", "oberbegriff", "unterbegriff", "underbegreb", "overbegreb", "undirheiti", "yfirheiti",
	"generic term", "hyponym", "hypernym"}

// vulgarNotes are the notes (in parentheses, lower case) that mark a term
// as vulgar or pejorative in the thesauri Debian ships: German "(vulg.)"
// and "(derb)" (coarse, often with "abwertend"), Spanish "(vulg.)",
// Danish and Norwegian "(vulgær)"; the others are those the brief of
// issue 33 names for other sources ("slang", "pejorativo"). Swedish,
// French, Italian and Portuguese mark none. A word so marked in any entry
// is never part of the thesaurus (issue 33, item 5).
var vulgarNotes = []string{"vulg", "derb", "pejor", "slang", "obszön", "obsceno", "obscène", "osceno"}

// mark records folded word k as marked vulgar.
func (t *Thesaurus) mark(k string) {
	if t.marked == nil {
		t.marked = map[string]bool{}
	}
	t.marked[k] = true
}

// withoutMarked is t less the words marked vulgar (t when none are); an
// entry whose head is marked is left out whole.
func (t *Thesaurus) withoutMarked() (*Thesaurus, error) {
	if len(t.marked) == 0 {
		return t, nil
	}
	return t.rebuilt(func(words []string) []string {
		keep := words[:0]
		for _, w := range words {
			if !t.marked[Fold(w)] {
				keep = append(keep, w)
			}
		}
		return keep
	})
}

// rebuilt is a thesaurus of t's sense lines again, in their order, each
// line's words (its head first: the synset may be another line's) through
// keep; a line whose head keep drops is left out, so that consecutive
// lines keep sharing their head.
func (t *Thesaurus) rebuilt(keep func(words []string) []string) (*Thesaurus, error) {
	out := NewThesaurus()
	for _, l := range t.lines {
		words := t.Synset(int(l.Synset))
		head := slices.Index(t.synsets[l.Synset], l.Head)
		words[0], words[head] = words[head], words[0]
		first := words[0]
		kept := keep(words)
		if len(kept) == 0 || kept[0] != first {
			continue
		}
		if err := out.Add(kept); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CleanTerm returns a thesaurus term without its notes in parentheses and
// with its spaces collapsed, or false when it is no synonym (a note of
// droppedNotes), holds an ellipsis, has no letter, is a saying or is too
// long. A term marked vulgar (vulgarNotes) is answered cleaned, with
// false. The thesaurus reader and the sense order (wordspace/senses) read
// a term by it.
func CleanTerm(term string) (string, bool) {
	var b strings.Builder
	depth := 0
	var note strings.Builder
	vulgar := false
	for _, r := range term {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
			if depth == 0 {
				n := strings.ToLower(note.String())
				for _, d := range droppedNotes {
					if strings.Contains(n, d) {
						return "", false
					}
				}
				vulgar = vulgar || slices.ContainsFunc(vulgarNotes, func(v string) bool { return strings.Contains(n, v) })
				note.Reset()
			}
		case depth > 0:
			note.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	fields := strings.Fields(b.String())
	w := strings.Join(fields, " ")
	// Sayings and whole sentences ("das ist ein Wort!") are no terms of a
	// pole: at most three words, without ! or ?.
	if len(fields) > 3 || strings.ContainsAny(w, "!?¡¿") {
		return "", false
	}
	if w == "" || len(w) > maxThesaurusTerm || strings.Contains(w, "...") || strings.ContainsRune(w, '…') ||
		!strings.ContainsFunc(w, unicode.IsLetter) || strings.ContainsAny(w, "|\x00") {
		return "", false
	}
	return w, !vulgar
}

// decoderFor returns the decoder of a thesaurus's encoding line (nil for
// UTF-8), or an error naming an encoding it does not know.
func decoderFor(name string) (*encoding.Decoder, error) {
	n := strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(name, "\ufeff")))
	n = strings.NewReplacer("-", "", "_", "", " ", "").Replace(n)
	switch n {
	case "UTF8":
		return nil, nil
	case "ISO88591":
		return charmap.ISO8859_1.NewDecoder(), nil
	case "ISO88592":
		return charmap.ISO8859_2.NewDecoder(), nil
	case "ISO885915":
		return charmap.ISO8859_15.NewDecoder(), nil
	case "ISO88595":
		return charmap.ISO8859_5.NewDecoder(), nil
	case "ISO88597":
		return charmap.ISO8859_7.NewDecoder(), nil
	case "KOI8R":
		return charmap.KOI8R.NewDecoder(), nil
	case "KOI8U":
		return charmap.KOI8U.NewDecoder(), nil
	case "CP1250", "WINDOWS1250":
		return charmap.Windows1250.NewDecoder(), nil
	case "CP1251", "WINDOWS1251":
		return charmap.Windows1251.NewDecoder(), nil
	case "CP1252", "WINDOWS1252":
		return charmap.Windows1252.NewDecoder(), nil
	}
	if len(name) > 40 {
		name = name[:40] + "…"
	}
	return nil, fmt.Errorf("line 1: character encoding %q not supported (UTF-8, ISO8859-1/2/5/7/15, KOI8-R/U, CP1250–1252)", name)
}

// ReadMythes reads a thesaurus in the MyThes format into t (a new one when
// t is nil). Each sense line with its entry's word forms a synset.
func ReadMythes(r io.Reader, t *Thesaurus) (*Thesaurus, error) {
	if t == nil {
		t = NewThesaurus()
	}
	lr := &io.LimitedReader{R: r, N: thesaurusLimit + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 64<<10), maxThesaurusLine)
	m := &mythesReader{sc: sc, t: t}
	err := m.read()
	if lr.N <= 0 {
		return nil, fmt.Errorf("thesaurus: larger than %d MiB", thesaurusLimit>>20)
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("thesaurus: line %d: longer than %d KiB", m.line+1, maxThesaurusLine>>10)
	}
	if err != nil {
		return nil, fmt.Errorf("thesaurus: %w", err)
	}
	if t, err = t.withoutMarked(); err != nil {
		return nil, fmt.Errorf("thesaurus: %w", err)
	}
	return t, nil
}

type mythesReader struct {
	sc   *bufio.Scanner
	t    *Thesaurus
	dec  *encoding.Decoder
	line int
	// malformed counts the sense lines without "|", passed over up to
	// maxMalformedSenses.
	malformed, firstMalformed int
}

// maxMalformedSenses is how many sense lines without "|" a thesaurus may
// have (they are passed over).
const maxMalformedSenses = 100

// next returns the next line, decoded to UTF-8.
func (m *mythesReader) next() (string, bool, error) {
	if !m.sc.Scan() {
		return "", false, m.sc.Err()
	}
	m.line++
	b := bytes.TrimRight(m.sc.Bytes(), "\r")
	if m.dec != nil {
		d, err := m.dec.Bytes(b)
		if err != nil {
			return "", false, fmt.Errorf("line %d: %w", m.line, err)
		}
		b = d
	}
	if !utf8.Valid(b) {
		return "", false, fmt.Errorf("line %d: not valid UTF-8", m.line)
	}
	return string(b), true, nil
}

func (m *mythesReader) read() error {
	enc, ok, err := m.next()
	if err != nil || !ok {
		return cmpErr(err, errors.New("empty file"))
	}
	if m.dec, err = decoderFor(enc); err != nil {
		return err
	}
	entries := 0
	for {
		line, ok, err := m.next()
		if err != nil || !ok {
			if err == nil && entries == 0 {
				return errors.New("no entries")
			}
			return err
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		head, count, found := strings.Cut(line, "|")
		n, cerr := strconv.Atoi(strings.TrimSpace(count))
		if !found || cerr != nil || n < 0 {
			return fmt.Errorf("line %d: expected an entry \"word|number of senses\"", m.line)
		}
		if n > maxThesaurusSenses {
			return fmt.Errorf("line %d: %d senses, more than %d", m.line, n, maxThesaurusSenses)
		}
		if err := m.senses(head, n); err != nil {
			return err
		}
		entries++
	}
}

// senses reads the n sense lines of the entry of head.
func (m *mythesReader) senses(head string, n int) error {
	for i := 0; i < n; i++ {
		line, ok, err := m.next()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("line %d: file ends inside the entry %q", m.line, clip(head))
		}
		pos, rest, found := strings.Cut(line, "|")
		if !found {
			// Debian's Nepali thesaurus has such a line: a few are passed
			// over, many make the file no thesaurus.
			if m.malformed == 0 {
				m.firstMalformed = m.line
			}
			if m.malformed++; m.malformed > maxMalformedSenses {
				return fmt.Errorf("line %d: more than %d senses without \"|\" (the first at line %d, of %q)", m.line, maxMalformedSenses, m.firstMalformed, clip(head))
			}
			continue
		}
		if droppedSense(pos) {
			continue
		}
		terms := strings.Split(rest, "|")
		if len(terms) > maxThesaurusTerms {
			return fmt.Errorf("line %d: %d terms, more than %d", m.line, len(terms), maxThesaurusTerms)
		}
		if err := m.t.Add(append([]string{head}, terms...)); err != nil {
			return fmt.Errorf("line %d: %w", m.line, err)
		}
	}
	return nil
}

// droppedSense tells whether a sense line's part of speech marks its terms
// as antonyms ("[ant]", "(antonym)").
func droppedSense(pos string) bool {
	p := strings.ToLower(pos)
	return strings.Contains(p, "[ant]") || strings.Contains(p, "antonym") || strings.Contains(p, "antónimo")
}

func clip(s string) string {
	if len(s) > 40 {
		return strings.ToValidUTF8(s[:40], "") + "…"
	}
	return s
}

func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}
