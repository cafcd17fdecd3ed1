package main

import (
	"math"
	"slices"
)

// allButTheTop post-processes word vectors as Mu and Viswanath (ICLR 2018,
// "All-but-the-Top") propose: subtract the mean vector and remove the
// projections on the top d principal components. Those directions encode
// mostly frequency, which makes frequent words (very, well, way) near
// every other frequent word; without them neighbours are closer to
// meaning. It changes vecs in place.
func allButTheTop(vecs [][]float32, d int) {
	dim := len(vecs[0])
	mean := make([]float64, dim)
	for _, v := range vecs {
		for j, x := range v {
			mean[j] += float64(x)
		}
	}
	for j := range mean {
		mean[j] /= float64(len(vecs))
	}
	cov := make([]float64, dim*dim)
	row := make([]float64, dim)
	for _, v := range vecs {
		for j, x := range v {
			row[j] = float64(x) - mean[j]
		}
		for a := 0; a < dim; a++ {
			ra := row[a]
			for b := a; b < dim; b++ {
				cov[a*dim+b] += ra * row[b]
			}
		}
	}
	for a := 0; a < dim; a++ {
		for b := 0; b < a; b++ {
			cov[a*dim+b] = cov[b*dim+a]
		}
	}
	pcs := topEigenvectors(cov, dim, d)
	for _, v := range vecs {
		for j := range v {
			v[j] -= float32(mean[j])
		}
		for _, u := range pcs {
			var p float64
			for j, x := range v {
				p += float64(x) * u[j]
			}
			for j := range v {
				v[j] -= float32(p * u[j])
			}
		}
	}
}

// topEigenvectors returns the d leading unit eigenvectors of the symmetric
// dim × dim matrix m by power iteration with deflation (deterministic).
func topEigenvectors(m []float64, dim, d int) [][]float64 {
	a := slices.Clone(m)
	var out [][]float64
	for k := 0; k < d; k++ {
		u := make([]float64, dim)
		for j := range u {
			u[j] = 1 / math.Sqrt(float64(dim)) * float64(1+j%3)
		}
		lambda := 0.0
		for it := 0; it < 500; it++ {
			next := make([]float64, dim)
			for r := 0; r < dim; r++ {
				var s float64
				for c := 0; c < dim; c++ {
					s += a[r*dim+c] * u[c]
				}
				next[r] = s
			}
			var n float64
			for _, x := range next {
				n += x * x
			}
			n = math.Sqrt(n)
			if n == 0 {
				break
			}
			for j := range next {
				next[j] /= n
			}
			u, lambda = next, n
		}
		out = append(out, u)
		for r := 0; r < dim; r++ {
			for c := 0; c < dim; c++ {
				a[r*dim+c] -= lambda * u[r] * u[c]
			}
		}
	}
	return out
}
