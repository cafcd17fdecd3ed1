package wordspace

import "testing"

// TestVariantSetAsStringSimilar: the declined set answers what comparing
// the word with each term by stringSimilar answers, with and without a
// stemmer.
func TestVariantSetAsStringSimilar(t *testing.T) {
	terms := []string{"good", "Running", "ice cream", "colour", "realise", "cat", "house", "café au lait", "Excellent", "a"}
	words := []string{"goods", "GOOD", "run", "runs", "ice_creams", "ice cream", "cream", "color", "realize", "cut",
		"mouse", "houses", "housing", "Café_au_lait", "cafe au lait", "excellence", "excellently", "table", "", " ", "A", "b",
		"colours", "coloured", "goof", "realisation"}
	for _, stem := range []stemmer{stemmerFor("EN"), nil} {
		set := newVariantSet(terms, stem)
		for _, w := range words {
			want := false
			for _, d := range terms {
				want = want || stringSimilar(w, d, stem)
			}
			if got := set.has(w); got != want {
				t.Errorf("stemmer %v: has(%q) = %v, stringSimilar says %v", stem != nil, w, got, want)
			}
		}
	}
	if newVariantSet(nil, nil).has("good") {
		t.Error("an empty set holds a word")
	}
}
