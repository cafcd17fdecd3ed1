// Package senses orders English suggestions by the senses of the pole's
// terms, read at each suggestion from system files: a MyThes thesaurus
// that lists a headword's senses by use (mythes-en-us) and WordNet 3.0's
// database (wordnet-base). No file is held in memory: each is searched
// by binary search over its sorted lines; only the classes of the last
// WordNet terms read are kept (terms.go).
package senses

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"explorer/wordspace/lexicon"

	"explorer"
)

// The sense order (issue 33, round sense6). A word space puts a word near
// every sense of a pole term alike: WordNet's retrofitting links the
// synonyms of each sense of "delivery" (rescue, deliverance, livery,
// pitch) as it links those of its first (bringing, shipment), and a
// thesaurus space gives each synset a vector of its own. A MyThes
// thesaurus lists a headword's senses by part of speech, the most common
// first (WordNet's order, from its sense-tagged corpus, in LibreOffice's
// English thesaurus). Where the language's thesaurus file is in the
// thesaurus folder with its index (.idx), a suggestion of the space is
// re-ordered by it: the words of a pole term's first senseFirst senses of
// a part of speech come first (both sources agree), then the words the
// thesaurus does not list for the pole's terms, in the space's order,
// then the words it lists only in later senses (another sense: they drop).
// Without the file nothing changes.

// Ordered are the languages whose MyThes thesaurus (Debian's
// mythes-*) lists a headword's senses by use: English's is WordNet 3.0's,
// whose sense order is the sense-tagged corpus's frequency. The other
// thesauri list senses in their editors' order; on the bench's tuning
// probes the sense order moved their precision from 0.31 to 0.30 (IT up,
// ES and DA down), so it is used for these only.
var Ordered = map[string]bool{"EN": true}

// senseFirst is how many senses of each part of speech of a pole term
// are its common senses (tuned on the bench's tuning probes: 1 to 3 gave
// 0.38 to 0.39 P@10 on the English one-word poles, 2 the best on the
// three-word ones).
const senseFirst = 2

// senseEntryMax bounds the bytes of one thesaurus entry read (outside
// bytes: a damaged count must not read the whole file); an entry is read
// from senseEntryFirst bytes, doubled until it holds the lines its header
// counts (readEntry): English's entries are under 4 KiB, and a suggestion
// reads one for each pole term.
const (
	senseEntryMax   = 1 << 20
	senseEntryFirst = 8 << 10
)

// Rank is, for each folded word, the best sense class it has among
// a pole's terms' senses: senseCommon, senseNear or senseLater.
type Rank map[string]int

// The sense classes, in the order BySense puts them: a word of a common
// sense (a synonym), one WordNet links to a common sense (wordnet.go), a
// word the rank does not list (senseUnlisted), a word of later senses
// only.
const (
	senseCommon = iota
	senseNear
	senseUnlisted
	senseLater
)

// senseMorph marks a Rank whose words are base forms (WordNet's): a
// suggestion is looked up by its base forms too (deliveries: delivery).
const senseMorph = "\x00morph"

// of is the class of a suggested term, and whether the rank lists it.
func (rank Rank) of(term string) (int, bool) {
	w := lexicon.Fold(term)
	c, ok := rank[w]
	if _, morph := rank[senseMorph]; !morph {
		return c, ok
	}
	for _, p := range wordnetPOS {
		for _, b := range baseForms(p.file, w) {
			if cb, has := rank[b]; has && (!ok || cb < c) {
				c, ok = cb, true
			}
		}
	}
	return c, ok
}

// SensesOf reads the senses of term from the MyThes thesaurus at dat,
// through its index (dat with .idx for .dat): the words of each sense,
// folded, with the sense's index within its part of speech (0 the first).
// A headword it does not hold, a missing index or an encoding other than
// UTF-8 or ISO 8859-1 answers nothing.
func SensesOf(dat, term string) (words [][]string, index []int, err error) {
	idx, err := os.Open(strings.TrimSuffix(dat, ".dat") + ".idx")
	if err != nil {
		return nil, nil, nil
	}
	defer idx.Close()
	enc, err := firstLine(idx)
	if err != nil {
		return nil, nil, err
	}
	latin1 := strings.EqualFold(strings.ReplaceAll(enc, "-", ""), "ISO88591")
	if !latin1 && !strings.EqualFold(enc, "UTF-8") {
		return nil, nil, nil
	}
	key := strings.ToLower(strings.TrimSpace(term))
	if latin1 {
		var ok bool
		if key, ok = toLatin1(key); !ok {
			return nil, nil, nil
		}
	}
	off, found, err := lookIdx(idx, key)
	if err != nil || !found {
		return nil, nil, err
	}
	f, err := os.Open(dat)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	entry, err := readEntry(f, off)
	if err != nil {
		return nil, nil, err
	}
	words, index = parseEntry(entry, latin1)
	return words, index, nil
}

