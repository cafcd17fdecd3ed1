package wordspace

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/viterin/vek/vek32"
)

// ApproximateMinWords is the size from which a space gets an approximate
// index (an inverted file over k-means cells); smaller spaces are always
// searched exactly. The recall of the index against exact search is
// measured in TestIVFRecall and BenchmarkSuggest20.
var ApproximateMinWords = 200_000

// ivfIndex is an inverted file: the rows grouped by their nearest cell
// centroid (two-level spherical k-means). A query scans the rows of the
// cells whose centroids are nearest to it.
type ivfIndex struct {
	dim       int
	centroids []float32 // cells × dim, unit length
	start     []int32   // rows of cell c are ids[start[c]:start[c+1]]
	ids       []int32
	nprobe    int
}

func (ix *ivfIndex) cells() int { return len(ix.start) - 1 }

// HasIndex tells whether the approximate index is in use.
func (s *Space) HasIndex() bool { return s.ivf.Load() != nil }

// BuildIndex builds the approximate index (about √N cells) and puts it to
// use; searches running meanwhile stay exact. It is deterministic.
func (s *Space) BuildIndex(ctx context.Context) error {
	ix, err := buildIVF(ctx, s, 0)
	if err != nil {
		return err
	}
	s.ivf.Store(ix)
	return nil
}

// DropIndex returns the space to exact search.
func (s *Space) DropIndex() { s.ivf.Store(nil) }

// buildIVF clusters the rows: 32 coarse cells, each split in proportion to
// its size, for about √N cells in all.
func buildIVF(ctx context.Context, s *Space, cells int) (*ivfIndex, error) {
	n, dim := s.Len(), s.dim
	if cells <= 0 {
		cells = int(math.Sqrt(float64(n)))
	}
	cells = max(1, min(cells, n))
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	coarseK := min(32, cells)
	coarse := kmeans(s, sample(rng, all, 256*coarseK), coarseK, 8, rng)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	assign := make([]int32, n)
	assignRows(s, coarse, all, assign)
	members := group(all, assign, coarseK)
	ix := &ivfIndex{dim: dim}
	ix.start = append(ix.start, 0)
	for c, m := range members {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(m) == 0 {
			continue
		}
		k := max(1, int(math.Round(float64(cells)*float64(len(m))/float64(n))))
		k = min(k, len(m))
		var cents []float32
		if k == 1 {
			cents = coarse[c*dim : (c+1)*dim]
		} else {
			cents = kmeans(s, sample(rng, m, 64*k), k, 8, rng)
		}
		sub := make([]int32, len(m))
		assignRows(s, cents, m, sub)
		for j, g := range group(m, sub, k) {
			if len(g) == 0 {
				continue
			}
			ix.centroids = append(ix.centroids, cents[j*dim:(j+1)*dim]...)
			ix.ids = append(ix.ids, g...)
			ix.start = append(ix.start, int32(len(ix.ids)))
		}
	}
	// Probe about 1/8 of the cells, at least 32: measured recall@50 of
	// 0.97-0.99 on clustered data (TestIVFRecall, BenchmarkSuggest20).
	ix.nprobe = min(ix.cells(), max(32, ix.cells()/8))
	return ix, nil
}

func sample(rng *rand.Rand, ids []int32, k int) []int32 {
	if len(ids) <= k {
		return ids
	}
	out := make([]int32, k)
	for i, j := range rng.Perm(len(ids))[:k] {
		out[i] = ids[j]
	}
	return out
}

