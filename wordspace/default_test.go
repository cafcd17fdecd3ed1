package wordspace

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"explorer"
	wordspaceasset "explorer/assets/wordspace"
)

// positiveEvaluative lists common words that praise: every suggestion for
// {good, great, excellent} must be one of them.
var positiveEvaluative = strings.Fields(`
	superb bang-up corking reputable groovy first-class fantabulous a-one topnotch top-notch
	greatest first-rate sterling tiptop ripping superlative blue-ribbon splendid outstanding
	superior super topping well-made gilt-edged surpassing transcendent brilliant shining
	premium dandy peachy smashing swell nifty neat keen cracking bully slap-up fine nice
	satisfactory acceptable decent solid respectable estimable honorable worthy favorable
	favourable beneficial wonderful marvelous marvellous terrific fantastic magnificent
	excellence goodness admirable exceptional remarkable fabulous glorious perfect ace crack
	prime choice quality select classic capital champion stellar supreme high-performance
	weapons-grade goodish good enough redeeming proficient skillful adept expert commendable
	best better pleasing pleasant dependable reliable impressive delightful phenomenal amazing
	incredible awesome lovely beautiful gorgeous tremendous extraordinary exquisite flawless
	fascinating enjoyable satisfying sensational spectacular unbelievable astonishing
	masterful masterly wonderfully excellently finest nicest effective distinguished authentic
	noteworthy`)

func TestDefaultEnglishAcceptance(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Lang() != "EN" || s.Len() < 100000 || !s.HasCounts() || !s.HasIndex() {
		t.Fatalf("default space: %q, %d words, counts %v", s.Lang(), s.Len(), s.HasCounts())
	}
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: "great", Weight: 1}, {Term: "excellent", Weight: 1}}
	got, err := s.Suggest(context.Background(), pole, 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 20 {
		t.Fatalf("%d suggestions, want 20", len(got))
	}
	positive := map[string]bool{}
	for _, w := range positiveEvaluative {
		positive[w] = true
	}
	seen := map[string]bool{}
	var npos, withFreq, recip int
	for i, g := range got {
		t.Logf("%2d %-16s forWord=%-9s cosine=%.3f sumCosine=%.3f neighbourCounter=%d frequency=%d reciprocal=%v stringSimilarity=%v",
			i+1, g.Term, g.ForWord, g.Cosine, g.SumCosine, g.NeighbourCounter, g.Frequency, g.Reciprocal, g.StringSimilarity)
		key := Fold(g.Term)
		if key == "good" || key == "great" || key == "excellent" {
			t.Errorf("pole term %q suggested", g.Term)
		}
		if seen[key] {
			t.Errorf("case duplicate %q", g.Term)
		}
		seen[key] = true
		if g.Term == "" || g.ForWord == "" || g.Cosine <= 0 || g.Cosine > 1 || g.SumCosine < g.Cosine-1e-6 ||
			g.NeighbourCounter < 1 || g.NeighbourCounter > 3 {
			t.Errorf("field out of range: %+v", g)
		}
		if g.ForWord != "good" && g.ForWord != "great" && g.ForWord != "excellent" {
			t.Errorf("forWord %q is not a pole term", g.ForWord)
		}
		if positive[g.Term] {
			npos++
		}
		if g.Frequency > 0 {
			withFreq++
		}
		if g.Reciprocal {
			recip++
		}
	}
	if npos != len(got) {
		t.Errorf("only %d of %d suggestions are positive evaluative words", npos, len(got))
	}
	if withFreq == 0 || recip == 0 {
		t.Errorf("%d suggestions with a frequency, %d reciprocal", withFreq, recip)
	}
	if got[0].NeighbourCounter < 2 {
		t.Errorf("the first suggestion is a neighbour of one pole term only")
	}
}

func TestDefaultEnglishLookups(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Good", "ice cream", "ice_cream", "New York", "happy"} {
		if _, _, ok := s.TermVector(w); !ok {
			t.Errorf("%q has no vector in the default space", w)
		}
	}
	nb, err := s.Neighbours(context.Background(), "happy", 10)
	if err != nil || len(nb) != 10 {
		t.Fatalf("neighbours: %v %v", nb, err)
	}
	t.Logf("happy: %v", nb)
}

// Words people write that a dictionary lacks have neighbours of their own
// kind.
func TestDefaultEnglishEverydayWords(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"website": {"site", "web", "blog"}, "app": {"iphone", "apps", "smartphone"}, "wifi": {"wi-fi", "wireless", "broadband"},
		"refund": {"refunds", "repayment", "rebate"}, "checkout": {"cashier", "kiosk", "checkouts"}, "smartphone": {"smartphones", "iphone", "android"},
		"login": {"username", "password", "passwords"}, "delivery": {"deliveries", "shipment", "delivered"}, "staff": {"personnel", "employees", "staffers"},
		"awesome": {"amazing", "incredible", "fantastic"},
	}
	for w, some := range want {
		nb, err := s.Neighbours(context.Background(), w, 20)
		if err != nil || len(nb) != 20 {
			t.Fatalf("%s: %v %v", w, nb, err)
		}
		found := false
		for _, n := range nb {
			for _, x := range some {
				found = found || n.Term == x
			}
		}
		if !found {
			t.Errorf("%s: none of %v among its neighbours %v", w, some, nb)
		}
	}
}

// The embedded space is read in place: its int8 rows stay in the binary's
// bytes (no matrix on the heap), and each row used equals, bit for bit,
// the row a copying read dequantizes and normalises.
func TestDefaultEnglishInPlace(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.vecs != nil || s.q == nil || s.VectorBytes() > int64(s.Len())*8 {
		t.Fatalf("not in place: %d floats, %d int8, %d bytes", len(s.vecs), len(s.q), s.VectorBytes())
	}
	data := wordspaceasset.English
	copied, err := ReadSpace(bytes.NewReader(data), int64(len(data)), LoadOptions{Lang: "EN"})
	if err != nil {
		t.Fatal(err)
	}
	if copied.q != nil || copied.vecs == nil {
		t.Fatal("a read without the whole file is not a copy")
	}
	for i := 0; i < s.Len(); i += 997 {
		a, b := s.Vector(i), copied.Vector(i)
		for j := range a {
			if math.Float32bits(a[j]) != math.Float32bits(b[j]) {
				t.Fatalf("word %d (%s) element %d: %v in place, %v copied", i, s.Word(i), j, a[j], b[j])
			}
		}
	}
}

// The one-word poles whose antonyms the default space suggested
// before it was counter-fitted (issue 20): none is among the first 10.
func TestDefaultEnglishSuggestsNoAntonyms(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	antonyms := map[string][]string{
		"cheap":     {"expensive", "overpriced", "pricey", "costly"},
		"expensive": {"inexpensive", "cheap", "affordable", "cheaper"},
		"fast":      {"slow", "slower"}, "hot": {"cool", "cold", "chilly"}, "clean": {"dirty"},
		"early": {"late"}, "high": {"low"}, "strong": {"weak"},
	}
	for w, ants := range antonyms {
		got, err := s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: w, Weight: 1}}, 10)
		if err != nil || len(got) != 10 {
			t.Fatalf("%s: %v %v", w, got, err)
		}
		for _, g := range got {
			if slices.Contains(ants, g.Term) {
				t.Errorf("{%s} suggests its antonym %q", w, g.Term)
			}
		}
	}
}
