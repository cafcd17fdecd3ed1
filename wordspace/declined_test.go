package wordspace

import (
	"context"
	"slices"
	"testing"

	"explorer"
)

func suggestedTerms(t *testing.T, s *Space, terms []explorer.WeightedTerm) []string {
	t.Helper()
	list, err := s.Suggest(context.Background(), terms, 20)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, sg := range list {
		out = append(out, sg.Term)
	}
	return out
}

// A declined term and its case variants are never suggested, and the
// candidates nearest to it fall behind those far from it.
func TestSuggestDeclined(t *testing.T) {
	s := toySpace(t)
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: "great", Weight: 1}}
	before := suggestedTerms(t, s, pole)
	t.Logf("before: %v", before)
	after := suggestedTerms(t, s, append(slices.Clone(pole), explorer.WeightedTerm{Term: "Fine", Weight: 1, Declined: true}))
	t.Logf("after:  %v", after)
	if slices.Contains(after, "fine") || slices.Contains(after, "FINE") {
		t.Fatalf("declined term suggested: %v", after)
	}
	if !slices.Contains(before, "fine") {
		t.Fatalf("fine was no suggestion before: %v", before)
	}
	// fine is nearer to superb (cosine 0.77) than goods is (0.54):
	// declining superb moves fine behind goods.
	pos := func(list []string, w string) int { return slices.Index(list, w) }
	away := suggestedTerms(t, s, append(slices.Clone(pole), explorer.WeightedTerm{Term: "superb", Weight: 1, Declined: true}))
	if pos(before, "fine") >= pos(before, "goods") || pos(away, "fine") <= pos(away, "goods") || slices.Contains(away, "superb") {
		t.Fatalf("fine did not move behind goods: before %v, after %v", before, away)
	}
	// The answered fields keep their definitions.
	list, _ := s.Suggest(context.Background(), append(slices.Clone(pole), explorer.WeightedTerm{Term: "fine", Weight: 1, Declined: true}), 20)
	for _, sg := range list {
		if sg.NeighbourCounter != 2 || sg.ForWord == "fine" {
			t.Fatalf("suggestion %+v", sg)
		}
	}
}
