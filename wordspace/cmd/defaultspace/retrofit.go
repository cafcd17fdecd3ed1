package main

import (
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"explorer/wordspace/wordnet"
)

// graph is the WordNet synonym graph over the vocabulary: the training
// edges of retrofitting, and the held-out synonyms of the evaluation.
type graph struct {
	train [][]int32
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

// heldOutSynset tells whether a synset is kept out of retrofitting: a
// fifth of them, chosen by a hash of the key so the choice is stable.
func heldOutSynset(key string) bool {
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32()%5 == 0
}

// synonymGraph links the single-word lemmas of each synset found in the
// vocabulary, and, for adjectives, the lemmas of a satellite synset with
// those of its cluster head ("similar to"), both synsets being trained.
func synonymGraph(synsets map[string]*wordnet.Synset, vocab []string) *graph {
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
	train := make([]map[int32]bool, len(vocab))
	gold := map[int32]map[int32]bool{}
	link := func(sets []map[int32]bool, a, b []int32) {
		for _, x := range a {
			for _, y := range b {
				if x != y {
					if sets[x] == nil {
						sets[x] = map[int32]bool{}
					}
					sets[x][y] = true
				}
			}
		}
	}
	for _, k := range keys {
		ss := synsets[k]
		m := members(ss)
		if heldOutSynset(k) {
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
		link(train, m, m)
		if ss.Pos == 'a' && ss.Satellite {
			for _, p := range ss.Ptrs {
				if head, ok := synsets[p.Key]; ok && p.Sym == "&" && !heldOutSynset(p.Key) {
					hm := members(head)
					link(train, m, hm)
					link(train, hm, m)
				}
			}
		}
	}
	g := &graph{train: make([][]int32, len(vocab)), heldOut: map[int32][]int32{}}
	for i, set := range train {
		g.train[i] = sortedKeys(set)
	}
	for q, set := range gold {
		for y := range set {
			if train[q][y] {
				delete(set, y)
			}
		}
		if len(set) > 0 {
			g.heldOut[q] = sortedKeys(set)
		}
	}
	return g
}

func sortedKeys(set map[int32]bool) []int32 {
	out := make([]int32, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// retrofit moves each vector toward its neighbours in the graph while
// keeping it near the original (Faruqui et al. 2015, with α = 1 and
// β = 1/degree): q_i = (q̂_i + mean of q_j) / 2, updated in place in word
// order for iters rounds. The vectors are normalised first.
func retrofit(orig [][]float32, edges [][]int32, iters int) [][]float32 {
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
			for _, j := range nb {
				for d, x := range q[j] {
					sum[d] += x
				}
			}
			inv := 1 / float32(len(nb))
			for d := range q[i] {
				q[i][d] = (hat[i][d] + sum[d]*inv) / 2
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
