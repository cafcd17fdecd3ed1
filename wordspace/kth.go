package wordspace

import (
	"context"
	"math"
	"sync"
	"sync/atomic"

	"github.com/viterin/vek/vek32"
)

// Reciprocity (DECISIONS.md, Poles: forWord among the candidate's own K
// nearest neighbours) is the same as the cosine of candidate and forWord
// reaching the cosine of the candidate's K-th neighbour. That K-th cosine
// depends on the word alone, so it is computed once per word: for the
// whole space when the space is built (ComputeKth, stored in the file),
// else the first time a word is a candidate, and remembered.

// kthUnknown marks a word whose K-th cosine is not computed yet.
const kthUnknown = math.MaxUint32

// kthTable holds the K-th cosines of the words of a space, as float32
// bits, for one K.
type kthTable struct {
	k    int
	once sync.Once
	bits []uint32
	// stored tells that every word has its value (computed for the whole
	// space), so that WriteSpace keeps them.
	stored bool
}

// table returns the bits of t, allocated at the first use.
func (t *kthTable) table(n int) []uint32 {
	t.once.Do(func() {
		if t.bits == nil {
			t.bits = make([]uint32, n)
			for i := range t.bits {
				t.bits[i] = kthUnknown
			}
		}
	})
	return t.bits
}

// kthOf is the cosine between word id and its k-th neighbour candidate
// among hits, or -2 when it has fewer than k (every candidate is then
// among its neighbours).
func (s *Space) kthOf(id int, hits []hit, k int) float32 {
	own := s.neighbourList(hits, k, func(x int) bool { return x == id })
	if len(own) < k {
		return -2
	}
	return vek32.Dot(s.Vector(id), s.Vector(own[len(own)-1]))
}

// ComputeKth computes the K-th cosine of every word with k = NeighbourK,
// in batches over the cores. WriteSpace stores them, so that a space read
// back answers reciprocity without any search.
func (s *Space) ComputeKth(ctx context.Context) error {
	n, k := s.Len(), NeighbourK
	bits := make([]uint32, n)
	err := s.eachWordHits(ctx, rawK(k), s.search, func(i int, hs []hit) {
		bits[i] = math.Float32bits(s.kthOf(i, hs, k))
	})
	if err != nil {
		return err
	}
	s.kth = &kthTable{k: k, bits: bits, stored: true}
	return nil
}

// eachWordHits runs search for every word of the space, in batches of 256
// (each search uses the cores), and gives fn each word's k hits.
func (s *Space) eachWordHits(ctx context.Context, k int, search func(context.Context, [][]float32, int) ([][]hit, error), fn func(i int, hs []hit)) error {
	const batch = 256
	qs := make([][]float32, 0, batch)
	for lo := 0; lo < s.Len(); lo += batch {
		hi := min(lo+batch, s.Len())
		qs = qs[:0]
		for i := lo; i < hi; i++ {
			qs = append(qs, s.Vector(i))
		}
		hits, err := search(ctx, qs, k)
		if err != nil {
			return err
		}
		for j, hs := range hits {
			fn(lo+j, hs)
		}
	}
	return nil
}

// kthFor returns the K-th cosines of ids (k = NeighbourK), searching in
// one batch for those not known yet and remembering them.
func (s *Space) kthFor(ctx context.Context, ids []int) ([]float32, error) {
	bits := s.kthTable().table(s.Len())
	out := make([]float32, len(ids))
	var missing []int
	for i, id := range ids {
		b := atomic.LoadUint32(&bits[id])
		if b == kthUnknown {
			missing = append(missing, i)
			continue
		}
		out[i] = math.Float32frombits(b)
	}
	if len(missing) == 0 {
		return out, nil
	}
	qs := make([][]float32, len(missing))
	for j, i := range missing {
		qs[j] = s.Vector(ids[i])
	}
	hits, err := s.search(ctx, qs, rawK(NeighbourK))
	if err != nil {
		return nil, err
	}
	for j, i := range missing {
		v := s.kthOf(ids[i], hits[j], NeighbourK)
		atomic.StoreUint32(&bits[ids[i]], math.Float32bits(v))
		out[i] = v
	}
	return out, nil
}

// kthTable returns the space's table, made at the first use.
func (s *Space) kthTable() *kthTable {
	s.kthInit.Do(func() {
		if s.kth == nil {
			s.kth = &kthTable{k: NeighbourK}
		}
	})
	return s.kth
}

// storedKth returns the K-th cosines WriteSpace stores, or nil.
func (s *Space) storedKth() []uint32 {
	if s.kth != nil && s.kth.stored {
		return s.kth.bits
	}
	return nil
}
