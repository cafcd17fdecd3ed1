package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"explorer/tools/internal/wordnet"
)

// Derivation carries a trained antonym pair to the words derived from
// its two lemmas in one part of speech: convict/acquit gives
// conviction/acquittal, rapid/slow gives rapidly/slowly (WordNet's
// lexical "derivationally related" and "derived from" pointers, +
// and \, read both ways). Only trained pointers are carried, so a
// held-out pair enters training only when a trained one derives it.
func derivedAntonyms(ant *antonyms, synsets map[string]*wordnet.Synset, exc map[string][]string, vocab []string) [][2]int32 {
	id := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		id[w] = int32(i)
	}
	deriv := derivationIndex(synsets)
	posOf := func(key string) byte {
		if p := synsets[key].Pos; p != 's' {
			return p
		}
		return 'a'
	}
	set := map[[2]int32]bool{}
	for _, p := range ant.ptrs {
		for _, a := range deriv[p.from] {
			for _, b := range deriv[p.to] {
				if posOf(a.key) != posOf(b.key) || a.lemma == b.lemma {
					continue
				}
				for _, fa := range inflections(a.lemma, posOf(a.key), exc) {
					for _, fb := range inflections(b.lemma, posOf(b.key), exc) {
						i, ok1 := id[fa]
						j, ok2 := id[fb]
						if ok1 && ok2 && i != j {
							set[[2]int32{min(i, j), max(i, j)}] = true
						}
					}
				}
			}
		}
	}
	return sortedPairs(set)
}

// derivationIndex lists, for each sense, the senses its lexical + and \
// pointers link, both ways (one-word lemmas only).
func derivationIndex(synsets map[string]*wordnet.Synset) map[sense][]sense {
	idx := map[sense][]sense{}
	for _, k := range sortedSynsetKeys(synsets) {
		ss := synsets[k]
		for _, p := range ss.Ptrs {
			other, ok := synsets[p.Key]
			if (p.Sym != "+" && p.Sym != `\`) || !ok || p.Src < 1 || p.Src > len(ss.Lemmas) || p.Tgt < 1 || p.Tgt > len(other.Lemmas) {
				continue
			}
			a, b := sense{k, ss.Lemmas[p.Src-1]}, sense{p.Key, other.Lemmas[p.Tgt-1]}
			if strings.Contains(a.lemma, " ") || strings.Contains(b.lemma, " ") {
				continue
			}
			if !slices.Contains(idx[a], b) {
				idx[a] = append(idx[a], b)
			}
			if !slices.Contains(idx[b], a) {
				idx[b] = append(idx[b], a)
			}
		}
	}
	return idx
}

// addRulePairs adds the pairs a rule makes to the trained ones. A pair
// WordNet holds out stays in the held-out figure (it is noted in byRule,
// and the figure without them is printed too).
func addRulePairs(ant *antonyms, pairs [][2]int32, rule string) {
	have := map[[2]int32]bool{}
	for _, p := range ant.train {
		have[p] = true
	}
	added, covered := 0, 0
	for _, p := range pairs {
		if slices.Contains(ant.heldOut[p[0]], p[1]) {
			covered++
			if ant.byRule == nil {
				ant.byRule = map[int32][]int32{}
			}
			ant.byRule[p[0]] = append(ant.byRule[p[0]], p[1])
			ant.byRule[p[1]] = append(ant.byRule[p[1]], p[0])
		}
		if !have[p] {
			ant.train = append(ant.train, p)
			have[p] = true
			added++
		}
	}
	ant.sortTrain()
	fmt.Fprintf(os.Stderr, "%s: %d antonym pairs added, %d of them held-out WordNet pairs\n", rule, added, covered)
}

// derivedOut makes the held-out pairs derivation makes leave the held-out
// figure, as those the synsets of a trained pointer make do: they are no
// longer unseen.
var derivedOut bool

// forget removes the pairs from the held-out ones (and byRule).
func (a *antonyms) forget(pairs [][2]int32) {
	for _, m := range []map[int32][]int32{a.heldOut, a.byRule} {
		for _, p := range pairs {
			for k := 0; k < 2; k++ {
				q, o := p[k], p[1-k]
				m[q] = slices.DeleteFunc(m[q], func(x int32) bool { return x == o })
				if len(m[q]) == 0 {
					delete(m, q)
				}
			}
		}
	}
}
