package wordspace

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
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
	s.floats()
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
	s.floats()
	out := &Space{lang: s.lang, dim: s.dim, text: s.text, offs: slices.Clone(s.offs), vecs: make([]float32, len(s.vecs))}
	adviseHugePages(out.vecs)
	copy(out.vecs, s.vecs)
	if s.counts != nil {
		out.counts = slices.Clone(s.counts)
	}
	if kth := s.storedKth(); kth != nil {
		out.kth = &kthTable{k: s.kth.k, bits: slices.Clone(kth), stored: true}
	}
	if err := out.clusterInPlace(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// Cluster is Clustered without the copy, for a space just opened or built
// and not shared yet (a conversion): its own rows are reordered cell by
// cell, so that it holds its vectors once.
func (s *Space) Cluster(ctx context.Context) error {
	defer collectOften()()
	return s.clusterInPlace(ctx)
}

// clusterInPlace is Clustered without the copy: it builds the index and
// moves s's own rows cell by cell, following the permutation cycle by
// cycle with one row of scratch, so that a space being converted holds
// its vectors once. s must not be shared yet. K-th cosines not stored and
// the candidate table (both by word id) are dropped, as Clustered's copy
// has none.
func (s *Space) clusterInPlace(ctx context.Context) error {
	ix, err := buildIVF(ctx, s, 0)
	if err != nil {
		return err
	}
	n, dim := s.Len(), s.dim
	text := make([]byte, 0, len(s.text))
	offs := make([]uint32, 1, n+1)
	for _, id := range ix.ids {
		text = append(text, s.Word(int(id))...)
		offs = append(offs, uint32(len(text)))
	}
	if s.counts != nil {
		s.counts = permuted(s.counts, ix.ids)
	}
	if kth := s.storedKth(); kth != nil {
		s.kth = &kthTable{k: s.kth.k, bits: permuted(kth, ix.ids), stored: true}
	} else {
		s.kth, s.kthInit = nil, sync.Once{}
	}
	permuteRows(s.vecs, dim, ix.ids)
	s.text, s.offs, s.nbrs = string(text), offs, nil
	s.buildIndex()
	ix.ids = nil
	s.ivf.Store(ix)
	return nil
}

// permuted returns the values of v in the order of ids (out[r] = v[ids[r]]).
func permuted[T any](v []T, ids []int32) []T {
	out := make([]T, len(ids))
	for r, id := range ids {
		out[r] = v[id]
	}
	return out
}

// permuteRows reorders the rows of dim values of x in place so that row r
// becomes the former row ids[r].
func permuteRows(x []float32, dim int, ids []int32) {
	done := make([]bool, len(ids))
	tmp := make([]float32, dim)
	for r := range ids {
		if done[r] || int(ids[r]) == r {
			done[r] = true
			continue
		}
		copy(tmp, x[r*dim:(r+1)*dim])
		cur := r
		for {
			done[cur] = true
			src := int(ids[cur])
			if src == r {
				copy(x[cur*dim:(cur+1)*dim], tmp)
				break
			}
			copy(x[cur*dim:(cur+1)*dim], x[src*dim:(src+1)*dim])
			cur = src
		}
	}
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

// fineRows is the size of a cell of the index: small enough that a cell
// holds words of one region of the space (a cell mixing several regions
// has a centroid near none of them, and a query then probes many cells to
// find its neighbours there), large enough that scoring the centroids
// costs less than scanning the cells.
const fineRows = 128

// buildIVF clusters the rows in two levels: spherical k-means into about
// 2√N coarse cells (the centroids trained on a sample of 24 rows per cell,
// then every row assigned to its nearest), then k-means within each coarse
// cell into cells of about fineRows rows, which are the cells of the
// index. The scores of a block of rows against all centroids are one
// matrix product (vek's AVX2 kernel). It is deterministic.
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
	top := min(nearCoarse, len(cents)/dim)
	near := make([]int32, n*top)
	if err := assignRowsTop(ctx, s.vecs, dim, cents, top, near); err != nil {
		return nil, err
	}
	cells = len(cents) / dim
	members := make([][]int32, cells)
	for i := 0; i < n; i++ {
		a := near[i*top]
		members[a] = append(members[a], int32(i))
	}
	fine := make([]fineCells, cells)
	var failed atomic.Bool
	parallelEach(cells, func(c int) {
		if failed.Load() {
			return
		}
		f, err := splitCell(ctx, s, members[c], cents[c*dim:(c+1)*dim], uint64(c))
		if err != nil {
			failed.Store(true)
		}
		fine[c] = f
	})
	if err := ctx.Err(); err != nil || failed.Load() {
		return nil, cmp.Or(err, context.Canceled)
	}
	fineCents, fineOf := joinFine(fine, dim)
	assign, err := refineFine(ctx, s, fineCents, fineOf, near, top)
	if err != nil {
		return nil, err
	}
	ix := &ivfIndex{dim: dim, start: []int32{0}, ids: make([]int32, 0, n)}
	byCell := make([][]int32, len(fineCents)/dim)
	for i, a := range assign {
		byCell[a] = append(byCell[a], int32(i))
	}
	for c, rows := range byCell {
		if len(rows) > 0 {
			ix.centroids = append(ix.centroids, fineCents[c*dim:(c+1)*dim]...)
			ix.ids = append(ix.ids, rows...)
			ix.start = append(ix.start, int32(len(ix.ids)))
		}
	}
	ix.nprobe = defaultProbes(ix.cells())
	return ix, nil
}

// nearCoarse is how many of its nearest coarse cells a row may move among
// when the fine cells are refined, and refineIters how often.
const (
	nearCoarse  = 4
	refineIters = 2
)

// joinFine numbers the fine cells of every coarse cell in order: their
// centroids, and for each coarse cell the numbers of its fine cells.
func joinFine(fine []fineCells, dim int) ([]float32, [][]int32) {
	var cents []float32
	fineOf := make([][]int32, len(fine))
	for c, f := range fine {
		for j := range f.rows {
			fineOf[c] = append(fineOf[c], int32(len(cents)/dim))
			cents = append(cents, f.cents[j*dim:(j+1)*dim]...)
		}
	}
	return cents, fineOf
}

// refineFine runs k-means over the fine cells as if they were one level:
// each row moves to the nearest fine cell among those of its top nearest
// coarse cells (a coarse cell often holds pieces of several regions of the
// space, and a region is often cut between coarse cells: this joins its
// pieces), then the centroids are recomputed, refineIters times. It
// returns each row's fine cell; cents is updated in place.
func refineFine(ctx context.Context, s *Space, cents []float32, fineOf [][]int32, near []int32, top int) ([]int32, error) {
	n, dim := s.Len(), s.dim
	nf := len(cents) / dim
	assign := make([]int32, n)
	for it := 0; it < refineIters; it++ {
		parallelChunks(n, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				v := s.Vector(i)
				best, bi := float32(-3), int32(0)
				for _, c := range near[i*top : (i+1)*top] {
					for _, f := range fineOf[c] {
						if d := vek32.Dot(v, cents[int(f)*dim:int(f+1)*dim]); d > best {
							best, bi = d, f
						}
					}
				}
				assign[i] = bi
			}
		})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sums := make([]float32, nf*dim)
		for i, a := range assign {
			vek32.Add_Inplace(sums[int(a)*dim:int(a+1)*dim], s.Vector(i))
		}
		for f := 0; f < nf; f++ {
			if normalize(sums[f*dim : (f+1)*dim]) {
				copy(cents[f*dim:(f+1)*dim], sums[f*dim:(f+1)*dim])
			}
		}
	}
	return assign, nil
}

