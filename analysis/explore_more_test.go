package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestExploreOptionsNormalized(t *testing.T) {
	for _, tt := range []struct{ in, want ExploreOptions }{
		{ExploreOptions{}, ExploreOptions{Topics: DefaultExploreTopics, Groups: 8}},
		{ExploreOptions{Topics: 20}, ExploreOptions{Topics: 20, Groups: 5}},
		{ExploreOptions{Topics: 40, Groups: 2}, ExploreOptions{Topics: 40, Groups: 7}}, // at most 6 a group
		{ExploreOptions{Topics: 3, Groups: 9}, ExploreOptions{Topics: 3, Groups: 3}},
		{ExploreOptions{Topics: 1000, Groups: 1000}, ExploreOptions{Topics: MaxExploreTopics, Groups: MaxExploreGroups}},
	} {
		if got := tt.in.Normalized(); got != tt.want {
			t.Errorf("%+v: %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// Phrases: two terms that go together are a candidate; two that meet by
// chance are not.
func TestPhrases(t *testing.T) {
	c := NewCounter()
	r := rand.New(rand.NewPCG(1, 2))
	fill := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa"}
	for i := range 500 {
		words := []string{fill[r.IntN(len(fill))], fill[r.IntN(len(fill))], fill[r.IntN(len(fill))]}
		if i%5 == 0 {
			words = append(words, "command line")
		}
		c.Add(strings.Join(words, " "), "en")
	}
	got := map[string]bool{}
	for _, p := range Phrases(c, 3) {
		got[p.Term] = true
	}
	if !got["command line"] || got["alpha beta"] || len(got) != 1 {
		t.Fatalf("phrases %v", got)
	}
}

// Keyness: a word the texts use far more than the language is key; one
// they use as often as the language does is not.
func TestKeyness(t *testing.T) {
	lex := Lexicon{Size: 1000, Rank: func(term string) int { return map[string]int{"time": 50, "kernel": 900}[term] }}
	words := 1_000_000
	// "time" at rank 50 is 2,000 per million in the language.
	if k := keyness(Candidate{Term: "time", Count: 2000}, words, lex); math.Abs(k-1) > 0.01 {
		t.Errorf("time %v", k)
	}
	if k := keyness(Candidate{Term: "kernel", Count: 2000}, words, lex); k < 10 {
		t.Errorf("kernel %v", k)
	}
	if k := keyness(Candidate{Term: "unknownword", Count: 2000}, words, lex); k < 20 {
		t.Errorf("unknown %v", k)
	}
	if k := keyness(Candidate{Term: "time", Count: 2000}, words, Lexicon{}); k != 1 {
		t.Errorf("without a list %v", k)
	}
}

// Hostile input: texts of distinct random words, and one huge text, keep
// the work within its bounds (rows, features, terms per text).
func TestExploreBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := make([]string, 3000)
	for i := range texts {
		var b strings.Builder
		for range 20 {
			fmt.Fprintf(&b, "w%x ", r.Uint64())
		}
		b.WriteString("common rare")
		texts[i] = b.String()
	}
	var huge strings.Builder
	for i := range 20_000 {
		fmt.Fprintf(&huge, "h%d ", i)
	}
	texts = append(texts, huge.String())
	counter := NewCounter()
	for _, t := range texts {
		counter.Add(t, "en")
	}
	cands := Candidates(counter, Lexicon{})
	rows, _ := rowTerms(cands, counter, Lexicon{}, func(string) bool { return true })
	feats := Features(counter, exploreFeatures)
	if len(rows) > exploreRows || len(feats) > exploreFeatures {
		t.Fatalf("%d rows, %d features", len(rows), len(feats))
	}
	ctx := NewContexts(rows, feats)
	ctx.Add(huge.String(), "en")
	if len(ctx.rowsIn) > exploreTextTerms || len(ctx.featsIn) > exploreTextTerms {
		t.Fatalf("a text took %d rows, %d features", len(ctx.rowsIn), len(ctx.featsIn))
	}
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, Lexicon{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range groups {
		for _, tp := range g.Topics {
			if tp.Title == "common" {
				t.Errorf("boilerplate titled a topic: %+v", groups)
			}
		}
	}
}

func TestVariants(t *testing.T) {
	en := variantTest("en")
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"games", "game", true}, {"libraries", "library", true}, {"colour", "color", true},
		{"web server", "web servers", true}, {"game", "gamer", false}, {"web server", "server", false},
		{"cat", "cut", false},
	} {
		if got := en(tt.a, tt.b); got != tt.want {
			t.Errorf("%q %q: %v", tt.a, tt.b, got)
		}
	}
	// Dutch and German have Snowball stemmers since the seventeenth
	// session: an inflection two edits away is a variant, a word of
	// another prefix is not.
	nl, de := variantTest("nl"), variantTest("de")
	if !nl("gerechten", "gerecht") || !nl("wijnen", "wijn") || !de("getränke", "getränk") || de("anlieferung", "auslieferung") {
		t.Errorf("nl gerechten %v, wijnen %v; de getränke %v, anlieferung/auslieferung %v",
			nl("gerechten", "gerecht"), nl("wijnen", "wijn"), de("getränke", "getränk"), de("anlieferung", "auslieferung"))
	}
	// Russian's stemmer takes ресторан to "рестора" and its cases to
	// "ресторан": a word that is the other's stem is its inflection.
	ru := variantTest("ru")
	for _, b := range []string{"ресторане", "ресторану", "ресторанов"} {
		if !ru("ресторан", b) || !ru(b, "ресторан") {
			t.Errorf("ru ресторан and %s are no variants", b)
		}
	}
	if ru("ресторан", "официант") {
		t.Error("ru ресторан and официант are variants")
	}
}

func TestCoherenceAndDiversity(t *testing.T) {
	texts := exploreCorpus(2000)
	good := []Topic{{Title: "tea", Terms: []string{"tea", "teapot", "kettle"}}}
	bad := []Topic{{Title: "tea", Terms: []string{"tea", "striker", "cobra"}}}
	score := func(topics []Topic) float64 {
		c := NewCoherence(topics)
		for _, t := range texts {
			c.Add(t, "en")
		}
		v, n := c.NPMI()
		if n != 1 {
			t.Fatalf("measured %d", n)
		}
		return v
	}
	if g, b := score(good), score(bad); g <= 0 || b != -1 {
		t.Fatalf("NPMI good %v bad %v", g, b)
	}
	if d := Diversity([]Topic{{Terms: []string{"a", "b"}}, {Terms: []string{"b", "c"}}}); d != 0.75 {
		t.Fatalf("diversity %v", d)
	}
}

func TestBackground(t *testing.T) {
	rank, size := Background("EN")
	if size != 60000 || rank("the") != 1 || rank("kernel") < 1000 || rank("kernel") > size || rank("xqzzyplorf") != 0 {
		t.Fatalf("size %d, the %d, kernel %d", size, rank("the"), rank("kernel"))
	}
	fr, size := Background("fr")
	if size < 9000 || fr("de") != 1 || fr("voiture") < 100 || fr("voiture") > size || fr("xqzzyplorf") != 0 {
		t.Fatalf("French: size %d, de %d, voiture %d", size, fr("de"), fr("voiture"))
	}
	sr, _ := Background("SR")
	if sr("hvala") == 0 || sr("хвала") != sr("hvala") {
		t.Fatalf("Serbian: hvala %d, хвала %d", sr("hvala"), sr("хвала"))
	}
	if rank, size := Background("gl"); rank != nil || size != 0 {
		t.Fatal("a Galician list")
	}
}

// TestBackgroundListsRead: every embedded list reads, folded, with most of
// its 10,000 words (60,000 for English).
func TestBackgroundListsRead(t *testing.T) {
	if len(backgrounds) < 30 {
		t.Fatalf("%d lists", len(backgrounds))
	}
	for code := range backgrounds {
		rank, size := Background(code)
		if rank == nil || size < 2000 {
			t.Errorf("%s: %d words", code, size)
		}
	}
}
