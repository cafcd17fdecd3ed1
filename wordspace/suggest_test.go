package wordspace

import (
	"context"
	"math"
	"slices"
	"testing"

	"explorer"
	"github.com/viterin/vek/vek32"
)

func TestTopKKeepsBest(t *testing.T) {
	h := newTopK(3)
	for i, s := range []float32{0.1, 0.9, 0.5, 0.7, 0.2, 0.9} {
		h.push(hit{int32(i), s})
	}
	got := h.sorted()
	want := []hit{{1, 0.9}, {5, 0.9}, {3, 0.7}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestExactSearchMatchesBruteForce(t *testing.T) {
	s := randomSpace(t, 20000, 24, 20, 11)
	var queries [][]float32
	for i := 0; i < 7; i++ {
		queries = append(queries, s.Vector(i*1001))
	}
	got, err := s.searchExact(context.Background(), queries, 30)
	if err != nil {
		t.Fatal(err)
	}
	for qi, q := range queries {
		all := make([]hit, s.Len())
		for i := range all {
			all[i] = hit{int32(i), vek32.Dot(q, s.Vector(i))}
		}
		slices.SortFunc(all, func(a, b hit) int {
			if better(a, b) {
				return -1
			}
			return 1
		})
		if !slices.Equal(got[qi], all[:30]) {
			t.Fatalf("query %d: got %v, want %v", qi, got[qi][:3], all[:3])
		}
	}
}

func TestSearchHonoursCancellation(t *testing.T) {
	s := randomSpace(t, 40000, 8, 20, 12)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.searchExact(ctx, [][]float32{s.Vector(0)}, 5); err == nil {
		t.Fatal("cancelled search answered")
	}
}

// TestIVFRecall measures the approximate index against exact search: the
// recall of the top 50 must be at least 0.95.
func TestIVFRecall(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 20000
	}
	s := randomSpace(t, n, 48, 40, 13)
	ctx := context.Background()
	var queries [][]float32
	for i := 0; i < 40; i++ {
		queries = append(queries, s.Vector(i*(n/40)))
	}
	exact, err := s.searchExact(ctx, queries, 50)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.BuildIndex(ctx); err != nil {
		t.Fatal(err)
	}
	if !s.HasIndex() {
		t.Fatal("no index")
	}
	approx, err := s.search(ctx, queries, 50)
	if err != nil {
		t.Fatal(err)
	}
	r := recall(exact, approx)
	t.Logf("IVF recall@50 = %.3f (%d cells, nprobe %d)", r, s.ivf.Load().cells(), s.ivf.Load().nprobe)
	if r < 0.95 {
		t.Fatalf("IVF recall@50 = %.3f, want ≥ 0.95", r)
	}
}

// toySpace: a pole {good, great} with planted neighbours.
func toySpace(t *testing.T) *Space {
	words := []string{"good", "great", "Good", "fine", "FINE", "superb", "goods", "bad", "42", "!!", "nice", "table", "good.", "Great"}
	vecs := [][]float32{
		{1, 0, 0, 0},        // good
		{0.8, 0.6, 0, 0},    // great
		{0.99, 0.01, 0, 0},  // Good: case variant of good (pole term)
		{0.9, 0.3, 0.1, 0},  // fine
		{0.9, 0.31, 0.1, 0}, // FINE: case variant of fine
		{0.5, 0.8, 0.1, 0},  // superb
		{0.95, 0, 0.2, 0},   // goods: string variant of good
		{0.6, -0.2, 0.7, 0}, // bad
		{0.97, 0.1, 0, 0},   // 42: a number
		{0.97, 0.1, 0, 0.1}, // !!: punctuation
		{0.7, 0.5, 0.3, 0},  // nice
		{0, 0, 0, 1},        // table
		{0.98, 0.05, 0, 0},  // "good.": punctuation variant of good
		{0.8, 0.61, 0, 0},   // Great: case variant of great
	}
	counts := []int64{100, 80, 5, 50, 1, 10, 3, 60, 7, 2, 40, 20, 1, 4}
	return mustNew(t, words, vecs, counts)
}

func TestSuggestFields(t *testing.T) {
	s := toySpace(t)
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: " GREAT ", Weight: 2}}
	got, err := s.Suggest(context.Background(), pole, 100)
	if err != nil {
		t.Fatal(err)
	}
	terms := map[string]explorer.PoleSuggestion{}
	for _, g := range got {
		terms[g.Term] = g
	}
	// Pole terms (any case), numbers, punctuation and case variants are
	// never suggested; every other word is (the space is smaller than K).
	for _, w := range []string{"good", "Good", "great", "Great", "GREAT", "FINE", "42", "!!", "good."} {
		if _, ok := terms[w]; ok {
			t.Errorf("%q suggested", w)
		}
	}
	for _, w := range []string{"fine", "superb", "goods", "bad", "nice", "table"} {
		if _, ok := terms[w]; !ok {
			t.Errorf("%q not suggested", w)
		}
	}
	if len(got) != 6 {
		t.Fatalf("%d suggestions: %+v", len(got), got)
	}
	vec := func(w string) []float32 { v, _, _ := s.TermVector(w); return v }
	cos := func(a, b string) float64 { return float64(vek32.Dot(vec(a), vec(b))) }
	for _, g := range got {
		if g.NeighbourCounter != 2 {
			t.Errorf("%s: neighbourCounter %d, want 2", g.Term, g.NeighbourCounter)
		}
		wantSum := 1*cos(g.Term, "good") + 2*cos(g.Term, "great")
		if math.Abs(g.SumCosine-wantSum) > 1e-5 {
			t.Errorf("%s: sumCosine %v, want %v", g.Term, g.SumCosine, wantSum)
		}
		wantFor, wantCos := "good", cos(g.Term, "good")
		if c := cos(g.Term, "great"); c > wantCos {
			wantFor, wantCos = "GREAT", c
		}
		if g.ForWord != wantFor || math.Abs(g.Cosine-wantCos) > 1e-5 {
			t.Errorf("%s: forWord %q cosine %v, want %q %v", g.Term, g.ForWord, g.Cosine, wantFor, wantCos)
		}
		id, _ := s.Lookup(g.Term)
		if g.Frequency != int(s.Count(id)) {
			t.Errorf("%s: frequency %d, want %d", g.Term, g.Frequency, s.Count(id))
		}
		if g.StringSimilarity != (g.Term == "goods") {
			t.Errorf("%s: stringSimilarity %v", g.Term, g.StringSimilarity)
		}
		// In a space smaller than K every word is among every word's
		// neighbours, so every suggestion is reciprocal.
		if !g.Reciprocal {
			t.Errorf("%s: not reciprocal", g.Term)
		}
	}
	// Order: neighbourCounter, then sumCosine, descending.
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.NeighbourCounter < b.NeighbourCounter || a.NeighbourCounter == b.NeighbourCounter && a.SumCosine < b.SumCosine {
			t.Errorf("order: %s (%d, %v) before %s (%d, %v)", a.Term, a.NeighbourCounter, a.SumCosine, b.Term, b.NeighbourCounter, b.SumCosine)
		}
	}
	if got[len(got)-1].Term != "table" {
		t.Errorf("last is %q, want table", got[len(got)-1].Term)
	}
	// The limit.
	two, _ := s.Suggest(context.Background(), pole, 2)
	if len(two) != 2 || two[0] != got[0] || two[1] != got[1] {
		t.Errorf("limit 2: %+v", two)
	}
}

