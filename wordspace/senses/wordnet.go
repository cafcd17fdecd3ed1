package senses

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"explorer/wordspace/lexicon"

	"explorer"
)

// WordNet's neighbourhood of a pole term's common senses (issue 33, round
// wordnet8). The sense order of senses.go keeps first the space's words
// that MyThes lists as synonyms of a pole term's first senses; the space
// also ranks high words of the term's topic that are in no sense of it
// (discount: drugstore, retailer; waiter: customer) and synonyms of its
// rare senses. The full WordNet 3.0 database (Debian's wordnet-base, read
// from the system at each suggestion, never embedded) links each sense to
// more words than its synonyms: its hypernyms and hyponyms, its parts and
// wholes, its derivations, similar adjectives and attributes, and counts
// how often each sense was tagged in its corpus. With it, English
// suggestions are ordered: the synonyms of a pole term's common senses
// (commonSenses), the words WordNet links to them in one step, the words
// it links to none of the pole's terms, the synonyms of later senses only.
// No file is held in memory: the index and count lines are found by binary
// search and the synset lines read at their offsets; a term's classes are
// kept while the files are unchanged (termRanks).

// SystemWordNetDir is where Debian's wordnet-base installs WordNet 3.0's
// database (index.noun, data.noun, …).
const SystemWordNetDir = "/usr/share/wordnet"

// wordnetPOS are WordNet's parts of speech: the suffix of their index and
// data files, and the letter of a pointer's target (s: a satellite
// adjective, in data.adj).
var wordnetPOS = []struct{ file, letters string }{
	{"noun", "n"}, {"verb", "v"}, {"adj", "as"}, {"adv", "r"},
}

