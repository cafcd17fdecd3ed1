package poles

import (
	"math"
	"slices"
	"testing"

	"explorer"
)

// senseBlend puts the words the texts put near the pole first (ranked with
// the general space), then the general words, dropping those the texts use
// often elsewhere, then the texts' weaker or unrelated words; a word the
// general space does not hold is judged by the texts alone.
func TestSenseBlendOrder(t *testing.T) {
	sg := func(term string, sum float64) explorer.PoleSuggestion {
		return explorer.PoleSuggestion{Term: term, SumCosine: sum}
	}
	list := []explorer.PoleSuggestion{sg("cacophony", 0.8), sg("battery", 0.7), sg("din", 0.6)}
	held := []int64{0, 25, 3} // the texts use "battery" 25 times, never near the pole
	own := []explorer.PoleSuggestion{sg("music", 0.4), sg("traffic", 0.35), sg("check", 0.38), sg("zorblax", 0.3), sg("din", 0.1), sg("towels", 0.15)}
	general := []float64{0.3, 0.4, 0.02, math.NaN(), 0.5, -0.2}
	var got []string
	for _, s := range senseBlend(list, own, held, general, 1) {
		got = append(got, s.Term)
	}
	// music 0.4+0.6, traffic 0.35+0.8: the general space ranks the text
	// words; check is too far for it, towels and din too weak in the texts.
	want := []string{"traffic", "music", "zorblax", "cacophony", "din", "check", "towels"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	// At most senseTextFirst text words go ahead of the general space's.
	var many []explorer.PoleSuggestion
	var near []float64
	for _, w := range []string{"t1", "t2", "t3", "t4", "t5", "t6", "t7"} {
		many, near = append(many, sg(w, 0.4)), append(near, 0.3)
	}
	got = got[:0]
	for _, s := range senseBlend(list[:1], many, held[:1], near, 1) {
		got = append(got, s.Term)
	}
	if want := []string{"t1", "t2", "t3", "t4", "t5", "cacophony", "t6", "t7"}; !slices.Equal(got, want) {
		t.Fatalf("many text words: %v, want %v", got, want)
	}
	// Without a general space the texts' strong words come first as they rank.
	got = got[:0]
	for _, s := range senseBlend(nil, own[:2], nil, nil, 1) {
		got = append(got, s.Term)
	}
	if !slices.Equal(got, []string{"music", "traffic"}) {
		t.Fatalf("without a general space: %v", got)
	}
}