// fineCells are the cells a coarse cell is split into: their unit
// centroids and rows (none empty).
type fineCells struct {
	cents []float32
	rows  [][]int32
}

// cellRows reuses the copies of a coarse cell's rows splitCell clusters:
// fresh ones for every cell would leave as much garbage as the vectors.
var cellRows sync.Pool // *[]float32

// splitCell splits the rows of one coarse cell (centroid cent) into cells
// of about fineRows rows by k-means seeded with seed.
func splitCell(ctx context.Context, s *Space, rows []int32, cent []float32, seed uint64) (fineCells, error) {
	dim := s.dim
	k := (len(rows) + fineRows - 1) / fineRows
	if k <= 1 {
		if len(rows) == 0 {
			return fineCells{}, nil
		}
		return fineCells{cents: slices.Clone(cent), rows: [][]int32{rows}}, nil
	}
	xp, _ := cellRows.Get().(*[]float32)
	if xp == nil || cap(*xp) < len(rows)*dim {
		xp = new(make([]float32, len(rows)*dim))
	}
	defer cellRows.Put(xp)
	x := (*xp)[:len(rows)*dim]
	for i, r := range rows {
		copy(x[i*dim:], s.Vector(int(r)))
	}
	rng := rand.New(rand.NewPCG(2, seed))
	cents, err := kmeans(ctx, x, dim, k, 6, rng)
	if err != nil {
		return fineCells{}, err
	}
	assign := make([]int32, len(rows))
	if err := assignRows(ctx, x, dim, cents, assign); err != nil {
		return fineCells{}, err
	}
	byCell := make([][]int32, k)
	for i, a := range assign {
		byCell[a] = append(byCell[a], rows[i])
	}
	var f fineCells
	for c, rs := range byCell {
		if len(rs) > 0 {
			f.cents = append(f.cents, cents[c*dim:(c+1)*dim]...)
			f.rows = append(f.rows, rs)
		}
	}
	return f, nil
}