// readEntry reads the entry at off: senseEntryFirst bytes, doubled until
// they hold the header line and the sense lines it counts, the file ends
// or senseEntryMax bytes were read.
func readEntry(f *os.File, off int64) ([]byte, error) {
	for size := senseEntryFirst; ; size = min(2*size, senseEntryMax) {
		buf := make([]byte, size)
		n, err := f.ReadAt(buf, off)
		if err != nil && err != io.EOF {
			return nil, err
		}
		if n < size || size == senseEntryMax || entryComplete(buf[:n]) {
			return buf[:n], nil
		}
	}
}

// entryComplete reports whether b holds an entry's header line and the
// sense lines it counts (or a header that counts none: nothing to read).
func entryComplete(b []byte) bool {
	head, _, ok := bytes.Cut(b, []byte("\n"))
	if !ok {
		return false
	}
	_, count, _ := strings.Cut(strings.TrimSpace(string(head)), "|")
	n, err := strconv.Atoi(count)
	return err != nil || n <= 0 || bytes.Count(b, []byte("\n")) > n
}

// parseEntry reads one MyThes entry, "headword|n" then n sense lines
// "(pos)|term|term (note)|…", into its senses' words and indices.
func parseEntry(b []byte, latin1 bool) ([][]string, []int) {
	lines := bytes.SplitN(b, []byte("\n"), 2)
	_, count, _ := strings.Cut(strings.TrimSpace(string(lines[0])), "|")
	n, err := strconv.Atoi(count)
	if err != nil || n <= 0 || len(lines) < 2 {
		return nil, nil
	}
	var words [][]string
	var index []int
	perPOS := map[string]int{}
	rest := lines[1]
	for range n {
		line, tail, _ := bytes.Cut(rest, []byte("\n"))
		rest = tail
		text := string(line)
		if latin1 {
			text = fromLatin1(line)
		}
		fields := strings.Split(strings.TrimSpace(text), "|")
		if len(fields) < 2 {
			continue
		}
		var sense []string
		for _, f := range fields[1:] {
			if w, ok := lexicon.CleanTerm(f); ok {
				sense = append(sense, lexicon.Fold(w))
			}
		}
		words, index = append(words, sense), append(index, perPOS[fields[0]])
		perPOS[fields[0]]++
		if len(rest) == 0 {
			break
		}
	}
	return words, index
}

// firstLine reads the first line of f (the index's encoding).
func firstLine(f *os.File) (string, error) {
	buf := make([]byte, 64)
	n, err := f.ReadAt(buf, 0)
	if err != nil && err != io.EOF {
		return "", err
	}
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	return strings.TrimSpace(string(line)), nil
}

// lookIdx finds key in a MyThes index (lines "headword|offset", sorted
// by bytes after two header lines) and answers the headword's offset in
// the .dat.
func lookIdx(f *os.File, key string) (int64, bool, error) {
	rest, found, err := findSorted(f, key, '|')
	if err != nil || !found {
		return 0, false, err
	}
	off, perr := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
	if perr != nil || off < 0 {
		return 0, false, nil
	}
	return off, true, nil
}

// findSorted finds the line whose head (its text before the first sep)
// is key in f, a file of lines sorted by bytes after header lines whose
// head sorts first (MyThes's .idx, WordNet's index files), and answers
// the line after sep.
func findSorted(f *os.File, key string, sep byte) (string, bool, error) {
	buf := make([]byte, 4096)
	at, ok, err := seekSorted(f, key, sep, buf)
	if err != nil || !ok {
		return "", false, err
	}
	head, rest, _, _, err := lineAfter(f, at-1, buf, sep)
	return rest, err == nil && head == key && key != "", err
}

