package models

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"explorer"
)

// diffTermsByMaps is diffTerms as its comment defines it, with two maps
// of keys: the reference the faster one is held to.
func diffTermsByMaps(a, b []string) (added, removed []string) {
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, t := range a {
		inA[explorer.TermKey(t)] = true
	}
	for _, t := range b {
		inB[explorer.TermKey(t)] = true
		if !inA[explorer.TermKey(t)] {
			added = append(added, t)
		}
	}
	for _, t := range a {
		if !inB[explorer.TermKey(t)] {
			removed = append(removed, t)
		}
	}
	return added, removed
}

// TestDiffTermsAsByKeys: on random clean term lists (short and long, an
// edit's few changes and wholesale ones, terms whose case changed, moved
// terms), diffTerms answers what comparing every term's key does, and
// nil (not empty) lists when nothing was added or removed.
func TestDiffTermsAsByKeys(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	term := func() string {
		w := "t" + strconv.Itoa(rnd.IntN(40))
		if rnd.IntN(4) == 0 {
			w = "T" + w[1:]
		}
		return w
	}
	list := func(n int) []string {
		return DedupeTerms(slices.Collect(func(yield func(string) bool) {
			for range n {
				yield(term())
			}
		}))
	}
	for i := range 20000 {
		a := list(rnd.IntN(30))
		b := slices.Clone(a)
		switch rnd.IntN(4) {
		case 0: // an unrelated list
			b = list(rnd.IntN(30))
		default: // a few edits: add, remove, recase, move
			for range 1 + rnd.IntN(3) {
				switch k := rnd.IntN(4); {
				case k == 0:
					b = DedupeTerms(slices.Insert(b, rnd.IntN(len(b)+1), term()))
				case len(b) == 0:
				case k == 1:
					j := rnd.IntN(len(b))
					b = slices.Delete(b, j, j+1)
				case k == 2:
					j := rnd.IntN(len(b))
					b[j] = "X" + b[j][1:]
					b = DedupeTerms(b)
				default:
					j := rnd.IntN(len(b))
					x := b[j]
					b = slices.Delete(b, j, j+1)
					b = slices.Insert(b, rnd.IntN(len(b)+1), x)
				}
			}
		}
		gotA, gotR := diffTerms(a, b)
		wantA, wantR := diffTermsByMaps(a, b)
		if !slices.Equal(gotA, wantA) || !slices.Equal(gotR, wantR) || (gotA != nil && len(gotA) == 0) || (gotR != nil && len(gotR) == 0) {
			t.Fatalf("case %d: %q → %q: added %q removed %q, want %q %q", i, a, b, gotA, gotR, wantA, wantR)
		}
	}
}
