package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/viterin/vek/vek32"

	"explorer/wordspace"
)

// Counter-fitting (Mrkšić et al., NAACL 2016, "Counter-fitting Word
// Vectors to Linguistic Constraints") moves the retrofitted vectors so
// that antonyms part and synonyms stay close, while each word keeps its
// neighbourhood: the cost is
//
//	k1 Σ_antonyms max(0, δ − d(u,w)) + k2 Σ_synonyms max(0, d(u,w) − γ)
//	+ k3 Σ_i Σ_{j ∈ N(i)} max(0, d(u_i,u_j) − d(v_i,v_j))
//
// with d = 1 − cos, δ = 1 (antonyms end orthogonal or further), and N(i)
// the words within distance ρ = 0.2 of word i in the input space, and at
// least its 10 nearest (the vector space preservation term), here for the
// words of the antonym pairs. Retrofitting attracted the synonyms
// already: γ is each synonym pair's retrofitted distance, so that
// synonyms never drift apart (with γ = 0, as in the paper, every sense's
// synonyms pull a polysemous word: good went to safe, unspoilt and hearty
// and lost wonderful and terrific). It is minimised by stochastic gradient steps over the
// pairs in a fixed order, the vectors renormalised after each step:
// deterministic.
type counterFitOptions struct {
	epochs     int
	rate       float32 // step size η
	k1, k2, k3 float32
	delta      float32 // δ: the antonym margin on d
	rho        float32 // ρ: the neighbourhood radius on d
	near       int     // nearest words always in the neighbourhood
	honest     bool    // preservation chosen from the trained antonym pairs only
	hop        bool    // and the trained synonyms of antonyms left out of it
}

var defaultCounterFit = counterFitOptions{epochs: 20, rate: 0.1, k1: 1, k2: 1, k3: 0.5, delta: 1, rho: 0.2, near: 10, honest: true, hop: true}

// vspPair is a pair of the preservation term with its input cosine.
type vspPair struct {
	i, j int32
	cos  float32
}

// preservationPairs finds, for every word of an antonym pair, its near
// nearest words and up to 20 within distance rho in the input space
// (exact search), leaving out its antonyms. With honest, only the trained
// pairs choose the words and the antonyms left out (the committed file's
// setting); without it (the file before) every pair does, held-out ones
// included, so the held-out antonym figure is not measured on unseen
// pairs alone.
func preservationPairs(vocab []string, vecs [][]float32, ant *antonyms, rho float32, near int, honest bool, hop *graph) ([]vspPair, error) {
	s, err := wordspace.New("EN", vocab, vecs, nil)
	if err != nil {
		return nil, err
	}
	of := ant.all
	if honest {
		of = map[int32][]int32{}
		for _, p := range ant.train {
			of[p[0]] = append(of[p[0]], p[1])
			of[p[1]] = append(of[p[1]], p[0])
		}
	}
	skip := of
	if hop != nil {
		// The trained synonyms of a word's trained antonyms are left out
		// of its neighbourhood too (training data only).
		skip = map[int32][]int32{}
		for w, as := range of {
			for _, a := range as {
				skip[w] = append(skip[w], a)
				for _, e := range hop.train[a] {
					skip[w] = append(skip[w], e.to)
				}
			}
		}
	}
	words := make([]int32, 0, len(of))
	for w := range of {
		words = append(words, w)
	}
	slices.Sort(words)
	var out []vspPair
	for _, i := range words {
		nb, err := s.Neighbours(context.Background(), vocab[i], max(20, near))
		if err != nil {
			return nil, err
		}
		for r, x := range nb {
			j, ok := s.Lookup(x.Term)
			if !ok || r >= near && float32(x.Cosine) < 1-rho || slices.Contains(skip[i], int32(j)) {
				continue
			}
			out = append(out, vspPair{i, int32(j), float32(x.Cosine)})
		}
	}
	return out, nil
}

// counterFit returns counter-fitted copies of the (unit) vectors.
func counterFit(in [][]float32, ant *antonyms, syn [][2]int32, vsp []vspPair, o counterFitOptions) [][]float32 {
	v := cloneVecs(in)
	for i := range v {
		normalize32(v[i])
	}
	dim := len(v[0])
	synCos := make([]float32, len(syn))
	for k, p := range syn {
		synCos[k] = vek32.Dot(v[p[0]], v[p[1]])
	}
	if cfSeed != 0 {
		ant, syn, synCos = shuffled(ant, syn, synCos)
	}
	du, dw := make([]float32, dim), make([]float32, dim)
	// step moves u and w by s times each other (s < 0 parts them).
	step := func(a, b int32, s float32) {
		copy(du, v[b])
		copy(dw, v[a])
		vek32.MulNumber_Inplace(du, s)
		vek32.MulNumber_Inplace(dw, s)
		vek32.Add_Inplace(v[a], du)
		vek32.Add_Inplace(v[b], dw)
		normalize32(v[a])
		normalize32(v[b])
	}
	for e := 0; e < o.epochs; e++ {
		active := 0
		for _, p := range ant.train {
			if 1-vek32.Dot(v[p[0]], v[p[1]]) < o.delta {
				step(p[0], p[1], -o.rate*o.k1)
				active++
			}
		}
		for k, p := range syn {
			if vek32.Dot(v[p[0]], v[p[1]]) < synCos[k] {
				step(p[0], p[1], o.rate*o.k2)
			}
		}
		for _, p := range vsp {
			if vek32.Dot(v[p.i], v[p.j]) < p.cos {
				step(p.i, p.j, o.rate*o.k3)
			}
		}
		if e == 0 || e == o.epochs-1 {
			fmt.Fprintf(os.Stderr, "counter-fitting epoch %d: %d of %d antonym pairs closer than δ\n", e+1, active, len(ant.train))
		}
	}
	return v
}

// cfSeed (≠ 0) shuffles the order in which counter-fitting visits the
// pairs: the spread of the figures over a few seeds is their noise.
var cfSeed uint64

// shuffled returns the pairs in an order drawn from cfSeed.
func shuffled(ant *antonyms, syn [][2]int32, synCos []float32) (*antonyms, [][2]int32, []float32) {
	r := rand.New(rand.NewPCG(cfSeed, 1))
	pairs := slices.Clone(ant.train)
	r.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	syn, synCos = slices.Clone(syn), slices.Clone(synCos)
	r.Shuffle(len(syn), func(i, j int) { syn[i], syn[j] = syn[j], syn[i]; synCos[i], synCos[j] = synCos[j], synCos[i] })
	return &antonyms{train: pairs}, syn, synCos
}

// synonymPairs lists the trained synonym links (weight 1: members of one
// synset) once each.
func synonymPairs(g *graph) [][2]int32 {
	var out [][2]int32
	for i, es := range g.train {
		for _, e := range es {
			if e.w == relationWeights["syn"] && int32(i) < e.to {
				out = append(out, [2]int32{int32(i), e.to})
			}
		}
	}
	return out
}

// dropConflicts removes the antonym pairs that training also links as
// synonyms (words that are both in different senses).
func dropConflicts(ant *antonyms, g *graph) {
	linked := func(a, b int32) bool {
		return slices.ContainsFunc(g.train[a], func(e edge) bool { return e.to == b })
	}
	ant.train = slices.DeleteFunc(ant.train, func(p [2]int32) bool { return linked(p[0], p[1]) })
}

func normalize32(v []float32) {
	n := vek32.Norm(v)
	if n > 0 {
		vek32.DivNumber_Inplace(v, n)
	}
}
