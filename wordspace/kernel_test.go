package wordspace

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/viterin/vek"
	"github.com/viterin/vek/vek32"
)

// TestScoreRowsPure: the pure scorer agrees with a float64 product and
// with vek's for dimensions that are and are not multiples of four, and
// only fills the rows it is given.
func TestScoreRowsPure(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{1, 3, 4, 7, 64, 100, 301} {
		const n = 37
		rows, q := make([]float32, n*dim), make([]float32, dim)
		for i := range rows {
			rows[i] = float32(r.NormFloat64())
		}
		for i := range q {
			q[i] = float32(r.NormFloat64())
		}
		dst := make([]float32, n+5)
		dst[n] = 42
		got := scoreRowsPure(dst, rows, q, dim)
		if len(got) != n || dst[n] != 42 {
			t.Fatalf("dim %d: %d scores, dst[n] %v", dim, len(got), dst[n])
		}
		ref := vek32.MatMul_Into(make([]float32, n), rows, q, dim)
		for i := range got {
			var want float64
			for k := 0; k < dim; k++ {
				want += float64(rows[i*dim+k]) * float64(q[k])
			}
			if math.Abs(float64(got[i])-want) > 1e-4*math.Sqrt(float64(dim)) || math.Abs(float64(got[i]-ref[i])) > 1e-3 {
				t.Fatalf("dim %d row %d: %v, want %v (vek %v)", dim, i, got[i], want, ref[i])
			}
		}
	}
}

// TestScorerFollowsAcceleration: without vek's acceleration a search uses
// the pure scorer (what the generators and arm64 get).
func TestScorerFollowsAcceleration(t *testing.T) {
	on := vek.Info().Acceleration
	vek.SetAcceleration(false)
	defer vek.SetAcceleration(on)
	q := []float32{1, 2, 3, 4, 5}
	rows := []float32{1, 1, 1, 1, 1, 0, 0, 0, 0, 2}
	if got := scorer()(make([]float32, 2), rows, q, 5); got[0] != 15 || got[1] != 10 {
		t.Fatalf("pure scorer: %v", got)
	}
}
