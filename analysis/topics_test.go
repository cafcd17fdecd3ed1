package analysis

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

func counterOf(lang string, texts ...string) *Counter {
	c := NewCounter()
	for _, t := range texts {
		c.Add(t, lang)
	}
	return c
}

func TestCounterTop(t *testing.T) {
	c := counterOf("EN",
		"Slow delivery, slow slow slow app",
		"The delivery was late",
		"Delivery driver was rude",
		"App crashed",
		"", // an empty text is a document too
	)
	if c.Docs() != 5 {
		t.Errorf("Docs %d", c.Docs())
	}
	got := c.Top(4)
	wantTop := []TermCount{
		{"delivery", 3, 3},
		{"app", 2, 2},
		{"slow", 1, 4}, // one document, most frequent
		{"crashed", 1, 1},
	}
	if !reflect.DeepEqual(got, wantTop) {
		t.Errorf("Top(4) = %+v\nwant %+v", got, wantTop)
	}
	if all := c.Top(100); len(all) != c.Len() || c.Len() != 7 {
		t.Errorf("Top(100) has %d terms, Len %d", len(all), c.Len())
	}
	if c.Top(0) != nil || c.Top(-1) != nil {
		t.Error("Top(<1) not nil")
	}
	if got := c.Count("Delivery"); got != (TermCount{"delivery", 3, 3}) {
		t.Errorf("Count = %+v", got)
	}
	if got := c.Count("nothing"); got != (TermCount{Term: "nothing"}) {
		t.Errorf("Count = %+v", got)
	}
}

func TestCounterTopTies(t *testing.T) {
	c := counterOf("EN", "beta alpha gamma", "gamma beta alpha")
	var got []string
	for _, tc := range c.Top(3) {
		got = append(got, tc.Term)
	}
	if !slices.Equal(got, []string{"alpha", "beta", "gamma"}) {
		t.Errorf("ties by term: %v", got)
	}
}

func TestCounterHas(t *testing.T) {
	c := counterOf("EN", "I loved the veggie burger and a bag of chips", "Vegan-friendly menu")
	tests := []struct {
		term string
		want bool
	}{
		{"burger", true},
		{"BURGER", true},
		{"veggie burger", true},
		{"veggie_burger", true},
		{"Veggie  Burger", true},
		{"burger veggie", false},
		{"bag of chips", true},
		{"bag chips", false},
		{"vegan friendly", true}, // hyphen separates words
		{"the", false},           // a stop word is not a term
		{"pizza", false},
		{"", false},
		{"  _ ", false},
	}
	for _, tt := range tests {
		if got := c.Has(tt.term); got != tt.want {
			t.Errorf("Has(%q) = %v, want %v", tt.term, got, tt.want)
		}
	}
}

func TestCounterPrune(t *testing.T) {
	c := NewCounter()
	c.maxTerms, c.maxPairs = 10_000, 10_000
	for range 5 {
		c.Add("common", "EN")
	}
	// Fill with maxTerms one-off terms, then one more text.
	for i := 0; i < c.maxTerms; i += 1000 {
		text := make([]byte, 0, 1000*8)
		for j := i; j < i+1000; j++ {
			text = fmt.Appendf(text, "w%x ", j)
		}
		c.Add(string(text), "EN")
	}
	c.Add("common fresh", "EN")
	if c.Len() > c.maxTerms || len(c.pairs) > c.maxPairs {
		t.Errorf("Len %d over the limit", c.Len())
	}
	if got := c.Count("common"); got.Docs != 6 {
		t.Errorf("common: %+v", got)
	}
	if got := c.Count("fresh"); got.Docs != 1 {
		t.Errorf("fresh: %+v", got)
	}
}

