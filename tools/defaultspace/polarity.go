package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"slices"

	"explorer/wordspace"
)

// Counter-fitting moves the words of the trained antonym pairs, and few
// others: an antonym pair it was not told about keeps its distance. The
// polarity stretch generalises: antonyms differ along a few directions
// (polarity, degree) that synonyms share, the same for many pairs. They
// are the leading generalised eigenvectors of the two covariances of the
// trained pairs' differences, antonyms' against synonyms' (the directions
// with the largest ratio of antonym to synonym spread: linear discriminant
// analysis of the two kinds of pair). Every vector is stretched along
// them by a factor and made unit again: the transform is learnt from the
// trained pairs only and applied to every word, so that unseen antonyms
// part too while synonyms, which agree on those directions, stay close.

// polarityOptions are the settings of the metric and the stretch.
type polarityOptions struct {
	// alpha > 0: every generalised direction j is weighed by λ_j^alpha (a
	// smooth metric learnt from the pairs).
	alpha float64
	ridge float64 // ridge on the synonym covariance, times its mean variance
	// neg weighs in the differences of words from their nearest
	// neighbours that are not their trained synonyms (negPairs): the
	// directions then separate synonyms from other near words as well.
	neg      float64
	negPairs [][2]int32
	k        int     // directions stretched after the metric (0: none)
	scale    float64 // factor along them
}

// defaultPolarity builds the committed file (chosen on the tuning split,
// docs/DECISIONS-LOCAL.md).
var defaultPolarity = polarityOptions{alpha: 0.5, ridge: 0.1, neg: 1, k: 5, scale: 1.25}

// stretchRidge is the stretch's ridge: after the metric the synonym
// covariance is well conditioned, and a small ridge keeps it exact.
const stretchRidge = 1e-3

// learnPolarity applies the metric, then the stretch, to the (unit)
// vectors in place, each learnt from the trained pairs on the vectors it
// transforms.
func learnPolarity(vecs [][]float32, ant, syn [][2]int32, o polarityOptions) {
	if len(ant) == 0 || len(syn) == 0 {
		return
	}
	if o.alpha > 0 {
		w, e, lam := directions(vecs, ant, syn, o)
		metric(vecs, w, e, lam, o.alpha)
	}
	if o.k > 0 {
		so := o
		so.ridge = stretchRidge
		w, e, lam := directions(vecs, ant, syn, so)
		stretchAlong(vecs, w, e, lam, o)
	}
}

// directions returns the whitening w = Cs^(−1/2) of the synonym
// differences' covariance, and the eigenvectors (columns of e) and
// eigenvalues of w Ca w, Ca being the antonym (and near-word) differences'
// covariance: w times column j is the j-th generalised direction, λ_j the
// ratio of antonym to synonym spread along it.
func directions(vecs [][]float32, ant, syn [][2]int32, o polarityOptions) (w, e, lam []float64) {
	dim := len(vecs[0])
	ca, cs := diffCovariance(vecs, ant), diffCovariance(vecs, syn)
	if o.neg > 0 && len(o.negPairs) > 0 {
		cn := diffCovariance(vecs, o.negPairs)
		for j := range ca {
			ca[j] += o.neg * cn[j]
		}
	}
	tr := 0.0
	for j := 0; j < dim; j++ {
		tr += cs[j*dim+j]
	}
	for j := 0; j < dim; j++ {
		cs[j*dim+j] += o.ridge * tr / float64(dim)
	}
	vals, vecsS := jacobiEigen(cs, dim)
	w = make([]float64, dim*dim)
	for r := 0; r < dim; r++ {
		for c := 0; c < dim; c++ {
			var s float64
			for k := 0; k < dim; k++ {
				s += vecsS[r*dim+k] * vecsS[c*dim+k] / math.Sqrt(vals[k])
			}
			w[r*dim+c] = s
		}
	}
	lam, e = jacobiEigen(mul(mul(w, ca, dim), w, dim), dim)
	return w, e, lam
}

