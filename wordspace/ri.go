package wordspace

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"unicode"
	"unicode/utf8"
)

// BuildOptions configure Random Indexing.
type BuildOptions struct {
	Lang     string
	Dim      int     // dimension of the index and context vectors (2000)
	NonZero  int     // non-zero elements of an index vector, half +1, half −1 (8)
	Window   int     // words on each side (2)
	MinCount int     // words seen fewer times get no vector (5)
	MaxWords int     // keep at most this many of the most frequent words (0: all)
	Seed     uint64  // the index vectors depend on the seed and the word only
	Lambda   float64 // frequency weighting exp(−λ·f/T) of a context word (60)
	// MaxTypes bounds the distinct words the counting pass keeps (0: no
	// bound): once it holds that many, words not seen yet are not
	// counted, so hostile text of ever new words costs bounded memory.
	MaxTypes int
	// Progress, when set, is called now and then with the bytes processed
	// and the total over both passes.
	Progress func(done, total int64)
}

func (o *BuildOptions) defaults() {
	if o.Dim <= 0 {
		o.Dim = 2000
	}
	if o.NonZero <= 0 {
		o.NonZero = 8
	}
	o.NonZero = min(o.NonZero, o.Dim)
	if o.Window <= 0 {
		o.Window = 2
	}
	if o.MinCount <= 0 {
		o.MinCount = 5
	}
	if o.Lambda <= 0 {
		o.Lambda = 60
	}
}

// Builder builds a word space with Random Indexing as Gavagai's word spaces
// used it: every word has a fixed sparse ternary index vector (Dim
// dimensions, NonZero of them ±1); a word's context vector is the sum of the
// index vectors of the words within Window positions on either side,
// permuted by one position to the left or to the right to mark the side,
// and weighted by exp(−λ·f/T) so that frequent words count less (f the
// context word's count, T the number of tokens). Building takes two
// streaming passes: Count, then Freeze, then Train.
type Builder struct {
	opt    BuildOptions
	counts map[string]int64
	total  int64
	words  []string
	vocab  map[string]int32
	index  []int32 // words × NonZero: position+1, negative for −1
	weight []float32
	ctx    []float32
}

// NewBuilder returns a builder for the first (counting) pass.
func NewBuilder(opt BuildOptions) *Builder {
	opt.defaults()
	return &Builder{opt: opt, counts: map[string]int64{}}
}

// Tokens splits a line of text into lower-case word tokens: runs of
// letters and digits, with inner apostrophes, hyphens and dots kept.
func Tokens(line string, dst []string) []string {
	dst = dst[:0]
	i := 0
	for i < len(line) {
		r, n := utf8.DecodeRuneInString(line[i:])
		if !isTokenRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(line) {
			r2, n2 := utf8.DecodeRuneInString(line[j:])
			if isTokenRune(r2) {
				j += n2
				continue
			}
			if r2 == '\'' || r2 == '-' || r2 == '.' || r2 == '’' {
				if k := j + n2; k < len(line) {
					if r3, _ := utf8.DecodeRuneInString(line[k:]); isTokenRune(r3) {
						j = k
						continue
					}
				}
			}
			break
		}
		dst = append(dst, Fold(line[i:j]))
		i = j
	}
	return dst
}

func isTokenRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// CountText is the first pass over a text: it counts the tokens.
func (b *Builder) CountText(r io.Reader) error {
	return eachLine(r, b.CountLine)
}

// CountLine counts the tokens of one line (CountText's pass over a text
// held in memory).
func (b *Builder) CountLine(line string) {
	var buf [64]string
	for _, t := range Tokens(line, buf[:0]) {
		if _, ok := b.counts[t]; !ok && b.opt.MaxTypes > 0 && len(b.counts) >= b.opt.MaxTypes {
			continue
		}
		b.counts[t]++
		b.total++
	}
}

// CountWord adds n occurrences of a word (used for words that occur only in
// set contexts, such as multiword lemmas).
func (b *Builder) CountWord(w string, n int64) {
	b.counts[Fold(w)] += n
	b.total += n
}

