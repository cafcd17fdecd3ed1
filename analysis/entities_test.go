package analysis

import (
	"fmt"
	"slices"
	"testing"
)

// entityVectors counts texts over rows and feats, with the entity pairs
// when entities is true.
func entityVectors(texts, rows, feats []string, entities bool) *Vectors {
	ctx := NewContexts(rows, feats)
	if entities {
		ctx.CountEntities()
	}
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	return ctx.Vectors()
}

// repeat returns n copies of each text.
func repeat(n int, texts ...string) []string {
	var out []string
	for range n {
		out = append(out, texts...)
	}
	return out
}

// Terms named side by side are distinct entities; a phrase's occurrence
// is no occurrence of its last word; without the counts nothing is
// distinct.
func TestDistinctEntities(t *testing.T) {
	texts := slices.Concat(
		repeat(4, "The keyboard and the mouse are fine."),
		repeat(10, "The keyboard is great.", "The mouse works well."),
		repeat(6, "The hard drive failed."),
		repeat(2, "The drive is slow, the hard drive is loud."),
		repeat(200, "The laptop is nice."))
	rows := []string{"keyboard", "mouse", "drive", "hard drive", "laptop"}
	feats := []string{"fine", "great", "works", "failed", "slow", "loud", "nice"}
	v := entityVectors(texts, rows, feats, true)
	if !v.Distinct("keyboard", "mouse") || !v.Distinct("mouse", "keyboard") {
		t.Error("keyboard and mouse, named together, are not distinct")
	}
	if v.Distinct("drive", "hard drive") {
		t.Error(`"drive" inside "hard drive" counted as a drive beside it`)
	}
	if got := v.ent.rowDocs[v.index["drive"]]; got != 2 {
		t.Errorf("texts naming drive on its own = %d, want 2", got)
	}
	if v.Distinct("keyboard", "laptop") || v.Distinct("keyboard", "nothing") {
		t.Error("terms never named together (or unknown) are distinct")
	}
	if entityVectors(texts, rows, feats, false).Distinct("keyboard", "mouse") {
		t.Error("distinct without the entity counts")
	}
}

// Made feedback on a keyboard, its keys and a mouse, all said the same
// things: the mouse is used like the keyboard (it would join its topic)
// but named beside it in lists, so it titles its own topic; the keys,
// never named beside the keyboard, join it. Without the entity counts the
// mouse joins the keyboard.
func TestDistinctEntityStaysApart(t *testing.T) {
	adjs := []string{"sticky", "responsive", "smooth", "loud", "solid"}
	var texts []string
	for i := range 60 {
		a, b := adjs[i%5], adjs[(i+2)%5]
		texts = append(texts, fmt.Sprintf("The keyboard is %s and %s.", a, b),
			fmt.Sprintf("The keys are %s and %s.", a, b),
			fmt.Sprintf("The mouse is %s and %s.", a, b))
		if i%3 == 0 {
			texts = append(texts, fmt.Sprintf("The keyboard and the mouse are %s.", a))
		}
	}
	texts = append(texts, repeat(2000, "Great laptop.")...)
	rows := []string{"keyboard", "mouse", "keys", "laptop"}
	ranked := []Candidate{{Term: "keyboard", Score: 3}, {Term: "mouse", Score: 2}, {Term: "keys", Score: 1}}
	want := map[bool][]Topic{
		true:  {{Title: "keyboard", Terms: []string{"keyboard", "keys"}}, {Title: "mouse", Terms: []string{"mouse"}}},
		false: {{Title: "keyboard", Terms: []string{"keyboard", "mouse", "keys"}}},
	}
	for _, entities := range []bool{true, false} {
		v := entityVectors(texts, rows, append(adjs, "great"), entities)
		if c := v.Cosine("keyboard", "mouse"); c < redundantCosine {
			t.Fatalf("the made mouse is not used like the keyboard: cosine %.2f", c)
		}
		got := BuildSalientTopics(ranked, v, "en", 5, nil, true)
		if fmt.Sprint(got) != fmt.Sprint(want[entities]) {
			t.Errorf("entities %v: topics %v, want %v", entities, got, want[entities])
		}
	}
}

// TestPairIndexFillsTheTriangle: every pair of n rows has its own place in
// the triangular table, whichever row comes first, and the places fill it.
func TestPairIndexFillsTheTriangle(t *testing.T) {
	const n = 60
	seen := make([]bool, n*(n-1)/2)
	for b := int32(1); b < n; b++ {
		for a := int32(0); a < b; a++ {
			k := pairIndex(a, b)
			if k != pairIndex(b, a) || k < 0 || k >= len(seen) || seen[k] {
				t.Fatalf("pair %d,%d at %d (reversed %d)", a, b, k, pairIndex(b, a))
			}
			seen[k] = true
		}
	}
}
