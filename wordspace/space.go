// Package wordspace holds word spaces: a vocabulary with optional corpus
// counts and one unit-length vector per word. It loads the standard vector
// formats (fastText .vec, GloVe text, word2vec binary) and its own versioned
// binary format, builds spaces from text with Random Indexing, finds nearest
// neighbours, computes pole suggestions and serves the word spaces of several
// languages through a Registry that implements explorer.WordSpaces.
package wordspace

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"explorer/wordspace/lexicon"
	"github.com/viterin/vek/vek32"
)

// Space is a word space: N words of dimension Dim, their counts (nil when
// the space carries none) and a row-major matrix of unit-length vectors.
// A Space is immutable once built and safe for concurrent use.
type Space struct {
	lang   string
	dim    int
	text   string   // all words, concatenated
	offs   []uint32 // word i is text[offs[i]:offs[i+1]]
	counts []int64  // nil when the space has no counts
	vecs   []float32
	// q and qscale, set instead of vecs for a space embedded in the
	// binary (Embedded), are its int8 rows read in place from the
	// embedded bytes and each row's scale: rowInto dequantizes a row when
	// it is used, so the matrix takes no heap.
	q      []int8
	qscale []float32
	// whole is the embedded file the space was read from (Embedded), in
	// place; nil for a space read otherwise. Once the space is let go
	// (UnloadUnused), its pages are given back (dropPages).
	whole []byte
	qnorm []float32 // 1/‖row‖ as normalize computes it; -1: normalize at use
	slots []int32   // open-addressing table of word ids + 1, by folded key

	ivf atomic.Pointer[ivfIndex] // approximate index for large spaces, or nil

	// hidden has a bit set for each word never suggested (a thesaurus
	// word its language's dictionary does not know, wordlist.go), or is
	// nil; wordLists names those dictionaries.
	hidden    []uint64
	wordLists string

	kth     *kthTable // K-th neighbour cosines (kth.go)
	nbrs    *nbrTable // candidate lists found ahead, or nil (nbrs.go)
	kthInit sync.Once
}

// Lang returns the space's language code (upper-case ISO 639-1), or "".
func (s *Space) Lang() string { return s.lang }

// Len returns the number of words.
func (s *Space) Len() int { return len(s.offs) - 1 }

// Dim returns the dimension of the vectors.
func (s *Space) Dim() int { return s.dim }

// HasCounts tells whether the space carries corpus counts.
func (s *Space) HasCounts() bool { return s.counts != nil }

// Word returns word i.
func (s *Space) Word(i int) string { return s.text[s.offs[i]:s.offs[i+1]] }

// Count returns the corpus count of word i, 0 when the space has no counts.
func (s *Space) Count(i int) int64 {
	if s.counts == nil {
		return 0
	}
	return s.counts[i]
}

// Vector returns the unit-length vector of word i (shared, do not modify;
// a copy for a space read in place).
func (s *Space) Vector(i int) []float32 {
	if s.q != nil {
		return s.rowInto(make([]float32, s.dim), i)
	}
	return s.vecs[i*s.dim : (i+1)*s.dim : (i+1)*s.dim]
}

// rowInto returns the unit-length vector of word i: the matrix's row, or
// for a space read in place the row dequantized into dst (dim long) as
// ReadSpace dequantizes and normalises a row it copies, bit for bit.
func (s *Space) rowInto(dst []float32, i int) []float32 {
	if s.q == nil {
		return s.vecs[i*s.dim : (i+1)*s.dim : (i+1)*s.dim]
	}
	dst = dst[:s.dim]
	sc, f := s.qscale[i], s.qnorm[i]
	row := s.q[i*s.dim : (i+1)*s.dim]
	if f < 0 {
		for j, x := range row {
			dst[j] = float32(x) * sc
		}
		if !normalize(dst) {
			clear(dst)
		}
		return dst
	}
	for j, x := range row {
		v := float32(x) * sc
		dst[j] = v * f
	}
	return dst
}

// floats makes the float32 matrix of a space read in place (for building
// an index or a clustered copy, never done to a served embedded space).
func (s *Space) floats() {
	if s.q == nil {
		return
	}
	vecs := make([]float32, s.Len()*s.dim)
	for i := 0; i < s.Len(); i++ {
		s.rowInto(vecs[i*s.dim:(i+1)*s.dim], i)
	}
	s.vecs, s.q, s.qscale, s.qnorm = vecs, nil, nil, nil
}