// stretchAlong stretches every vector by o.scale along the o.k
// directions of largest λ.
func stretchAlong(vecs [][]float32, w, e, lam []float64, o polarityOptions) {
	dim := len(vecs[0])
	order := make([]int, dim)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(lam[b], lam[a]) })
	basis := make([][]float64, 0, o.k)
	for _, idx := range order[:min(o.k, dim)] {
		d := make([]float64, dim)
		for r := 0; r < dim; r++ {
			for c := 0; c < dim; c++ {
				d[r] += w[r*dim+c] * e[c*dim+idx]
			}
		}
		if orthonormalise(d, basis) {
			basis = append(basis, d)
		}
	}
	fmt.Fprintf(os.Stderr, "polarity stretch: %d directions ×%.2f, antonym/synonym spread %.2f … %.2f\n", len(basis), o.scale, lam[order[0]], lam[order[len(basis)-1]])
	for _, v := range vecs {
		stretch(v, basis, o.scale)
	}
}

// stretch scales v's component in the span of the orthonormal basis by
// scale and makes v unit again.
func stretch(v []float32, basis [][]float64, scale float64) {
	add := make([]float64, len(v))
	for _, d := range basis {
		var p float64
		for j, x := range v {
			p += float64(x) * d[j]
		}
		for j := range add {
			add[j] += (scale - 1) * p * d[j]
		}
	}
	for j := range v {
		v[j] += float32(add[j])
	}
	normalize32(v)
}

// diffCovariance is the mean of (u−w)(u−w)ᵀ over the pairs.
func diffCovariance(vecs [][]float32, pairs [][2]int32) []float64 {
	dim := len(vecs[0])
	c := make([]float64, dim*dim)
	d := make([]float64, dim)
	for _, p := range pairs {
		for j := range d {
			d[j] = float64(vecs[p[0]][j] - vecs[p[1]][j])
		}
		for a := 0; a < dim; a++ {
			for b := a; b < dim; b++ {
				c[a*dim+b] += d[a] * d[b]
			}
		}
	}
	for a := 0; a < dim; a++ {
		for b := a; b < dim; b++ {
			c[a*dim+b] /= float64(len(pairs))
			c[b*dim+a] = c[a*dim+b]
		}
	}
	return c
}

// mul returns the product of two dim × dim matrices.
func mul(a, b []float64, dim int) []float64 {
	out := make([]float64, dim*dim)
	for r := 0; r < dim; r++ {
		for k := 0; k < dim; k++ {
			x := a[r*dim+k]
			for c := 0; c < dim; c++ {
				out[r*dim+c] += x * b[k*dim+c]
			}
		}
	}
	return out
}

// orthonormalise makes d orthogonal to the basis and unit (Gram-Schmidt);
// false when nothing is left of it.
func orthonormalise(d []float64, basis [][]float64) bool {
	for _, b := range basis {
		var p float64
		for j := range d {
			p += d[j] * b[j]
		}
		for j := range d {
			d[j] -= p * b[j]
		}
	}
	var n float64
	for _, x := range d {
		n += x * x
	}
	if n < 1e-18 {
		return false
	}
	n = math.Sqrt(n)
	for j := range d {
		d[j] /= n
	}
	return true
}

// jacobiEigen returns the eigenvalues of the symmetric dim × dim matrix
// and its eigenvectors as the columns of a dim × dim matrix (cyclic Jacobi
// rotations: exact to rounding, deterministic).
func jacobiEigen(m []float64, dim int) ([]float64, []float64) {
	a := slices.Clone(m)
	v := make([]float64, dim*dim)
	for i := 0; i < dim; i++ {
		v[i*dim+i] = 1
	}
	for sweep := 0; sweep < 100 && offDiagonal(a, dim) > 1e-24; sweep++ {
		for p := 0; p < dim; p++ {
			for q := p + 1; q < dim; q++ {
				rotate(a, v, dim, p, q)
			}
		}
	}
	vals := make([]float64, dim)
	for i := range vals {
		vals[i] = a[i*dim+i]
	}
	return vals, v
}

