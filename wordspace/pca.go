package wordspace

import (
	"errors"
	"math"
	"math/rand/v2"

	"github.com/viterin/vek/vek32"
)

// Reduce returns a copy of the space projected on its top dim principal
// components (the vectors centred on their mean first), normalised again.
// It lets a space built with wide Random Indexing vectors be stored small:
// the projection keeps the structure the words share and drops most of the
// random-overlap noise that narrow index vectors would add. The components
// are found by subspace iteration on the covariance matrix; the result is
// deterministic.
func (s *Space) Reduce(dim, iterations int) (*Space, error) {
	n, d := s.Len(), s.dim
	if dim <= 0 || dim > d {
		return nil, errors.New("reduce: dimension out of range")
	}
	if n == 0 {
		return nil, errors.New("reduce: empty space")
	}
	mean := make([]float32, d)
	for i := 0; i < n; i++ {
		vek32.Add_Inplace(mean, s.Vector(i))
	}
	vek32.DivNumber_Inplace(mean, float32(n))
	// Covariance C = XcᵀXc/n, computed in blocks of rows.
	cov := make([]float32, d*d)
	const block = 2048
	xt := make([]float32, d*block)
	xb := make([]float32, block*d)
	part := make([]float32, d*d)
	for lo := 0; lo < n; lo += block {
		hi := min(lo+block, n)
		m := hi - lo
		for i := 0; i < m; i++ {
			row := xb[i*d : (i+1)*d]
			vek32.Sub_Into(row, s.Vector(lo+i), mean)
			for j, x := range row {
				xt[j*m+i] = x
			}
		}
		vek32.MatMul_Into(part, xt[:d*m], xb[:m*d], m)
		vek32.Add_Inplace(cov, part)
	}
	// Subspace iteration for the top dim eigenvectors (as columns of V).
	rng := rand.New(rand.NewPCG(7, uint64(d)))
	v := make([]float32, d*dim)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	orthonormalizeColumns(v, d, dim)
	w := make([]float32, d*dim)
	if iterations <= 0 {
		iterations = 30
	}
	for it := 0; it < iterations; it++ {
		vek32.MatMul_Into(w, cov, v, d)
		orthonormalizeColumns(w, d, dim)
		v, w = w, v
	}
	// Project.
	b := newSpaceBuilder(s.lang, dim, n)
	out := make([]float32, block*dim)
	for lo := 0; lo < n; lo += block {
		hi := min(lo+block, n)
		m := hi - lo
		for i := 0; i < m; i++ {
			vek32.Sub_Into(xb[i*d:(i+1)*d], s.Vector(lo+i), mean)
		}
		vek32.MatMul_Into(out, xb[:m*d], v, d)
		for i := 0; i < m; i++ {
			if err := b.add([]byte(s.Word(lo+i)), out[i*dim:(i+1)*dim]); err != nil {
				return nil, err
			}
		}
	}
	if s.counts != nil {
		b.counts = append([]int64(nil), s.counts...)
	}
	return b.finish()
}

// orthonormalizeColumns runs modified Gram-Schmidt (in float64) on the k
// columns of the row-major d×k matrix a.
func orthonormalizeColumns(a []float32, d, k int) {
	cols := make([][]float64, k)
	for c := range cols {
		col := make([]float64, d)
		for r := 0; r < d; r++ {
			col[r] = float64(a[r*k+c])
		}
		cols[c] = col
	}
	for c := 0; c < k; c++ {
		col := cols[c]
		for p := 0; p < c; p++ {
			prev := cols[p]
			var dot float64
			for r := range col {
				dot += col[r] * prev[r]
			}
			for r := range col {
				col[r] -= dot * prev[r]
			}
		}
		var ss float64
		for _, x := range col {
			ss += x * x
		}
		nrm := math.Sqrt(ss)
		if nrm == 0 {
			col[c%d] = 1
			nrm = 1
		}
		for r := range col {
			col[r] /= nrm
		}
	}
	for c, col := range cols {
		for r := 0; r < d; r++ {
			a[r*k+c] = float32(col[r])
		}
	}
}
