package main

import (
	"explorer/analysis"
	"slices"
	"strings"
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

// TestJoinReviews: whole reviews hold every sentence once, k a text (the
// last fewer), with their categories together, the same every run.
func TestJoinReviews(t *testing.T) {
	rs := []review{{"a.", []string{"food"}}, {"b.", []string{"service"}}, {"c.", []string{"food"}},
		{"d.", nil}, {"e.", []string{"price"}}, {"f.", []string{"food", "price"}}, {"g.", nil}}
	got := joinReviews(rs, 3)
	if len(got) != 3 || len(strings.Fields(got[2].text)) != 1 {
		t.Fatalf("7 sentences in threes: %+v", got)
	}
	seen := map[string]bool{}
	for _, r := range got {
		cats := map[string]bool{}
		for _, s := range strings.Fields(r.text) {
			if seen[s] {
				t.Fatalf("%s twice", s)
			}
			seen[s] = true
			for _, o := range rs {
				if o.text == s {
					for _, c := range o.categories {
						cats[c] = true
					}
				}
			}
		}
		if len(cats) != len(r.categories) || len(slices.Compact(slices.Sorted(slices.Values(r.categories)))) != len(r.categories) {
			t.Errorf("%q: categories %v, want those of its sentences once each", r.text, r.categories)
		}
		for _, c := range r.categories {
			if !cats[c] {
				t.Errorf("%q: category %s of none of its sentences", r.text, c)
			}
		}
	}
	if len(seen) != len(rs) || !slices.EqualFunc(got, joinReviews(rs, 3), func(a, b review) bool { return a.text == b.text }) {
		t.Error("a sentence lost, or another order on another run")
	}
}

// TestMadeNoise: the made rows add their markup and boilerplate to a share
// of the sentences, the same every run, keeping each sentence's
// categories; madeTitles names the titles that hold one of their words.
func TestMadeNoise(t *testing.T) {
	rs := make([]review, 400)
	for i := range rs {
		rs[i] = review{text: "the food was good", categories: []string{"food"}}
	}
	for name, made := range map[string]func([]review) []review{"markup": madeMarkup, "boilerplate": madeBoilerplate} {
		a, b := made(rs), made(rs)
		changed := 0
		for i := range a {
			if a[i].text != b[i].text || !slices.Equal(a[i].categories, rs[i].categories) {
				t.Fatalf("%s: another draw, or categories lost", name)
			}
			if a[i].text != rs[i].text {
				changed++
			}
		}
		if changed < 100 || changed > 260 {
			t.Errorf("%s: %d of 400 sentences changed", name, changed)
		}
	}
	groups := []analysis.TopicGroup{{Topics: []analysis.Topic{{Title: "food"}, {Title: "translated by google"}, {Title: "quot"}}}}
	if got := madeTitles(groups); got != "translated by google, quot" {
		t.Errorf("madeTitles: %q", got)
	}
	if got := madeTitles(groups[:0]); got != "none" {
		t.Errorf("madeTitles of none: %q", got)
	}
}