// rotate zeroes a[p][q] by a Jacobi rotation J (a ← Jᵀ a J, v ← v J).
func rotate(a, v []float64, dim, p, q int) {
	apq := a[p*dim+q]
	if math.Abs(apq) < 1e-300 {
		return
	}
	theta := (a[q*dim+q] - a[p*dim+p]) / (2 * apq)
	t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
	if theta < 0 {
		t = -t
	}
	c := 1 / math.Sqrt(t*t+1)
	s := t * c
	for k := 0; k < dim; k++ {
		kp, kq := a[k*dim+p], a[k*dim+q]
		a[k*dim+p], a[k*dim+q] = c*kp-s*kq, s*kp+c*kq
	}
	for k := 0; k < dim; k++ {
		pk, qk := a[p*dim+k], a[q*dim+k]
		a[p*dim+k], a[q*dim+k] = c*pk-s*qk, s*pk+c*qk
	}
	for k := 0; k < dim; k++ {
		kp, kq := v[k*dim+p], v[k*dim+q]
		v[k*dim+p], v[k*dim+q] = c*kp-s*kq, s*kp+c*kq
	}
}

// offDiagonal is the sum of squares of a's entries off the diagonal,
// relative to all of them.
func offDiagonal(a []float64, dim int) float64 {
	var off, all float64
	for r := 0; r < dim; r++ {
		for c := 0; c < dim; c++ {
			x := a[r*dim+c] * a[r*dim+c]
			all += x
			if r != c {
				off += x
			}
		}
	}
	if all == 0 {
		return 0
	}
	return off / all
}

// nearNonSynonyms pairs every fourth word that has trained synonyms with
// its 10 nearest neighbours that are not linked to it in training.
func nearNonSynonyms(vocab []string, vecs [][]float32, g *graph) ([][2]int32, error) {
	s, err := wordspace.New("EN", vocab, vecs, nil)
	if err != nil {
		return nil, err
	}
	var out [][2]int32
	n := 0
	for i, es := range g.train {
		if len(es) == 0 {
			continue
		}
		if n++; n%4 != 0 {
			continue
		}
		nb, err := s.Neighbours(context.Background(), vocab[i], 10+len(es))
		if err != nil {
			return nil, err
		}
		kept := 0
		for _, x := range nb {
			j, ok := s.Lookup(x.Term)
			if !ok || slices.ContainsFunc(es, func(e edge) bool { return e.to == int32(j) }) || kept == 10 {
				continue
			}
			out = append(out, [2]int32{int32(i), int32(j)})
			kept++
		}
	}
	return out, nil
}

// metric maps every vector to its coordinates on the generalised
// directions, each weighed by the square root of λ^alpha, and unit: the
// distance of two words then counts a direction by how much more it
// parts antonyms and near non-synonyms than synonyms.
func metric(vecs [][]float32, w, e, lam []float64, alpha float64) {
	dim := len(vecs[0])
	rows := make([][]float64, dim)
	for j := 0; j < dim; j++ {
		g := math.Sqrt(math.Pow(max(lam[j], 1e-12), alpha))
		rows[j] = make([]float64, dim)
		for c := 0; c < dim; c++ {
			var s float64
			for r := 0; r < dim; r++ {
				s += e[r*dim+j] * w[r*dim+c]
			}
			rows[j][c] = g * s
		}
	}
	out := make([]float32, dim)
	for _, v := range vecs {
		for j, row := range rows {
			var s float64
			for c, x := range v {
				s += row[c] * float64(x)
			}
			out[j] = float32(s)
		}
		copy(v, out)
		normalize32(v)
	}
	fmt.Fprintf(os.Stderr, "polarity metric: λ^%.2f over %d directions\n", alpha, dim)
}