// kmeans runs spherical k-means over the given rows and returns k unit
// centroids.
func kmeans(s *Space, rows []int32, k, iters int, rng *rand.Rand) []float32 {
	dim := s.dim
	cents := make([]float32, k*dim)
	for i, j := range rng.Perm(len(rows))[:k] {
		copy(cents[i*dim:], s.Vector(int(rows[j])))
	}
	assign := make([]int32, len(rows))
	sums := make([]float32, k*dim)
	sizes := make([]int, k)
	for it := 0; it < iters; it++ {
		assignRows(s, cents, rows, assign)
		clear(sums)
		clear(sizes)
		for i, r := range rows {
			c := int(assign[i])
			vek32.Add_Inplace(sums[c*dim:(c+1)*dim], s.Vector(int(r)))
			sizes[c]++
		}
		for c := 0; c < k; c++ {
			dst := cents[c*dim : (c+1)*dim]
			if sizes[c] == 0 {
				copy(dst, s.Vector(int(rows[rng.IntN(len(rows))])))
				continue
			}
			copy(dst, sums[c*dim:(c+1)*dim])
			if !normalize(dst) {
				copy(dst, s.Vector(int(rows[rng.IntN(len(rows))])))
			}
		}
	}
	return cents
}

// assignRows sets assign[i] to the centroid nearest to row rows[i].
func assignRows(s *Space, cents []float32, rows []int32, assign []int32) {
	dim := s.dim
	k := len(cents) / dim
	parallel(len(rows), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			v := s.Vector(int(rows[i]))
			best, bi := float32(-3), 0
			for c := 0; c < k; c++ {
				if d := vek32.Dot(v, cents[c*dim:(c+1)*dim]); d > best {
					best, bi = d, c
				}
			}
			assign[i] = int32(bi)
		}
	})
}

func group(rows []int32, assign []int32, k int) [][]int32 {
	sizes := make([]int, k)
	for _, a := range assign {
		sizes[a]++
	}
	out := make([][]int32, k)
	for c := range out {
		out[c] = make([]int32, 0, sizes[c])
	}
	for i, r := range rows {
		out[assign[i]] = append(out[assign[i]], r)
	}
	return out
}

// search probes the nprobe cells nearest to each query; the rows of a cell
// are scanned once for all the queries that probe it.
func (ix *ivfIndex) search(ctx context.Context, s *Space, queries [][]float32, k int) ([][]hit, error) {
	nc, dim := ix.cells(), ix.dim
	byCell := make([][]int, nc)
	for qi, q := range queries {
		t := newTopK(ix.nprobe)
		for c := 0; c < nc; c++ {
			t.push(hit{int32(c), vek32.Dot(q, ix.centroids[c*dim:(c+1)*dim])})
		}
		for _, h := range t.h {
			byCell[h.id] = append(byCell[h.id], qi)
		}
	}
	var next atomic.Int64
	w := workers()
	parts := make([][]*topK, w)
	var wg sync.WaitGroup
	for wi := 0; wi < w; wi++ {
		heaps := make([]*topK, len(queries))
		for i := range heaps {
			heaps[i] = newTopK(k)
		}
		parts[wi] = heaps
		wg.Add(1)
		go func() {
			defer wg.Done()
			sub := make([][]float32, 0, len(queries))
			subHeaps := make([]*topK, 0, len(queries))
			for {
				c := int(next.Add(1) - 1)
				if c >= nc || ctx.Err() != nil {
					return
				}
				qs := byCell[c]
				if len(qs) == 0 {
					continue
				}
				sub, subHeaps = sub[:0], subHeaps[:0]
				for _, qi := range qs {
					sub = append(sub, queries[qi])
					subHeaps = append(subHeaps, heaps[qi])
				}
				s.scanIDs(sub, subHeaps, ix.ids[ix.start[c]:ix.start[c+1]])
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return mergeHeaps(parts, len(queries), k), nil
}

// scanIDs scores the listed rows against the queries into their heaps.
func (s *Space) scanIDs(queries [][]float32, heaps []*topK, ids []int32) {
	dim := s.dim
	var floorBuf [64]float32
	floor := floorBuf[:0]
	for _, h := range heaps {
		f := float32(-2)
		if h.full() {
			f = h.h[0].score
		}
		floor = append(floor, f)
	}
	for _, id := range ids {
		row := s.vecs[int(id)*dim : (int(id)+1)*dim]
		for qi, q := range queries {
			d := vek32.Dot(row, q)
			if d >= floor[qi] {
				h := heaps[qi]
				h.push(hit{id, d})
				if h.full() {
					floor[qi] = h.h[0].score
				}
			}
		}
	}
}
