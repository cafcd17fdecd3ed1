package wordspace

import (
	"context"
	"slices"
	"testing"
	"time"

	"explorer"
)

// On the default English space, declining the three first suggestions for
// {good, great, excellent} keeps them out and pushes their near words
// back: the next list is not the old one with three words removed.
func TestDefaultEnglishDeclined(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the default space")
	}
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: "great", Weight: 1}, {Term: "excellent", Weight: 1}}
	terms := func(list []explorer.PoleSuggestion) []string {
		out := make([]string, len(list))
		for i, g := range list {
			out[i] = g.Term
		}
		return out
	}
	before, err := s.Suggest(context.Background(), pole, 20)
	if err != nil || len(before) < 20 {
		t.Fatalf("%d suggestions, %v", len(before), err)
	}
	old := terms(before)
	declined := old[:3]
	with := slices.Clone(pole)
	for _, d := range declined {
		with = append(with, explorer.WeightedTerm{Term: d, Weight: 1, Declined: true})
	}
	start := time.Now()
	after, err := s.Suggest(context.Background(), with, 20)
	took := time.Since(start)
	if err != nil || len(after) < 20 {
		t.Fatalf("%d suggestions after declining, %v", len(after), err)
	}
	got := terms(after)
	t.Logf("before: %v", old)
	t.Logf("declined %v, after (%v): %v", declined, took, got)
	for _, d := range declined {
		if slices.Contains(got, d) {
			t.Fatalf("declined %q suggested again", d)
		}
	}
	if slices.Equal(got[:17], old[3:]) {
		t.Fatal("declining only removed the declined words: nothing moved away from them")
	}
}
