package tonality

import (
	"fmt"
	"slices"
	"testing"
)

// corpus is made-up reviews: "zorbly" stands beside positive words,
// "blargy" beside negative ones, "good" beside negative ones too.
func corpus() []string {
	var out []string
	for i := range 20 {
		out = append(out,
			fmt.Sprintf("The pasta %d was zorbly and great.", i),
			fmt.Sprintf("Excellent, zorbly soup number %d.", i),
			fmt.Sprintf("The room %d was blargy and terrible.", i),
			fmt.Sprintf("Awful, blargy chairs in hall %d.", i),
			fmt.Sprintf("The good bed %d was horrible.", i),
			fmt.Sprintf("We sat at table %d.", i))
	}
	return out
}

func TestAdapt(t *testing.T) {
	a := analyzer(t, "EN")
	if s := a.Analyze("The pizza was zorbly.").Score; s != 0 {
		t.Fatalf("before Adapt: %v, want 0", s)
	}
	b := a.Adapt(slices.Values(corpus()))
	if s := b.Analyze("The pizza was zorbly.").Score; s <= 0 {
		t.Errorf("zorbly after Adapt: %v, want positive", s)
	}
	if s := b.Analyze("The pizza was blargy.").Score; s >= 0 {
		t.Errorf("blargy after Adapt: %v, want negative", s)
	}
	if s := b.Analyze("The pizza was good.").Score; s <= 0 {
		t.Errorf("a lexicon word was overridden: good %v", s)
	}
	learned := b.Learned()
	for _, w := range []string{"good", "the", "was", "table"} {
		if _, ok := learned[w]; ok {
			t.Errorf("learned %q (a lexicon, stop or even word)", w)
		}
	}
	if a.Analyze("The pizza was zorbly.").Score != 0 || len(a.Learned()) != 0 {
		t.Error("Adapt changed its receiver")
	}
	// Overrides still come first, also on an adapted analyzer.
	if s := b.WithOverrides(map[string]float64{"zorbly": -1}).Analyze("zorbly").Score; s >= 0 {
		t.Errorf("override after Adapt: %v, want negative", s)
	}
}

func TestAdaptTooRare(t *testing.T) {
	a := analyzer(t, "EN")
	b := a.Adapt(slices.Values([]string{"The pasta was zorbly and great.", "Zorbly, excellent."}))
	if _, ok := b.Learned()["zorbly"]; ok {
		t.Error("learned a word from 2 clauses")
	}
}

func TestLearnerVocabularyCap(t *testing.T) {
	defer func(n int) { adaptVocab = n }(adaptVocab)
	adaptVocab = 3
	l := analyzer(t, "EN").Learner()
	for _, s := range corpus() {
		l.Add(s)
	}
	if n := len(l.words); n > 3 {
		t.Errorf("%d candidate words kept, cap 3", n)
	}
}

// BenchmarkLearnerAdd measures learning from short review sentences.
func BenchmarkLearnerAdd(b *testing.B) {
	a, _ := For("EN")
	l := a.Learner()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l.Add(reviewSentences[i%len(reviewSentences)])
	}
}
