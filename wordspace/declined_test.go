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

// A declined term, its case and spelling variants are never suggested,
// and the other candidates keep their order: declining a word declines
// that word alone.
func TestSuggestDeclined(t *testing.T) {
	s := toySpace(t)
	pole := []explorer.WeightedTerm{{Term: "great", Weight: 1}}
	before := suggestedTerms(t, s, pole)
	t.Logf("before: %v", before)
	for _, c := range []struct {
		declined string
		gone     []string
	}{
		{"Fine", []string{"fine"}},
		{"superb", []string{"superb"}},
		// goods is a spelling variant of good (edit distance 1 of 5).
		{"GOOD", []string{"good", "goods"}},
	} {
		after := suggestedTerms(t, s, append(slices.Clone(pole), explorer.WeightedTerm{Term: c.declined, Weight: 1, Declined: true}))
		for _, g := range c.gone {
			if !slices.Contains(before, g) {
				t.Fatalf("%s was no suggestion before: %v", g, before)
			}
		}
		want := slices.DeleteFunc(slices.Clone(before), func(w string) bool { return slices.Contains(c.gone, w) })
		if !slices.Equal(after, want) {
			t.Fatalf("declined %s: %v, want %v", c.declined, after, want)
		}
	}
	// The answered fields keep their definitions.
	list, _ := s.Suggest(context.Background(), append(slices.Clone(pole), explorer.WeightedTerm{Term: "fine", Weight: 1, Declined: true}), 20)
	for _, sg := range list {
		if sg.NeighbourCounter != 1 || sg.ForWord != "great" {
			t.Fatalf("suggestion %+v", sg)
		}
	}
}

// TestDeclineKeepsAnotherPrefix: in a language with a Snowball stemmer
// (German since the seventeenth session), declining "Anlieferung" takes
// its inflections ("Anlieferungen") and leaves the words of another
// prefix ("Auslieferung", "Belieferung"), which the edit-distance rule of
// a language without a stemmer took as its spelling variants.
func TestDeclineKeepsAnotherPrefix(t *testing.T) {
	de := newVariantSet([]string{"Anlieferung"}, memoStem(stemmerFor("DE")))
	if !de.has("Anlieferungen") || de.has("Auslieferung") || de.has("Belieferung") || de.has("ablieferung") {
		t.Errorf("German: Anlieferungen %v, Auslieferung %v, Belieferung %v, ablieferung %v",
			de.has("Anlieferungen"), de.has("Auslieferung"), de.has("Belieferung"), de.has("ablieferung"))
	}
	if !newVariantSet([]string{"Anlieferung"}, nil).has("Auslieferung") {
		t.Error("without a stemmer, the edit rule no longer holds two words two edits apart alike")
	}
}