func TestBuildTopics(t *testing.T) {
	texts := []string{
		"Delivery was slow", "Slow delivery again", "Delivery delayed", "The courier was late", "Shipping took ages",
		"Staff were friendly", "Friendly staff", "Great staff, very helpful people",
		"The price is high", "Price too expensive", "Prices are fair",
		"The app crashed", "Checkout failed",
	}
	c := counterOf("EN", texts...)
	space := map[string][]string{
		"delivery": {"shipping", "courier", "parcel", "delivery", "staff_member", "slow"},
		"staff":    {"employees", "people", "slow", "helpful"}, // slow taken by delivery
		"price":    {"prices", "expensive", "cost"},
		"slow":     {"late"},
	}
	nb := func(term string) []string { return space[term] }
	got := BuildTopics(c, 4, nb)
	want := []Topic{
		{"delivery", []string{"delivery", "shipping", "courier", "slow"}}, // 3 texts, 3 times
		{"staff", []string{"staff", "people", "helpful"}},                 // 3 texts, 3 times
		{"friendly", []string{"friendly"}},                                // 2 texts each: by term
		{"price", []string{"price", "prices", "expensive"}},               // slow was taken
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("BuildTopics =\n%+v\nwant\n%+v", got, want)
	}

	// Without a word space each top term is a topic of its own.
	got = BuildTopics(c, 2, nil)
	want = []Topic{{"delivery", []string{"delivery"}}, {"staff", []string{"staff"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("BuildTopics(nil) = %+v", got)
	}

	// More topics asked than terms: all terms, each once.
	got = BuildTopics(c, 1000, nb)
	seen := map[string]bool{}
	for _, tp := range got {
		if tp.Title != tp.Terms[0] {
			t.Errorf("topic %q starts with %q", tp.Title, tp.Terms[0])
		}
		for _, term := range tp.Terms {
			if seen[term] {
				t.Errorf("term %q in two topics", term)
			}
			seen[term] = true
		}
	}
	if len(seen) != c.Len() {
		t.Errorf("%d terms in topics, %d counted", len(seen), c.Len())
	}
	if BuildTopics(c, 0, nb) != nil || BuildTopics(nil, 3, nb) != nil {
		t.Error("no topics expected")
	}
}

func TestBuildTopicsSkipsTakenTopTerms(t *testing.T) {
	c := counterOf("EN", "delivery shipping", "delivery shipping", "delivery", "price")
	got := BuildTopics(c, 2, func(term string) []string {
		if term == "delivery" {
			return []string{"shipping"}
		}
		return nil
	})
	want := []Topic{{"delivery", []string{"delivery", "shipping"}}, {"price", []string{"price"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

func TestBuildTopicsMaxTerms(t *testing.T) {
	var text string
	var nbs []string
	for i := range 30 {
		w := fmt.Sprintf("word%c%c", 'a'+i/26, 'a'+i%26)
		text += w + " "
		nbs = append(nbs, w)
	}
	c := counterOf("EN", "main "+text, "main")
	got := BuildTopics(c, 1, func(string) []string { return nbs })
	if len(got) != 1 || len(got[0].Terms) != MaxTopicTerms || got[0].Title != "main" {
		t.Errorf("got %+v", got)
	}
}

// TestCounterSaturated: when every counted term and bigram stays (each in
// two texts), new ones are dropped after one prune: the maps keep their
// bounds, and a prune does not run for every new key.
func TestCounterSaturated(t *testing.T) {
	c := NewCounter()
	c.maxTerms, c.maxPairs = 1000, 500
	for range 2 {
		for j := range 500 {
			c.Add(fmt.Sprintf("a%s b%s", letters(j), letters(j)), "EN")
		}
	}
	for j := range 20_000 {
		c.Add(fmt.Sprintf("new%s fresh%s", letters(j), letters(j)), "EN")
	}
	if c.Len() > c.maxTerms || len(c.bigrams) > c.maxPairs {
		t.Fatalf("%d terms, %d bigrams: over the bounds", c.Len(), len(c.bigrams))
	}
	if !c.termsFull || !c.bigramsFull {
		t.Fatalf("full: terms %v, bigrams %v (%d)", c.termsFull, c.bigramsFull, len(c.bigrams))
	}
	if got := c.Count("a" + letters(1)); got.Docs != 2 {
		t.Fatalf("a%s: %+v", letters(1), got)
	}
}

// letters writes j in base 26 with the letters a–z.
func letters(j int) string {
	s := ""
	for {
		s = string(rune('a'+j%26)) + s
		if j /= 26; j == 0 {
			return s
		}
	}
}