// seekSorted finds, by binary search over the bytes of f (sorted as for
// findSorted), where the first line whose head is key or sorts after it
// starts (false: none).
func seekSorted(f *os.File, key string, sep byte, buf []byte) (int64, bool, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, false, err
	}
	// after(p) is the first line starting after byte p; the loop keeps
	// after(lo) before key and after(hi) at or past it (or the end).
	lo, hi := int64(0), st.Size()
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		head, _, _, end, err := lineAfter(f, mid, buf, sep)
		if err != nil {
			return 0, false, err
		}
		if end || head >= key {
			hi = mid
		} else {
			lo = mid
		}
	}
	for _, p := range []int64{lo, hi} {
		head, _, start, end, err := lineAfter(f, p, buf, sep)
		if err != nil || end {
			return 0, false, err
		}
		if head >= key {
			return start, true, nil
		}
	}
	return 0, false, nil
}

// lineAfter reads, into buf, the first whole line starting after byte at:
// its head (before sep), the rest (a header line, without sep, or one
// longer than buf: "", which sorts before every key) and where it
// starts, or end past the last line.
func lineAfter(f *os.File, at int64, buf []byte, sep byte) (head, rest string, start int64, end bool, err error) {
	n, err := f.ReadAt(buf, max(at, 0))
	if err != nil && err != io.EOF {
		return "", "", 0, false, err
	}
	b := buf[:n]
	full := n == len(buf)
	i := bytes.IndexByte(b, '\n')
	if at < 0 { // the file's first line
		i = -1
	} else if i < 0 {
		// No line starts in what was read: past the end, or inside a line
		// longer than the buffer (none in a real index: read as a header).
		return "", "", 0, !full, nil
	}
	start = max(at, 0) + int64(i+1)
	line, _, cut := bytes.Cut(b[i+1:], []byte("\n"))
	switch {
	case !cut && full && i > 0:
		return lineAfter(f, at+int64(i), buf, sep) // the line runs past the buffer
	case !cut && full:
		return "", "", 0, false, nil // a line longer than the buffer
	case !cut && len(line) == 0:
		return "", "", 0, true, nil
	}
	h, r, ok := bytes.Cut(line, []byte{sep})
	if !ok {
		return "", "", start, false, nil
	}
	return string(h), strings.TrimRight(string(r), "\r"), start, false, nil
}

// toLatin1 encodes s in ISO 8859-1 (false when a rune has no code there).
func toLatin1(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			return "", false
		}
		b = append(b, byte(r))
	}
	return string(b), true
}

// fromLatin1 decodes ISO 8859-1 bytes.
func fromLatin1(b []byte) string {
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return string(out)
}

// MythesRanks reads the sense classes of the words of the pole's terms'
// senses (declined terms left out, at most MaxTerms: Terms) from the
// thesaurus at dat.
func MythesRanks(dat string, terms []explorer.WeightedTerm) (Rank, error) {
	rank := Rank{}
	for _, t := range Terms(terms) {
		words, index, err := SensesOf(dat, t)
		if err != nil {
			return nil, err
		}
		for i, sense := range words {
			class := senseCommon
			if index[i] >= senseFirst {
				class = senseLater
			}
			for _, w := range sense {
				if c, ok := rank[w]; !ok || class < c {
					rank[w] = class
				}
			}
		}
	}
	return rank, nil
}

// BySense re-orders list (the space's order) by the sense ranks: the
// words of common senses first, then the words not listed, then the words
// of later senses only, each part in the space's order.
func BySense(list []explorer.PoleSuggestion, rank Rank) []explorer.PoleSuggestion {
	out, _, _ := BySenseParts(list, rank)
	return out
}

// BySenseParts is BySense, telling also how many of the re-ordered list's
// words come first as linked (a common sense's or one link from it:
// out[:linked]) and how many follow them unlisted (out[linked:linked+unlisted]).
func BySenseParts(list []explorer.PoleSuggestion, rank Rank) (out []explorer.PoleSuggestion, linked, unlisted int) {
	if len(rank) == 0 {
		return list, 0, len(list)
	}
	// Each suggestion's class once (a lookup folds it and tries its base
	// forms), then the list in class order, each class in the space's.
	var byClass [senseLater + 1][]explorer.PoleSuggestion
	for _, sg := range list {
		c, ok := rank.of(sg.Term)
		if !ok {
			c = senseUnlisted
		}
		byClass[c] = append(byClass[c], sg)
	}
	out = make([]explorer.PoleSuggestion, 0, len(list))
	for _, part := range byClass {
		out = append(out, part...)
	}
	return out, len(byClass[senseCommon]) + len(byClass[senseNear]), len(byClass[senseUnlisted])
}

// IsLinked tells whether the rank lists term (or a base form of it) as a
// word of a common sense or one link from one.
func (rank Rank) IsLinked(term string) bool {
	c, ok := rank.of(term)
	return ok && c <= senseNear
}
