package wordspace

import (
	"context"
	"runtime"
	"slices"
	"sync"
)

// workers is the number of goroutines a scan uses: every core, at most 8.
func workers() int {
	return max(1, min(runtime.GOMAXPROCS(0), 8))
}

type workersKey struct{}

// withWorkers returns ctx telling the searches under it to use at most n
// goroutines (the Registry shares the cores among the searches admitted).
func withWorkers(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, workersKey{}, n)
}

// searchWorkers is the number of goroutines a search under ctx uses.
func searchWorkers(ctx context.Context) int {
	if n, ok := ctx.Value(workersKey{}).(int); ok && n > 0 {
		return min(n, workers())
	}
	return workers()
}

// parallel runs fn over [0,n) split into one contiguous range per core,
// or at once when n is small.
func parallel(n int, fn func(lo, hi int)) {
	if n < 4096 {
		fn(0, n)
		return
	}
	parallelChunks(n, fn)
}

// hit is one neighbour found by a search.
type hit struct {
	id    int32
	score float32
}

// topK keeps the k best hits in a min-heap on score.
type topK struct {
	k int
	h []hit
}

func newTopK(k int) *topK { return &topK{k: k, h: make([]hit, 0, k)} }

// better orders hits: higher score first, then lower id.
func better(a, b hit) bool {
	return a.score > b.score || a.score == b.score && a.id < b.id
}

// floor is the score a hit must beat to enter (−Inf while not full).
func (t *topK) full() bool { return len(t.h) == t.k }

func (t *topK) push(x hit) {
	if len(t.h) < t.k {
		t.h = append(t.h, x)
		i := len(t.h) - 1
		for i > 0 {
			p := (i - 1) / 2
			if !better(t.h[p], t.h[i]) {
				break
			}
			t.h[p], t.h[i] = t.h[i], t.h[p]
			i = p
		}
		return
	}
	if !better(x, t.h[0]) {
		return
	}
	t.h[0] = x
	i := 0
	for {
		l := 2*i + 1
		if l >= len(t.h) {
			break
		}
		m := l
		if r := l + 1; r < len(t.h) && better(t.h[l], t.h[r]) {
			m = r
		}
		if !better(t.h[i], t.h[m]) {
			break
		}
		t.h[i], t.h[m] = t.h[m], t.h[i]
		i = m
	}
}

// sorted returns the hits best first.
func (t *topK) sorted() []hit {
	out := slices.Clone(t.h)
	slices.SortFunc(out, func(a, b hit) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	return out
}

// search finds the k nearest words of each query vector by cosine, with the
// approximate index when the space has one and exact search otherwise.
func (s *Space) search(ctx context.Context, queries [][]float32, k int) ([][]hit, error) {
	if ix := s.ivf.Load(); ix != nil {
		return ix.search(ctx, s, queries, k)
	}
	return s.searchExact(ctx, queries, k)
}

// searchExact scores every query against every row in one pass over the
// matrix, split over the cores, keeping a top-k heap per query.
func (s *Space) searchExact(ctx context.Context, queries [][]float32, k int) ([][]hit, error) {
	n := s.Len()
	if len(queries) == 0 || n == 0 || k <= 0 {
		return make([][]hit, len(queries)), nil
	}
	k = min(k, n)
	w := searchWorkers(ctx)
	if n < 8192 {
		w = 1
	}
	step := (n + w - 1) / w
	parts := make([][]*topK, 0, w)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var cancelled bool
	for lo := 0; lo < n; lo += step {
		hi := min(lo+step, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			heaps, ok := s.scanRange(ctx, queries, k, lo, hi, nil)
			mu.Lock()
			defer mu.Unlock()
			if !ok {
				cancelled = true
			}
			parts = append(parts, heaps)
		}()
	}
	wg.Wait()
	if cancelled {
		return nil, ctx.Err()
	}
	return mergeHeaps(parts, len(queries), k), nil
}

// scanRange scores rows [lo,hi) (or the rows listed in ids, when given)
// against all queries. It answers false when ctx was cancelled.
func (s *Space) scanRange(ctx context.Context, queries [][]float32, k, lo, hi int, heaps []*topK) ([]*topK, bool) {
	if heaps == nil {
		heaps = make([]*topK, len(queries))
		for i := range heaps {
			heaps[i] = newTopK(k)
		}
	}
	floor := make([]float32, len(queries))
	for i := range floor {
		floor[i] = -2
		if heaps[i].full() {
			floor[i] = heaps[i].h[0].score
		}
	}
	dim := s.dim
	// Rows are scored a block at a time, one matrix-vector product per
	// query: a call per row costs as much as its dot product.
	block := max(4, scanBlockFloats/dim)
	buf := make([]float32, block)
	score := scorer()
	var deq []float32 // the block's rows of a space read in place
	if s.q != nil {
		deq = make([]float32, block*dim)
	}
	for r := lo; r < hi; r += block {
		if (r-lo)&0x3fff < block && r > lo && ctx.Err() != nil {
			return heaps, false
		}
		end := min(r+block, hi)
		var rows []float32
		if deq == nil {
			rows = s.vecs[r*dim : end*dim]
		} else {
			rows = deq[:(end-r)*dim]
			for i := r; i < end; i++ {
				s.rowInto(rows[(i-r)*dim:], i)
			}
		}
		for qi, q := range queries {
			sc := score(buf, rows, q, dim)
			for i, d := range sc {
				if d >= floor[qi] {
					h := heaps[qi]
					h.push(hit{int32(r + i), d})
					if h.full() {
						floor[qi] = h.h[0].score
					}
				}
			}
		}
	}
	return heaps, true
}

// scanBlockFloats is the size of a block of rows scored at once (64 KiB),
// below the size from which vek multiplies on goroutines of its own.
const scanBlockFloats = 16384

func mergeHeaps(parts [][]*topK, nq, k int) [][]hit {
	out := make([][]hit, nq)
	for qi := range out {
		t := newTopK(k)
		for _, p := range parts {
			for _, x := range p[qi].h {
				t.push(x)
			}
		}
		out[qi] = t.sorted()
	}
	return out
}
