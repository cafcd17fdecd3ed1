package wordspace

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"explorer"
	"explorer/wordspace/lexicon"
)

// graphThesaurus is a made thesaurus in which "fast" shares two synsets
// with "brisk" (large ones, each linking its words little) and one with
// "rapid" (a pair), so that the cosines of the space put rapid nearest to
// fast, and its graph brisk.
func graphThesaurus(t *testing.T) *Space {
	t.Helper()
	th := lexicon.NewThesaurus()
	for _, set := range [][]string{
		{"fast", "brisk", "a1", "a2", "a3", "a4", "a5", "a6"},
		{"fast", "brisk", "b1", "b2", "b3", "b4", "b5", "b6"},
		{"fast", "rapid"},
		{"slow", "sluggish"},
	} {
		if err := th.Add(set); err != nil {
			t.Fatal(err)
		}
	}
	s, err := ThesaurusSpace(th, "SV")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func graphSuggest(t *testing.T, s *Space, terms ...string) []explorer.PoleSuggestion {
	t.Helper()
	var pole []explorer.WeightedTerm
	for _, w := range terms {
		pole = append(pole, explorer.WeightedTerm{Term: w, Weight: 1})
	}
	got, err := s.Suggest(context.Background(), pole, 20)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A thesaurus space ranks a one-word pole's candidates by its graph: the
// synonym sharing the most synsets with the term first, before one whose
// cosine is higher (round langs7).
func TestThesaurusSuggestFollowsTheGraph(t *testing.T) {
	s := graphThesaurus(t)
	got := graphSuggest(t, s, "fast")
	if len(got) < 3 {
		t.Fatalf("%+v", got)
	}
	cos := map[string]float64{}
	for _, g := range got {
		cos[g.Term] = g.SumCosine
	}
	// The test means something only while the cosines disagree.
	if cos["rapid"] <= cos["brisk"] {
		t.Fatalf("rapid's cosine %v not above brisk's %v: the made thesaurus tests nothing (%+v)", cos["rapid"], cos["brisk"], got)
	}
	if got[0].Term != "brisk" {
		t.Errorf("order %v, want brisk (2 synsets shared) first", suggested(got))
	}
	// A space that is no thesaurus's (its table not a graph) keeps the
	// cosine order.
	s.nbrs.graph = false
	if got := graphSuggest(t, s, "fast"); got[0].Term != "rapid" {
		t.Errorf("without the graph: %v, want rapid first", suggested(got))
	}
}

// The graph's mark is stored with the space (the cache of a thesaurus
// space), so a space read back ranks as the one built.
func TestThesaurusGraphStored(t *testing.T) {
	s := graphThesaurus(t)
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	r, err := ReadSpace(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{Lang: "SV"})
	if err != nil {
		t.Fatal(err)
	}
	if r.nbrs == nil || !r.nbrs.graph {
		t.Fatal("read back without the graph's mark")
	}
	if a, b := suggested(graphSuggest(t, s, "fast")), suggested(graphSuggest(t, r, "fast")); !slices.Equal(a, b) {
		t.Errorf("read back %v, built %v", b, a)
	}
	// A table that is no graph's is read back as such.
	s.nbrs.graph = false
	buf.Reset()
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if r, err = ReadSpace(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{Lang: "SV"}); err != nil || r.nbrs.graph {
		t.Fatalf("no graph: read back with the mark (%v)", err)
	}
}

func suggested(list []explorer.PoleSuggestion) []string {
	out := make([]string, len(list))
	for i, g := range list {
		out[i] = g.Term
	}
	return out
}

// Declining words moves no other word of a thesaurus space: the graph's
// rank is the place in the stored list, not in the list the declined
// words left (there, x and y swapped once the four words between them in
// fast's list were declined).
func TestThesaurusGraphDeclineMovesNothing(t *testing.T) {
	th := lexicon.NewThesaurus()
	add := func(sets ...[]string) {
		for _, set := range sets {
			if err := th.Add(set); err != nil {
				t.Fatal(err)
			}
		}
	}
	// fast: x (4 synsets), d1..d4 (3 or 2), then y (1); quick: y (4),
	// w (2), then x (1).
	for i := range 4 {
		add([]string{"fast", "x", fmt.Sprint("a", i)}, []string{"quick", "y", fmt.Sprint("e", i)})
	}
	for i, d := range []string{"d1", "d2", "d3", "d4"} {
		for j := range 3 - i/2 {
			add([]string{"fast", d, fmt.Sprintf("b%d%d", i, j)})
		}
	}
	add([]string{"fast", "y"}, []string{"quick", "w", "f1"}, []string{"quick", "w", "f2"}, []string{"quick", "x"})
	s, err := ThesaurusSpace(th, "SV")
	if err != nil {
		t.Fatal(err)
	}
	pole := []explorer.WeightedTerm{{Term: "fast", Weight: 1}, {Term: "quick", Weight: 1}}
	before, err := s.Suggest(context.Background(), pole, 40)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"d1", "d2", "d3", "d4"} {
		pole = append(pole, explorer.WeightedTerm{Term: d, Declined: true})
	}
	after, err := s.Suggest(context.Background(), pole, 40)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, w := range suggested(before) {
		if len(w) != 2 || w[0] != 'd' {
			kept = append(kept, w)
		}
	}
	if got := suggested(after); !slices.Equal(got, kept) {
		t.Errorf("after declining d1..d4: %v, want %v", got, kept)
	}
}

// TestKinship: a space learnt from text answers the cosines of a term's
// vector with the others' (NaN for a word it lacks, and for all when it
// lacks the term); a thesaurus's space answers NaN for all (its cosines
// say synonymy, not kinship).
func TestKinship(t *testing.T) {
	s, err := New("EN", []string{"service", "staff", "decor"},
		[][]float32{{1, 0, 0}, {0.6, 0.8, 0}, {0, 0, 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := s.Kinship("service", []string{"staff", "decor", "warrenty"})
	if math.Abs(got[0]-0.6) > 1e-6 || math.Abs(got[1]) > 1e-6 || !math.IsNaN(got[2]) {
		t.Errorf("service: %v", got)
	}
	if got := s.Kinship("warrenty", []string{"staff"}); !math.IsNaN(got[0]) {
		t.Errorf("an unknown term: %v", got)
	}
	for _, x := range graphThesaurus(t).Kinship("fast", []string{"rapid", "brisk", "slow"}) {
		if !math.IsNaN(x) {
			t.Errorf("a thesaurus's space answers %v", x)
		}
	}
}