// TestSuggestCounterAndReciprocal uses a space larger than K, with two
// separate clusters, so that neighbour lists are partial.
func TestSuggestCounterAndReciprocal(t *testing.T) {
	var words []string
	var vecs [][]float32
	add := func(w string, v ...float32) { words = append(words, w); vecs = append(vecs, v) }
	// Pole terms a and b; "shared" is near both; "onlya" only near a.
	add("a", 1, 0, 0)
	add("b", 0, 1, 0)
	add("shared", 1, 1, 0.05)
	add("onlya", 1, 0, 0.3)
	// A hub far from a: 120 words crowd around "lonely" so that a is not
	// among lonely's K nearest neighbours although lonely is among a's.
	add("lonely", 0.5, 0, 1)
	for i := 0; i < 120; i++ {
		add("crowd"+itoa(i), 0.4, -0.05, 1+float32(i)*0.001)
	}
	// Far words to push the space above K.
	for i := 0; i < 60; i++ {
		add("far"+itoa(i), -1, -1, float32(i)*0.01)
	}
	s := mustNew(t, words, vecs, nil)
	got, err := s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: "a", Weight: 1}, {Term: "b", Weight: 1}}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]explorer.PoleSuggestion{}
	for _, g := range got {
		by[g.Term] = g
	}
	if got[0].Term != "shared" || got[0].NeighbourCounter != 2 {
		t.Fatalf("first %+v, want shared with counter 2", got[0])
	}
	if g := by["onlya"]; g.NeighbourCounter != 1 && g.NeighbourCounter != 2 {
		t.Errorf("onlya counter %d", g.NeighbourCounter)
	}
	if g := by["shared"]; !g.Reciprocal || g.Frequency != 0 {
		t.Errorf("shared: %+v", g)
	}
	g, ok := by["lonely"]
	if !ok {
		t.Fatal("lonely not suggested")
	}
	if g.ForWord != "a" || g.Reciprocal {
		t.Errorf("lonely: %+v, want forWord a and not reciprocal", g)
	}
	for _, g := range got {
		if g.Term == "a" || g.Term == "b" {
			t.Errorf("pole term %q suggested", g.Term)
		}
	}
}

