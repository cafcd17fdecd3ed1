package main

import (
	"slices"
	"testing"
)

// TestResample: a resample holds 80 % of the sentences, in their order,
// each once; a seed draws the same every run and another seed another.
func TestResample(t *testing.T) {
	rs := make([]review, 1000)
	for i := range rs {
		rs[i].text = string(rune('a'+i%26)) + string(rune('0'+i/26%10)) + string(rune('A'+i/260))
	}
	pos := map[string]int{}
	for i, r := range rs {
		pos[r.text] = i
	}
	order := func(s []review) []int {
		out := make([]int, len(s))
		for i, r := range s {
			out[i] = pos[r.text]
		}
		return out
	}
	a, b, c := order(resample(rs, 1)), order(resample(rs, 1)), order(resample(rs, 2))
	if len(a) != 800 || !slices.IsSorted(a) || len(slices.Compact(slices.Clone(a))) != 800 {
		t.Fatalf("resample: %d sentences, sorted %v", len(a), slices.IsSorted(a))
	}
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatal("a seed does not draw the same, or two seeds draw alike")
	}
}
