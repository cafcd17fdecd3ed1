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
// centroid (spherical k-means). A query scans the rows of the
// cells whose centroids are nearest to it.
type ivfIndex struct {
	dim       int
	centroids []float32 // cells × dim, unit length
	start     []int32   // rows of cell c are ids[start[c]:start[c+1]]
	ids       []int32   // nil: the rows are stored by cell, cell c is rows start[c]..start[c+1]
	nprobe    int
}

func (ix *ivfIndex) cells() int { return len(ix.start) - 1 }

// HasIndex tells whether the approximate index is in use.
func (s *Space) HasIndex() bool { return s.ivf.Load() != nil }

// BuildIndex builds the approximate index (about 2√N cells) and puts it to
// use; searches running meanwhile stay exact. It is deterministic. The rows
// of a cell are scattered over the matrix; a space written after
// Clustered keeps them together, which scans faster.
func (s *Space) BuildIndex(ctx context.Context) error {
	ix, err := buildIVF(ctx, s, 0)
	if err != nil {
		return err
	}
	s.ivf.Store(ix)
	return nil
}

// Clustered returns a copy of the space with an approximate index whose
// cells are contiguous: the words are reordered cell by cell (with their
// counts and stored K-th neighbour cosines). WriteSpace
// stores the index with it, so that the file opens with the index ready.
func (s *Space) Clustered(ctx context.Context) (*Space, error) {
	ix, err := buildIVF(ctx, s, 0)
	if err != nil {
		return nil, err
	}
	n, dim := s.Len(), s.dim
	out := &Space{lang: s.lang, dim: dim, offs: make([]uint32, 1, n+1), vecs: make([]float32, n*dim)}
	adviseHugePages(out.vecs)
	text := make([]byte, 0, len(s.text))
	if s.counts != nil {
		out.counts = make([]int64, n)
	}
	kth := s.storedKth()
	if kth != nil {
		out.kth = &kthTable{k: s.kth.k, bits: make([]uint32, n), stored: true}
	}
	for r, id := range ix.ids {
		text = append(text, s.Word(int(id))...)
		out.offs = append(out.offs, uint32(len(text)))
		copy(out.vecs[r*dim:], s.Vector(int(id)))
		if s.counts != nil {
			out.counts[r] = s.counts[id]
		}
		if kth != nil {
			out.kth.bits[r] = kth[id]
		}
	}
	out.text = string(text)
	out.buildIndex()
	ix.ids = nil
	out.ivf.Store(ix)
	return out, nil
}

// SetProbes sets how many cells a search of the approximate index scans
// (more: higher recall, slower); WriteSpace stores it with the index. It
// must be called before the space is shared. Without an index it does
// nothing.
func (s *Space) SetProbes(n int) {
	if ix := s.ivf.Load(); ix != nil {
		ix.nprobe = max(1, min(n, ix.cells()))
	}
}

// Probes returns how many cells a search scans (0 without an index).
func (s *Space) Probes() int {
	if ix := s.ivf.Load(); ix != nil {
		return ix.nprobe
	}
	return 0
}

// DropIndex returns the space to exact search.
func (s *Space) DropIndex() { s.ivf.Store(nil) }

