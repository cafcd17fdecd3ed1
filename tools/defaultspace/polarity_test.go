package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestJacobiEigen(t *testing.T) {
	const dim = 12
	r := rand.New(rand.NewPCG(1, 2))
	m := make([]float64, dim*dim)
	for i := 0; i < dim; i++ {
		for j := i; j < dim; j++ {
			m[i*dim+j] = r.NormFloat64()
			m[j*dim+i] = m[i*dim+j]
		}
	}
	vals, vecs := jacobiEigen(m, dim)
	for e := 0; e < dim; e++ {
		for i := 0; i < dim; i++ {
			var av float64
			for j := 0; j < dim; j++ {
				av += m[i*dim+j] * vecs[j*dim+e]
			}
			if d := av - vals[e]*vecs[i*dim+e]; math.Abs(d) > 1e-9 {
				t.Fatalf("eigenpair %d: (Av−λv)[%d] = %g", e, i, d)
			}
		}
	}
}

func TestStretchPolarityPartsUnseenAntonyms(t *testing.T) {
	// Words share a topic direction; antonyms differ along axis 1 only.
	// Training sees pairs on axis 1; an unseen pair differs along it too.
	r := rand.New(rand.NewPCG(3, 4))
	const dim = 6
	word := func(pol float64) []float32 {
		v := make([]float32, dim)
		v[0] = 1
		v[1] = float32(pol)
		for j := 2; j < dim; j++ {
			v[j] = float32(0.1 * r.NormFloat64())
		}
		normalize32(v)
		return v
	}
	var vecs [][]float32
	var ant, syn [][2]int32
	for i := 0; i < 50; i++ {
		vecs = append(vecs, word(0.3), word(-0.3), word(0.3))
		ant = append(ant, [2]int32{int32(3 * i), int32(3*i + 1)})
		syn = append(syn, [2]int32{int32(3 * i), int32(3*i + 2)})
	}
	vecs = append(vecs, word(0.3), word(-0.3))
	a, b := len(vecs)-2, len(vecs)-1
	cos := func() float64 {
		var s float64
		for j := range vecs[a] {
			s += float64(vecs[a][j] * vecs[b][j])
		}
		return s
	}
	before := cos()
	learnPolarity(vecs, ant, syn, polarityOptions{k: 1, scale: 3})
	if after := cos(); after > before-0.3 {
		t.Fatalf("unseen antonyms: cosine %.3f before, %.3f after the stretch", before, after)
	}
}
