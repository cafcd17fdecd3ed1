package main

import (
	"math"
	"slices"
	"strings"

	"explorer/tools/internal/wordnet"
)

// edge is a link of the retrofitting graph, weighted by its relation.
type edge struct {
	to int32
	w  float32
}

// relationWeights are the weights of WordNet's relations in the graph:
// synonyms (members of one synset), an adjective satellite and its cluster
// head (similar to), "also see", and hypernymy both ways. Only the
// relations named by -relations are used.
var relationWeights = map[string]float32{"syn": 1, "similar": 0.7, "also": 0.5, "hyper": 0.3}

// relationOf names the relation of a pointer symbol, "" for others.
func relationOf(sym string) string {
	switch sym {
	case "&":
		return "similar"
	case "^":
		return "also"
	case "@", "@i", "~", "~i":
		return "hyper"
	}
	return ""
}

// graph is the WordNet graph over the vocabulary: the training edges of
// retrofitting, and the held-out synonyms of the evaluation.
type graph struct {
	train [][]edge
	// heldOut maps a query word to its synonyms in the held-out synsets
	// that training does not link it to.
	heldOut map[int32][]int32
}

func (g *graph) linked() int {
	n := 0
	for _, e := range g.train {
		if len(e) > 0 {
			n++
		}
	}
	return n
}

// synonymGraph links the single-word lemmas found in the vocabulary: those
// of one synset, and those of related synsets by the relations in use,
// both synsets being trained (wordnet.HeldOut holds a fifth out).
func synonymGraph(synsets map[string]*wordnet.Synset, vocab []string, relations map[string]bool) *graph {
	id := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		id[w] = int32(i)
	}
	members := func(ss *wordnet.Synset) []int32 {
		var out []int32
		for _, l := range ss.Lemmas {
			if i, ok := id[l]; ok && !strings.Contains(l, " ") && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
		return out
	}
	keys := make([]string, 0, len(synsets))
	for k := range synsets {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	train := make([]map[int32]float32, len(vocab))
	gold := map[int32]map[int32]bool{}
	link := func(a, b []int32, w float32) {
		for _, x := range a {
			for _, y := range b {
				if x == y {
					continue
				}
				if train[x] == nil {
					train[x] = map[int32]float32{}
				}
				train[x][y] = max(train[x][y], w)
			}
		}
	}
	for _, k := range keys {
		ss := synsets[k]
		m := members(ss)
		if devSplit && wordnet.HeldOut(k) {
			continue
		}
		if devSplit && devSynset(k) || !devSplit && wordnet.HeldOut(k) {
			for _, x := range m {
				for _, y := range m {
					if x != y {
						if gold[x] == nil {
							gold[x] = map[int32]bool{}
						}
						gold[x][y] = true
					}
				}
			}
			continue
		}
		link(m, m, relationWeights["syn"])
		for _, p := range ss.Ptrs {
			rel := relationOf(p.Sym)
			other, ok := synsets[p.Key]
			if !ok || !relations[rel] || wordnet.HeldOut(p.Key) || devSplit && devSynset(p.Key) {
				continue
			}
			om := members(other)
			link(m, om, relationWeights[rel])
			link(om, m, relationWeights[rel])
		}
	}
	g := &graph{train: make([][]edge, len(vocab)), heldOut: map[int32][]int32{}}
	for i, set := range train {
		for _, to := range sortedKeys(set) {
			g.train[i] = append(g.train[i], edge{to, set[to]})
		}
	}
	for q, set := range gold {
		var syn []int32
		for y := range set {
			if _, linked := train[q][y]; !linked {
				syn = append(syn, y)
			}
		}
		if len(syn) > 0 {
			slices.Sort(syn)
			g.heldOut[q] = syn
		}
	}
	return g
}

func sortedKeys[V any](set map[int32]V) []int32 {
	out := make([]int32, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// retrofit moves each vector toward its neighbours in the graph while
// keeping it near the original (Faruqui et al. 2015): with the edge
// weights w normalised per word and scaled by strength,
// q_i = (q̂_i + strength × Σ w_ij q_j / Σ w_ij) / (1 + strength), updated in
// place in word order for iters rounds (strength 1 is the paper's α = 1,
// β = 1/degree). The vectors are normalised first.
func retrofit(orig [][]float32, edges [][]edge, iters int, strength float32) [][]float32 {
	dim := len(orig[0])
	hat := make([][]float32, len(orig))
	q := make([][]float32, len(orig))
	for i, v := range orig {
		hat[i] = unit(v)
		q[i] = slices.Clone(hat[i])
	}
	sum := make([]float32, dim)
	for it := 0; it < iters; it++ {
		for i, nb := range edges {
			if len(nb) == 0 {
				continue
			}
			clear(sum)
			var total float32
			for _, e := range nb {
				total += e.w
				for d, x := range q[e.to] {
					sum[d] += e.w * x
				}
			}
			scale := strength / total
			for d := range q[i] {
				q[i][d] = (hat[i][d] + sum[d]*scale) / (1 + strength)
			}
		}
	}
	return q
}

func unit(v []float32) []float32 {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	if ss == 0 {
		return out
	}
	inv := float32(1 / math.Sqrt(ss))
	for i, x := range v {
		out[i] = x * inv
	}
	return out
}