// Freeze chooses the vocabulary (count ≥ MinCount, the MaxWords most
// frequent) and allocates the context vectors.
func (b *Builder) Freeze() {
	for w, c := range b.counts {
		if c >= int64(b.opt.MinCount) {
			b.words = append(b.words, w)
		}
	}
	slices.SortFunc(b.words, func(x, y string) int {
		if c := cmp.Compare(b.counts[y], b.counts[x]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	if b.opt.MaxWords > 0 && len(b.words) > b.opt.MaxWords {
		b.words = b.words[:b.opt.MaxWords]
	}
	b.vocab = make(map[string]int32, len(b.words))
	nz := b.opt.NonZero
	b.index = make([]int32, len(b.words)*nz)
	b.weight = make([]float32, len(b.words))
	for i, w := range b.words {
		b.vocab[w] = int32(i)
		b.indexVector(w, b.index[i*nz:(i+1)*nz])
		b.weight[i] = float32(math.Exp(-b.opt.Lambda * float64(b.counts[w]) / float64(max(b.total, 1))))
	}
	b.ctx = make([]float32, len(b.words)*b.opt.Dim)
}

// Words returns the vocabulary chosen by Freeze.
func (b *Builder) Words() []string { return b.words }

// indexVector fills dst with the word's non-zero positions (+1-based, the
// sign is the sign of the element), derived from the seed and the word.
func (b *Builder) indexVector(w string, dst []int32) {
	h := b.opt.Seed ^ 0x9e3779b97f4a7c15
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 0x100000001b3
	}
	dim := b.opt.Dim
	for i := 0; i < len(dst); {
		h = splitmix(h)
		p := int32(h % uint64(dim))
		if slices.ContainsFunc(dst[:i], func(x int32) bool { return x == p+1 || x == -(p+1) }) {
			continue
		}
		if i%2 == 0 {
			dst[i] = p + 1
		} else {
			dst[i] = -(p + 1)
		}
		i++
	}
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	z := x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// addIndex adds weight × the index vector of word c, rotated by shift, to
// the context vector of word t.
func (b *Builder) addIndex(t, c int32, shift int, weight float32) {
	dim := b.opt.Dim
	dst := b.ctx[int(t)*dim : (int(t)+1)*dim]
	nz := b.opt.NonZero
	for _, p := range b.index[int(c)*nz : (int(c)+1)*nz] {
		v := weight
		if p < 0 {
			v, p = -v, -p
		}
		pos := int(p-1) + shift
		if pos < 0 {
			pos += dim
		} else if pos >= dim {
			pos -= dim
		}
		dst[pos] += v
	}
}

// TrainText is the second pass over a text: the sliding window.
func (b *Builder) TrainText(r io.Reader) error {
	if b.vocab == nil {
		return errors.New("random indexing: Train before Freeze")
	}
	return eachLine(r, b.TrainLine)
}

// TrainLine slides the window over one line (TrainText's pass over a text
// held in memory); Freeze must have been called.
func (b *Builder) TrainLine(line string) {
	var tb [64]string
	var ib [64]int32
	toks := Tokens(line, tb[:0])
	ids := ib[:0]
	for _, t := range toks {
		id, ok := b.vocab[t]
		if !ok {
			id = -1
		}
		ids = append(ids, id)
	}
	b.TrainIDs(ids)
}

// TrainIDs slides the window over a sequence of word ids (−1: a word
// outside the vocabulary, which takes its position but adds nothing).
func (b *Builder) TrainIDs(ids []int32) {
	w := b.opt.Window
	for i, t := range ids {
		if t < 0 {
			continue
		}
		for o := -w; o <= w; o++ {
			j := i + o
			if o == 0 || j < 0 || j >= len(ids) || ids[j] < 0 {
				continue
			}
			shift := 1
			if o < 0 {
				shift = -1
			}
			c := ids[j]
			b.addIndex(t, c, shift, b.weight[c])
		}
	}
}

// ID returns the vocabulary id of a word (after Freeze).
func (b *Builder) ID(w string) (int32, bool) {
	id, ok := b.vocab[Fold(w)]
	return id, ok
}

// AddContext adds to the context vector of word t the index vectors of the
// words ctx (unpermuted, frequency weighted, times weight): a bag-of-words
// context such as a definition.
func (b *Builder) AddContext(t string, ctx []string, weight float32) {
	tid, ok := b.ID(t)
	if !ok {
		return
	}
	for _, w := range ctx {
		if c, ok := b.ID(w); ok && c != tid {
			b.addIndex(tid, c, 0, weight*b.weight[c])
		}
	}
}

// Space returns the built space: the context vectors, normalised, with the
// counts of the first pass. Words that never got a context are dropped.
func (b *Builder) Space() (*Space, error) {
	dim := b.opt.Dim
	sb := newSpaceBuilder(b.opt.Lang, dim, len(b.words))
	var counts []int64
	for i, w := range b.words {
		v := b.ctx[i*dim : (i+1)*dim]
		if !slices.ContainsFunc(v, func(x float32) bool { return x != 0 }) {
			continue
		}
		if err := sb.add([]byte(w), v); err != nil {
			return nil, err
		}
		counts = append(counts, b.counts[w])
	}
	sb.counts = counts
	if len(counts) == 0 {
		return nil, errors.New("random indexing: no word reached the minimum count")
	}
	return sb.finish()
}

// eachLine calls fn for every line of r (lines of any length).
func eachLine(r io.Reader, fn func(string)) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		l, err := br.ReadString('\n')
		if len(l) > 0 {
			fn(l)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// BuildFiles builds a space from text files with two streaming passes,
// reporting progress over both.
func BuildFiles(ctx context.Context, opt BuildOptions, paths []string) (*Space, error) {
	var total int64
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		total += st.Size()
	}
	total *= 2
	b := NewBuilder(opt)
	var done int64
	pass := func(fn func(io.Reader) error) error {
		for _, p := range paths {
			if err := ctx.Err(); err != nil {
				return err
			}
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			base := done
			cr := newCountingReader(f, total, func(n, _ int64) {
				if opt.Progress != nil {
					opt.Progress(base+n, total)
				}
			})
			err = fn(cr)
			done = base + cr.n.Load()
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
		}
		return nil
	}
	if err := pass(b.CountText); err != nil {
		return nil, err
	}
	b.Freeze()
	if err := pass(b.TrainText); err != nil {
		return nil, err
	}
	if opt.Progress != nil {
		opt.Progress(total, total)
	}
	return b.Space()
}

// TakeVectors returns the context vectors accumulated so far (words × Dim,
// in the order of Words) and starts afresh from zero vectors, so that
// contexts of different kinds can be normalised and weighted separately.
func (b *Builder) TakeVectors() []float32 {
	v := b.ctx
	b.ctx = make([]float32, len(v))
	return v
}

// SetVectors replaces the context vectors (words × Dim, in the order of
// Words).
func (b *Builder) SetVectors(v []float32) error {
	if len(v) != len(b.words)*b.opt.Dim {
		return errors.New("random indexing: vectors do not match the vocabulary")
	}
	b.ctx = v
	return nil
}

// AddKeyContext adds to the context vector of word t the index vector of
// an arbitrary context key (a document, a synset, a cluster), times weight:
// Random Indexing with documents as contexts.
func (b *Builder) AddKeyContext(t, key string, weight float32) {
	tid, ok := b.ID(t)
	if !ok {
		return
	}
	var idx [64]int32
	nz := min(b.opt.NonZero, len(idx))
	b.indexVector("\x00"+key, idx[:nz])
	dim := b.opt.Dim
	dst := b.ctx[int(tid)*dim : (int(tid)+1)*dim]
	for _, p := range idx[:nz] {
		v := weight
		if p < 0 {
			v, p = -v, -p
		}
		dst[p-1] += v
	}
}