// VectorBytes is the size of the vectors in memory (the scales only for a
// space read in place).
func (s *Space) VectorBytes() int64 {
	return int64(len(s.vecs))*4 + int64(len(s.qscale)+len(s.qnorm))*4
}

// rowNorm is the factor normalize multiplies the row q × sc by: 0 for a
// row of zeros, -1 when normalize takes its slow path.
func rowNorm(q []int8, sc float32) float32 {
	var ss float64
	for _, x := range q {
		v := float64(float32(x) * sc)
		ss += v * v
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return 0
	}
	inv := 1 / math.Sqrt(ss)
	if inv > math.MaxFloat32 {
		return -1
	}
	return float32(inv)
}

// Lookup returns the id of a word, folding case and treating a space, an
// underscore and U+00A0 between words as the same. When several words fold
// to the same key, the one with the highest count wins, then the lower-case
// form, then the first in the space.
func (s *Space) Lookup(word string) (int, bool) {
	if len(s.slots) == 0 {
		return -1, false
	}
	mask := uint64(len(s.slots) - 1)
	h := foldHash(word)
	for i := h & mask; ; i = (i + 1) & mask {
		v := s.slots[i]
		if v == 0 {
			return -1, false
		}
		if foldEqual(s.Word(int(v-1)), word) {
			return int(v - 1), true
		}
	}
}

// TermVector returns the unit vector of a term: the word's own vector, or
// for a multiword term without one the normalised mean of its words'
// vectors. It answers false when the term (or one of its words) is unknown.
func (s *Space) TermVector(term string) ([]float32, int, bool) {
	term = strings.TrimSpace(term)
	if id, ok := s.Lookup(term); ok {
		return s.Vector(id), id, true
	}
	parts := splitTerm(term)
	if len(parts) < 2 {
		return nil, -1, false
	}
	mean := make([]float32, s.dim)
	for _, p := range parts {
		id, ok := s.Lookup(p)
		if !ok {
			return nil, -1, false
		}
		vek32.Add_Inplace(mean, s.Vector(id))
	}
	if !normalize(mean) {
		return nil, -1, false
	}
	return mean, -1, true
}

// splitTerm splits a multiword term at spaces, underscores and U+00A0.
func splitTerm(term string) []string {
	return strings.FieldsFunc(term, lexicon.IsWordSep)
}

// Fold returns the lookup key of a word: lower case, separators as spaces
// (lexicon.Fold, which the thesaurus and word list readers share).
func Fold(word string) string { return lexicon.Fold(word) }

func foldHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); {
		c := s[i]
		var r rune
		if c < utf8.RuneSelf {
			r = rune(c)
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			i += n
		}
		r = lexicon.FoldRune(r)
		h ^= uint64(r)
		h *= 1099511628211
	}
	// final mix so that the low bits are well spread
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

func foldEqual(a, b string) bool {
	for a != "" && b != "" {
		var ra, rb rune
		if a[0] < utf8.RuneSelf {
			ra, a = rune(a[0]), a[1:]
		} else {
			r, n := utf8.DecodeRuneInString(a)
			ra, a = r, a[n:]
		}
		if b[0] < utf8.RuneSelf {
			rb, b = rune(b[0]), b[1:]
		} else {
			r, n := utf8.DecodeRuneInString(b)
			rb, b = r, b[n:]
		}
		if ra != rb && lexicon.FoldRune(ra) != lexicon.FoldRune(rb) {
			return false
		}
	}
	return a == "" && b == ""
}

// normalize scales v to unit length; it answers false for a zero vector.
func normalize(v []float32) bool {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return false
	}
	inv := 1 / math.Sqrt(ss)
	if inv <= math.MaxFloat32 {
		f := float32(inv)
		for i := range v {
			v[i] *= f
		}
		return true
	}
	// Tiny vectors: scale in float64 so that the factor does not overflow.
	for i := range v {
		v[i] = float32(float64(v[i]) * inv)
	}
	return true
}

// spaceBuilder collects words and vectors into a Space.
type spaceBuilder struct {
	lang   string
	dim    int
	text   []byte
	offs   []uint32
	counts []int64
	vecs   []float32
}

func newSpaceBuilder(lang string, dim, capWords int) *spaceBuilder {
	b := &spaceBuilder{lang: lang, dim: dim}
	b.offs = make([]uint32, 1, capWords+1)
	if capWords > 0 {
		b.vecs = make([]float32, 0, capWords*dim)
		adviseHugePages(b.vecs[:cap(b.vecs)])
	}
	return b
}

var errTooLarge = errors.New("word space too large")