func TestSuggestUnknownTermsAndMultiword(t *testing.T) {
	s := toySpace(t)
	got, err := s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: "nonexistent", Weight: 1}}, 10)
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("unknown term: %v, %v", got, err)
	}
	// A multiword term without its own vector uses the mean of its words.
	got, err = s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: "good_table", Weight: 1}}, 3)
	if err != nil || len(got) != 3 {
		t.Fatalf("multiword: %v, %v", got, err)
	}
	for _, g := range got {
		if g.ForWord != "good_table" {
			t.Errorf("forWord %q", g.ForWord)
		}
	}
}

func TestNeighbours(t *testing.T) {
	s := toySpace(t)
	got, err := s.Neighbours(context.Background(), "GOOD", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%v", got)
	}
	for _, n := range got {
		if Fold(n.Term) == "good" || n.Term == "42" || n.Term == "good." {
			t.Errorf("neighbour %q", n.Term)
		}
	}
	if got[0].Cosine < got[1].Cosine || got[1].Cosine < got[2].Cosine {
		t.Errorf("not by cosine: %v", got)
	}
}

func TestStringSimilar(t *testing.T) {
	en := stemmerFor("EN")
	for _, c := range []struct {
		a, b string
		stem stemmer
		want bool
	}{
		{"good", "goods", en, true},
		{"running", "run", en, true},
		{"Excellent", "excellence", en, true},
		{"good", "great", en, false},
		{"ice_creams", "ice cream", en, true},
		{"ice cream", "cream", en, false},
		{"good", "goof", en, false}, // a stemmer language ignores edit distance
		{"colour", "color", nil, true},
		{"realise", "realize", nil, true},
		{"cat", "cut", nil, false}, // too short for the edit rule
		{"house", "mouse", nil, true},
		{"table", "chair", nil, false},
	} {
		if got := stringSimilar(c.a, c.b, c.stem); got != c.want {
			t.Errorf("stringSimilar(%q, %q, stem=%v) = %v", c.a, c.b, c.stem != nil, got)
		}
	}
	if stemmerFor("DE") == nil || stemmerFor("SV") == nil || stemmerFor("JA") != nil {
		t.Error("stemmer table")
	}
	if d := editDistance([]rune("kitten"), []rune("sitting")); d != 3 {
		t.Errorf("editDistance = %d", d)
	}
}

func TestNeighboursHugeK(t *testing.T) {
	s := toySpace(t)
	got, err := s.Neighbours(context.Background(), "good", 1<<62)
	if err != nil || len(got) == 0 || len(got) >= s.Len() {
		t.Fatalf("%d neighbours, %v", len(got), err)
	}
}