// parallelEach runs fn(i) for i in [0,n) on every core.
func parallelEach(n int, fn func(i int)) { parallelEachN(n, workers(), fn) }

// parallelEachN runs fn(i) for i in [0,n) on w goroutines.
func parallelEachN(n, w int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for ; w > 0; w-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// defaultProbes is the number of cells a query scans before tuning: 1/64
// of them, at least 8 (recall measured in TestIVFRecall).
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
	return assignRowsTop(ctx, x, dim, cents, 1, assign)
}

// assignRowsTop sets assign[i*top:(i+1)*top] to the top centroids nearest
// to row i of x, nearest first (top at most the centroids). Blocks of rows
// are spread over the cores.
func assignRowsTop(ctx context.Context, x []float32, dim int, cents []float32, top int, assign []int32) error {
	k := len(cents) / dim
	m := len(x) / dim
	centT := make([]float32, dim*k)
	for c := 0; c < k; c++ {
		for j := 0; j < dim; j++ {
			centT[j*k+c] = cents[c*dim+j]
		}
	}
	const block = 256
	parallelChunks((m+block-1)/block, func(b0, b1 int) {
		scores := make([]float32, block*k)
		t := newTopK(top)
		for lo := b0 * block; lo < min(b1*block, m); lo += block {
			if ctx.Err() != nil {
				return
			}
			hi := min(lo+block, m)
			sc := vek32.MatMul_Into(scores, x[lo*dim:hi*dim], centT, dim)
			for i := 0; i < hi-lo; i++ {
				t.h = t.h[:0]
				for c, v := range sc[i*k : (i+1)*k] {
					if !t.full() || v > t.h[0].score {
						t.push(hit{int32(c), v})
					}
				}
				for j, h := range t.sorted() {
					assign[(lo+i)*top+j] = h.id
				}
			}
		}
	})
	return ctx.Err()
}

// parallelChunks runs fn over [0,n) split into one range per core.
func parallelChunks(n int, fn func(lo, hi int)) {
	w := min(workers(), max(n, 1))
	var wg sync.WaitGroup
	step := (n + w - 1) / w
	for lo := 0; lo < n; lo += step {
		wg.Add(1)
		go func() { defer wg.Done(); fn(lo, min(lo+step, n)) }()
	}
	wg.Wait()
}

// search probes the nprobe cells nearest to each query; the rows of a cell
// are scanned once for all the queries that probe it.
func (ix *ivfIndex) search(ctx context.Context, s *Space, queries [][]float32, k int) ([][]hit, error) {
	nc := ix.cells()
	k = max(1, min(k, s.Len()))
	byCell := make([][]int, nc)
	for qi, cells := range ix.probe(ctx, queries) {
		for _, c := range cells {
			byCell[c] = append(byCell[c], qi)
		}
	}
	var next atomic.Int64
	w := searchWorkers(ctx)
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

// probe returns the nprobe cells nearest to each query. The centroids are
// scored a block at a time for all queries (a block stays in cache while
// every query is scored against it); the blocks are shared out among the
// search's goroutines, each keeping one heap per query.
func (ix *ivfIndex) probe(ctx context.Context, queries [][]float32) [][]int32 {
	nc, dim := ix.cells(), ix.dim
	block := max(4, scanBlockFloats/dim)
	nb := (nc + block - 1) / block
	w := min(searchWorkers(ctx), nb)
	parts := make([][]*topK, w)
	var next atomic.Int64
	var wg sync.WaitGroup
	score := scorer()
	for wi := range parts {
		heaps := make([]*topK, len(queries))
		for qi := range heaps {
			heaps[qi] = newTopK(ix.nprobe)
		}
		parts[wi] = heaps
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]float32, block)
			for b := int(next.Add(1) - 1); b < nb; b = int(next.Add(1) - 1) {
				lo, hi := b*block, min((b+1)*block, nc)
				for qi, q := range queries {
					t := heaps[qi]
					for i, d := range score(buf[:hi-lo], ix.centroids[lo*dim:hi*dim], q, dim) {
						if !t.full() || d > t.h[0].score {
							t.push(hit{int32(lo + i), d})
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	out := make([][]int32, len(queries))
	for qi, hs := range mergeHeaps(parts, len(queries), ix.nprobe) {
		for _, h := range hs {
			out[qi] = append(out[qi], h.id)
		}
	}
	return out
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
	buf := make([]float32, dim)
	for _, id := range ids {
		row := s.rowInto(buf, int(id))
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