// add appends a word with its (not yet normalised) vector.
func (b *spaceBuilder) add(word []byte, vec []float32) error {
	if len(b.text)+len(word) > math.MaxUint32 {
		return errTooLarge
	}
	b.text = append(b.text, word...)
	b.offs = append(b.offs, uint32(len(b.text)))
	b.vecs = append(b.vecs, vec...)
	return nil
}

// finish normalises the vectors, builds the index and returns the Space.
func (b *spaceBuilder) finish() (*Space, error) {
	s := &Space{lang: b.lang, dim: b.dim, text: string(b.text), offs: b.offs, vecs: b.vecs, counts: b.counts}
	if s.Len() > 0 && len(s.vecs) != s.Len()*s.dim {
		return nil, fmt.Errorf("internal: %d words but %d numbers", s.Len(), len(s.vecs))
	}
	s.normalizeAll()
	s.buildIndex()
	return s, nil
}

func (s *Space) normalizeAll() {
	parallel(s.Len(), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			v := s.vecs[i*s.dim : (i+1)*s.dim]
			if !normalize(v) {
				clear(v)
			}
		}
	})
}

// buildIndex fills the open-addressing table. Of several words folding to
// the same key, the one with the highest count keeps it; with equal counts
// (or none) the lower-case form, else the first.
func (s *Space) buildIndex() {
	n := s.Len()
	size := 8
	for size < n*2 {
		size <<= 1
	}
	s.slots = make([]int32, size)
	mask := uint64(size - 1)
	for id := 0; id < n; id++ {
		w := s.Word(id)
		for i := foldHash(w) & mask; ; i = (i + 1) & mask {
			v := s.slots[i]
			if v == 0 {
				s.slots[i] = int32(id + 1)
				break
			}
			if old := int(v - 1); foldEqual(s.Word(old), w) {
				if s.prefer(id, old) {
					s.slots[i] = int32(id + 1)
				}
				break
			}
		}
	}
}

// prefer tells whether word a should stand for its case variants rather
// than word b (which comes first).
func (s *Space) prefer(a, b int) bool {
	if ca, cb := s.Count(a), s.Count(b); ca != cb {
		return ca > cb
	}
	wa, wb := s.Word(a), s.Word(b)
	return wa == Fold(wa) && wb != Fold(wb)
}

// SetCounts attaches corpus counts by exact word; words not in the map get
// 0. It must be called before the space is shared.
func (s *Space) SetCounts(counts map[string]int64) {
	c := make([]int64, s.Len())
	for id := range c {
		c[id] = counts[s.Word(id)]
	}
	s.counts = c
}

// Subset returns a new space holding the given words (ids in any order),
// with their vectors and counts.
func (s *Space) Subset(ids []int) *Space {
	b := newSpaceBuilder(s.lang, s.dim, len(ids))
	if s.counts != nil {
		b.counts = make([]int64, 0, len(ids))
	}
	for _, id := range ids {
		_ = b.add([]byte(s.Word(id)), s.Vector(id))
		if s.counts != nil {
			b.counts = append(b.counts, s.counts[id])
		}
	}
	out, _ := b.finish()
	return out
}

// New builds a space from words and their vectors (normalised here) and
// optional counts (nil, or one per word).
func New(lang string, words []string, vecs [][]float32, counts []int64) (*Space, error) {
	if len(words) != len(vecs) || counts != nil && len(counts) != len(words) {
		return nil, errors.New("wordspace: words, vectors and counts differ in number")
	}
	if len(words) == 0 {
		return nil, errors.New("wordspace: no words")
	}
	dim := len(vecs[0])
	if dim < 1 || dim > MaxDim {
		return nil, fmt.Errorf("wordspace: dimension %d out of range", dim)
	}
	b := newSpaceBuilder(lang, dim, len(words))
	for i, w := range words {
		if len(vecs[i]) != dim {
			return nil, fmt.Errorf("wordspace: vector of %q has %d dimensions, not %d", w, len(vecs[i]), dim)
		}
		if err := b.add([]byte(w), vecs[i]); err != nil {
			return nil, err
		}
	}
	if counts != nil {
		b.counts = append([]int64(nil), counts...)
	}
	return b.finish()
}

// HeapBytes is about what the space holds in memory: its vectors (and
// rows read in place), words, counts and lookup table. The K-th
// neighbour table and an approximate index, which project spaces have
// not, are left out.
func (s *Space) HeapBytes() int64 {
	return s.VectorBytes() + int64(len(s.q)) + int64(len(s.text)) + int64(len(s.offs))*4 +
		int64(len(s.counts))*8 + int64(len(s.slots))*4
}