// buildIVF clusters the rows with spherical k-means into about √N cells:
// the centroids are trained on a sample of 32 rows per cell, then every row
// goes to its nearest centroid. The scores of a block of rows against all
// centroids are one matrix product (vek's AVX2 kernel, on every core).
func buildIVF(ctx context.Context, s *Space, cells int) (*ivfIndex, error) {
	n, dim := s.Len(), s.dim
	if cells <= 0 {
		cells = int(2 * math.Sqrt(float64(n)))
	}
	cells = max(1, min(cells, n))
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	m := min(n, 24*cells)
	train := make([]float32, m*dim)
	for i, j := range rng.Perm(n)[:m] {
		copy(train[i*dim:], s.Vector(j))
	}
	cents, err := kmeans(ctx, train, dim, cells, 6, rng)
	if err != nil {
		return nil, err
	}
	train = nil
	assign := make([]int32, n)
	if err := assignRows(ctx, s.vecs, dim, cents, assign); err != nil {
		return nil, err
	}
	ix := &ivfIndex{dim: dim}
	ix.start = append(ix.start, 0)
	sizes := make([]int32, cells)
	for _, a := range assign {
		sizes[a]++
	}
	pos := make([]int32, cells)
	var total int32
	for c := 0; c < cells; c++ {
		pos[c] = total
		total += sizes[c]
	}
	ids := make([]int32, n)
	for i, a := range assign {
		ids[pos[a]] = int32(i)
		pos[a]++
	}
	var at int32
	for c := 0; c < cells; c++ {
		if sizes[c] == 0 {
			continue
		}
		ix.centroids = append(ix.centroids, cents[c*dim:(c+1)*dim]...)
		at += sizes[c]
		ix.start = append(ix.start, at)
	}
	ix.ids = ids
	ix.nprobe = defaultProbes(ix.cells())
	return ix, nil
}

// defaultProbes is the number of cells a query scans: 1/64 of them, at
// least 8 (recall measured in TestIVFRecall and BenchmarkSuggest20).
func defaultProbes(cells int) int {
	return min(cells, max(8, cells/64))
}

// kmeans runs spherical k-means over the rows of x (m × dim) and returns
// k unit centroids.
func kmeans(ctx context.Context, x []float32, dim, k, iters int, rng *rand.Rand) ([]float32, error) {
	m := len(x) / dim
	k = min(k, m)
	cents := make([]float32, k*dim)
	for i, j := range rng.Perm(m)[:k] {
		copy(cents[i*dim:], x[j*dim:(j+1)*dim])
	}
	assign := make([]int32, m)
	sizes := make([]int, k)
	for it := 0; it < iters; it++ {
		if err := assignRows(ctx, x, dim, cents, assign); err != nil {
			return nil, err
		}
		clear(cents)
		clear(sizes)
		for i := 0; i < m; i++ {
			c := int(assign[i])
			vek32.Add_Inplace(cents[c*dim:(c+1)*dim], x[i*dim:(i+1)*dim])
			sizes[c]++
		}
		for c := 0; c < k; c++ {
			dst := cents[c*dim : (c+1)*dim]
			if sizes[c] == 0 || !normalize(dst) {
				j := rng.IntN(m)
				copy(dst, x[j*dim:(j+1)*dim])
			}
		}
	}
	return cents, nil
}

// assignRows sets assign[i] to the centroid nearest to row i of x.
func assignRows(ctx context.Context, x []float32, dim int, cents []float32, assign []int32) error {
	k := len(cents) / dim
	m := len(x) / dim
	centT := make([]float32, dim*k)
	for c := 0; c < k; c++ {
		for j := 0; j < dim; j++ {
			centT[j*k+c] = cents[c*dim+j]
		}
	}
	const block = 256
	scores := make([]float32, block*k)
	for lo := 0; lo < m; lo += block {
		if err := ctx.Err(); err != nil {
			return err
		}
		hi := min(lo+block, m)
		sc := vek32.MatMul_Into(scores, x[lo*dim:hi*dim], centT, dim)
		for i := 0; i < hi-lo; i++ {
			row := sc[i*k : (i+1)*k]
			best, bi := row[0], 0
			for c, v := range row {
				if v > best {
					best, bi = v, c
				}
			}
			assign[lo+i] = int32(bi)
		}
	}
	return nil
}

// search probes the nprobe cells nearest to each query; the rows of a cell
// are scanned once for all the queries that probe it.
func (ix *ivfIndex) search(ctx context.Context, s *Space, queries [][]float32, k int) ([][]hit, error) {
	nc, dim := ix.cells(), ix.dim
	k = max(1, min(k, s.Len()))
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
				if ix.ids == nil {
					s.scanRange(ctx, sub, k, int(ix.start[c]), int(ix.start[c+1]), subHeaps)
				} else {
					s.scanIDs(sub, subHeaps, ix.ids[ix.start[c]:ix.start[c+1]])
				}
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