// wordnetLinks are the pointer symbols of a synset that lead to a related
// sense (wordnetsense(5WN)): hypernyms (@, @i), hyponyms (~, ~i), parts
// and wholes (%m %s %p #m #s #p), derivations (+), similar adjectives
// (&), "also see" (^), attributes (=), pertainyms (\), verb groups ($).
// Antonyms (!) are not, nor topic domains (;c, -c: a topic is what the
// space already over-ranks).
var wordnetLinks = map[string]bool{
	"@": true, "@i": true, "~": true, "~i": true,
	"%m": true, "%s": true, "%p": true, "#m": true, "#s": true, "#p": true,
	"+": true, "&": true, "^": true, "=": true, `\`: true, "$": true,
}

// wordnetLineMax bounds the bytes of one synset line read (outside bytes;
// the longest line of WordNet 3.0 is under 64 KiB).
const wordnetLineMax = 1 << 16

// WordNetFiles are the files a WordNet database needs in dir.
func WordNetFiles(dir string) bool {
	_, ok := wordnetStamp(dir)
	return ok
}

// wordnetStamp names the database in dir as it is now, by the size and
// time of its files (termRanks' key: a database replaced, as by a package
// upgrade, has another stamp); false when a file it needs is missing.
// cntlist.rev is optional (no counts: the first senses are the common
// ones).
func wordnetStamp(dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	var b strings.Builder
	b.WriteString(dir)
	stat := func(name string) bool {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || !st.Mode().IsRegular() {
			return false
		}
		fmt.Fprintf(&b, "\x00%d.%d", st.Size(), st.ModTime().UnixNano())
		return true
	}
	for _, p := range wordnetPOS {
		if !stat("index."+p.file) || !stat("data."+p.file) {
			return "", false
		}
	}
	if !stat("cntlist.rev") {
		b.WriteString("\x00-")
	}
	return b.String(), true
}

// wordnetSynset is a synset line's words (folded, "_" read as a space)
// and its pointers.
type wordnetSynset struct {
	words []string
	ptrs  []wordnetPtr
}

// wordnetPtr is one pointer of a synset: its symbol, its target's offset
// and data file, and the target word's number (0: the whole synset).
type wordnetPtr struct {
	sym    string
	off    int64
	file   string
	target int
}

// wordnetDB reads one WordNet database: the data files opened for one
// suggestion.
type wordnetDB struct {
	dir  string
	data map[string]*os.File
	buf  []byte // a synset line's read
}

func openWordNet(dir string) (*wordnetDB, error) {
	db := &wordnetDB{dir: dir, data: map[string]*os.File{}}
	for _, p := range wordnetPOS {
		f, err := os.Open(filepath.Join(dir, "data."+p.file))
		if err != nil {
			db.Close()
			return nil, err
		}
		db.data[p.file] = f
	}
	return db, nil
}

func (db *wordnetDB) Close() {
	for _, f := range db.data {
		f.Close()
	}
}

// senses answers the synset offsets of lemma in the index of a part of
// speech, the commonest first (nil when it is not a headword there).
func (db *wordnetDB) senses(file, lemma string) ([]int64, error) {
	f, err := os.Open(filepath.Join(db.dir, "index."+file))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rest, found, err := findSorted(f, lemma, ' ')
	if err != nil || !found {
		return nil, err
	}
	// pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offsets…
	fields := strings.Fields(rest)
	if len(fields) < 3 {
		return nil, nil
	}
	n, err1 := strconv.Atoi(fields[1])
	p, err2 := strconv.Atoi(fields[2])
	if err1 != nil || err2 != nil || n <= 0 || p < 0 || len(fields) < 5+p+n {
		return nil, nil
	}
	var offs []int64
	for _, o := range fields[5+p : 5+p+n] {
		if v, err := strconv.ParseInt(o, 10, 64); err == nil && v >= 0 {
			offs = append(offs, v)
		}
	}
	return offs, nil
}

// synset reads the synset at off of a data file.
func (db *wordnetDB) synset(file string, off int64) (wordnetSynset, error) {
	f := db.data[file]
	if f == nil {
		return wordnetSynset{}, nil
	}
	var line []byte
	for size := 4096; ; size *= 2 {
		if len(db.buf) < size {
			db.buf = make([]byte, size)
		}
		buf := db.buf[:size]
		n, err := f.ReadAt(buf, off)
		if err != nil && err != io.EOF {
			return wordnetSynset{}, err
		}
		var ok bool
		if line, _, ok = bytes.Cut(buf[:n], []byte("\n")); ok || n < size || size >= wordnetLineMax {
			break
		}
	}
	return parseSynset(string(line)), nil
}

// parseSynset reads a data line, "offset lex_filenum ss_type w_cnt word
// lex_id … p_cnt [sym offset pos source/target]… | gloss" (w_cnt in hex).
func parseSynset(line string) wordnetSynset {
	head, _, _ := strings.Cut(line, " | ")
	fields := strings.Fields(head)
	if len(fields) < 4 {
		return wordnetSynset{}
	}
	wc, err := strconv.ParseInt(fields[3], 16, 32)
	if err != nil || wc <= 0 || len(fields) < 5+2*int(wc) {
		return wordnetSynset{}
	}
	var s wordnetSynset
	for i := range int(wc) {
		w := fields[4+2*i]
		if j := strings.IndexByte(w, '('); j > 0 { // adjective markers: (a), (p), (ip)
			w = w[:j]
		}
		s.words = append(s.words, lexicon.Fold(strings.ReplaceAll(w, "_", " ")))
	}
	rest := fields[4+2*wc:]
	pc, err := strconv.Atoi(rest[0])
	if err != nil || pc < 0 || len(rest) < 1+4*pc {
		return s
	}
	for i := range pc {
		q := rest[1+4*i : 5+4*i]
		off, err := strconv.ParseInt(q[1], 10, 64)
		file := wordnetFile(q[2])
		st, err2 := strconv.ParseUint(q[3], 16, 16)
		if err != nil || err2 != nil || file == "" {
			continue
		}
		s.ptrs = append(s.ptrs, wordnetPtr{sym: q[0], off: off, file: file, target: int(st & 0xff)})
	}
	return s
}

// wordnetFile is the data file of a pointer's part-of-speech letter.
func wordnetFile(letter string) string {
	for _, p := range wordnetPOS {
		if letter != "" && strings.Contains(p.letters, letter) {
			return p.file
		}
	}
	return ""
}

// related adds to words the words of the synset at off (senseCommon) and
// of the synsets one link away from it (wordnetLinks, senseNear).
func (db *wordnetDB) related(file string, off int64, words Rank) error {
	s, err := db.synset(file, off)
	if err != nil {
		return err
	}
	words.add(senseCommon, s.words...)
	for _, p := range s.ptrs {
		if !wordnetLinks[p.sym] {
			continue
		}
		t, err := db.synset(p.file, p.off)
		if err != nil {
			return err
		}
		switch {
		case p.target > 0 && p.target <= len(t.words):
			words.add(senseNear, t.words[p.target-1])
		default:
			words.add(senseNear, t.words...)
		}
	}
	return nil
}

// add gives words the class, unless they have a better one.
func (rank Rank) add(class int, words ...string) {
	for _, w := range words {
		if c, ok := rank[w]; !ok || class < c {
			rank[w] = class
		}
	}
}

// WordNetRanks reads the sense classes of the pole's terms (declined terms
// left out, at most MaxTerms: Terms) from the WordNet database in dir: a
// word of a common sense (commonSenses) senseCommon, one linked to it
// senseNear, one of later senses only senseLater. A term WordNet does not
// hold brings nothing. Each term's classes are read once while the
// database's files are unchanged (termRanks).
func WordNetRanks(dir string, terms []explorer.WeightedTerm) (Rank, error) {
	stamp, ok := wordnetStamp(dir)
	if !ok {
		return nil, fmt.Errorf("no WordNet database in %s", dir)
	}
	var (
		db  *wordnetDB
		err error
	)
	defer func() {
		if db != nil {
			db.Close()
		}
	}()
	rank := Rank{senseMorph: 0}
	for _, t := range Terms(terms) {
		one, ok := termRanks.get(stamp, t)
		if !ok {
			if db == nil {
				if db, err = openWordNet(dir); err != nil {
					return nil, err
				}
			}
			one = Rank{}
			if err := db.rankTerm(t, one); err != nil {
				return nil, err
			}
			termRanks.put(stamp, t, one)
		}
		for w, c := range one {
			rank.add(c, w)
		}
	}
	if len(rank) == 1 {
		return Rank{}, nil // no term is in WordNet
	}
	return rank, nil
}

// rankTerm adds the words of term's senses to rank.
func (db *wordnetDB) rankTerm(term string, rank Rank) error {
	offs := map[string][]int64{}
	counts := map[string][]int{}
	for _, p := range wordnetPOS {
		lemma, o, err := db.lemmaSenses(p.file, term)
		if err != nil {
			return err
		}
		if offs[p.file] = o; len(o) > 0 {
			if counts[p.file], err = db.tagCounts(p.file, lemma, len(o)); err != nil {
				return err
			}
		}
	}
	common := commonSenses(counts)
	for _, p := range wordnetPOS {
		for i, off := range offs[p.file] {
			if !common(p.file, i) {
				// A later sense: its synonyms drop (its links are not read).
				s, err := db.synset(p.file, off)
				if err != nil {
					return err
				}
				rank.add(senseLater, s.words...)
				continue
			}
			if err := db.related(p.file, off, rank); err != nil {
				return err
			}
		}
	}
	return nil
}

// senseShare is the share of the commonest sense's tag count (over a
// term's parts of speech) a sense needs to be common.
const senseShare = 0.25

// commonSenses tells which senses of a term are common: those tagged at
// least senseShare times as often as its commonest in WordNet's
// sense-tagged corpus; a term never tagged has its first senseFirst
// senses of each part of speech common (their order is the only hint).
func commonSenses(counts map[string][]int) func(file string, i int) bool {
	top := 0
	for _, cs := range counts {
		for _, c := range cs {
			top = max(top, c)
		}
	}
	return func(file string, i int) bool {
		if top == 0 {
			return i < senseFirst
		}
		cs := counts[file]
		return i < senseFirst || i < len(cs) && float64(cs[i]) >= senseShare*float64(top)
	}
}

// wordnetSSType are the digits of a sense key's synset type (after "%")
// by data file: 1 noun, 2 verb, 3 adjective, 5 satellite, 4 adverb.
var wordnetSSType = map[byte]string{'1': "noun", '2': "verb", '3': "adj", '5': "adj", '4': "adv"}

// tagCounts reads the tag counts of lemma's n senses in a part of speech
// from cntlist.rev (lines "lemma%key sense_number count", sorted): zero
// for a sense never tagged, nil without the file.
func (db *wordnetDB) tagCounts(file, lemma string, n int) ([]int, error) {
	f, err := os.Open(filepath.Join(db.dir, "cntlist.rev"))
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	prefix := lemma + "%"
	buf := make([]byte, 4096)
	at, ok, err := seekSorted(f, prefix, ' ', buf)
	if err != nil {
		return nil, err
	}
	counts := make([]int, n)
	for ok {
		head, rest, start, end, err := lineAfter(f, at-1, buf, ' ')
		if err != nil {
			return nil, err
		}
		key, isLemma := strings.CutPrefix(head, prefix)
		if end || !isLemma || key == "" {
			break
		}
		var num, c int
		if _, serr := fmt.Sscan(rest, &num, &c); serr == nil && wordnetSSType[key[0]] == file && num >= 1 && num <= n && c > 0 {
			counts[num-1] += c
		}
		at = start + int64(len(head)+1+len(rest)+1) // the next line
	}
	return counts, nil
}

// lemmaSenses are the senses of term in a part of speech: of the term as
// written (lower case, spaces as "_"), else of its base forms (baseForms).
func (db *wordnetDB) lemmaSenses(file, term string) (string, []int64, error) {
	lemma := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(term)), " ", "_")
	if lemma == "" {
		return "", nil, nil
	}
	for _, l := range append([]string{lemma}, baseForms(file, lemma)...) {
		if offs, err := db.senses(file, l); err != nil || len(offs) > 0 {
			return l, offs, err
		}
	}
	return "", nil, nil
}

// wordnetSuffixes are WordNet's detachment rules (morphy(7WN)): an
// inflected ending and the base's, by part of speech.
var wordnetSuffixes = map[string][][2]string{
	"noun": {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	"verb": {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	"adj":  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// baseForms are the candidate base forms of an inflected word by the
// detachment rules of a part of speech (not checked: the index is).
func baseForms(file, word string) []string {
	var out []string
	for _, r := range wordnetSuffixes[file] {
		if b, ok := strings.CutSuffix(word, r[0]); ok && b != "" {
			out = append(out, b+r[1])
		}
	}
	return out
}
