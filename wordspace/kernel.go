package wordspace

import (
	"github.com/viterin/vek"
	"github.com/viterin/vek/vek32"
)

// rowScorer sets dst[i] to the dot product of row i of rows (dim floats
// each) with q and returns dst[:len(rows)/dim], as vek32.MatMul_Into does
// for a one-column q.
type rowScorer func(dst, rows, q []float32, dim int) []float32

// scorer is the row scorer of a search: vek's product where vek
// accelerates it (AVX2 on amd64), else scoreRowsPure. vek's own pure Go
// product keeps one running sum in memory and is eight times slower; it
// is what an arm64 server and the generators, which switch the
// acceleration off for bytes that do not depend on the CPU (decision
// 0150), would otherwise get.
func scorer() rowScorer {
	if vek.Info().Acceleration {
		return vek32.MatMul_Into
	}
	return scoreRowsPure
}

// scoreRowsPure is the pure Go row scorer: four running sums a row,
// added pairwise at the end. Each product is rounded to float32 before it
// is added (the conversion forbids a fused multiply-add), so the result is
// the same on every CPU and architecture.
func scoreRowsPure(dst, rows, q []float32, dim int) []float32 {
	dst = dst[:len(rows)/dim]
	q = q[:dim]
	for i := range dst {
		r := rows[i*dim : i*dim+dim]
		var a0, a1, a2, a3 float32
		k := 0
		for ; k+4 <= dim; k += 4 {
			x, y := r[k:k+4:k+4], q[k:k+4:k+4]
			a0 += float32(x[0] * y[0])
			a1 += float32(x[1] * y[1])
			a2 += float32(x[2] * y[2])
			a3 += float32(x[3] * y[3])
		}
		for ; k < dim; k++ {
			a0 += float32(r[k] * q[k])
		}
		dst[i] = (a0 + a1) + (a2 + a3)
	}
	return dst
}
