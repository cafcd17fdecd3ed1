package poles

import (
	"math"
	"slices"
	"testing"

	"explorer"
)

// senseBlend puts the words the texts put near the pole first (ranked with
// the general space): the general space's own suggestions the texts use
// near the pole, and the texts' other words that stand out of the texts'
// background; then the general words in the general space's order,
// dropping those the texts use often elsewhere; then the texts' weaker,
// unrelated or background words. A word the general space does not hold
// is judged by the texts alone.
func TestSenseBlendOrder(t *testing.T) {
	sg := func(term string, sum float64) explorer.PoleSuggestion {
		return explorer.PoleSuggestion{Term: term, SumCosine: sum}
	}
	// The general space's order (a sense or graph order) is not its
	// cosines' order.
	list := []explorer.PoleSuggestion{sg("cacophony", 0.5), sg("battery", 0.7), sg("din", 0.6), sg("racket", 0.7)}
	held := []int64{0, 25, 3, 0} // the texts use "battery" 25 times, never near the pole
	own := []explorer.PoleSuggestion{sg("music", 0.4), sg("traffic", 0.35), sg("check", 0.38), sg("zorblax", 0.33), sg("din", 0.3), sg("table", 0.25), sg("towels", 0.15)}
	general := []float64{0.3, 0.4, 0.02, math.NaN(), 0.5, 0.3, -0.2}
	for _, w := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} { // the texts' background
		own, general = append(own, sg(w, 0.1)), append(general, 0)
	}
	var got []string
	for _, s := range senseBlend(list, own, held, general, 1) {
		got = append(got, s.Term)
	}
	// The mean text score is 0.212: music, traffic and zorblax stand out
	// (at least 0.318), table does not; din, a general suggestion the
	// texts put near the pole, rises. Ranked by text + 2 × general score:
	// din 1.3, traffic 1.15, music 1.0, zorblax 0.33 (texts alone). check
	// is too far for the general space, towels too weak in the texts.
	want := []string{"din", "traffic", "music", "zorblax", "cacophony", "racket", "table", "check", "b1", "b2", "b3", "b4", "b5", "b6", "towels"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	// At most senseTextFirst text words go ahead of the general space's.
	var many []explorer.PoleSuggestion
	var near []float64
	for _, w := range []string{"t1", "t2", "t3", "t4", "t5", "t6", "t7"} {
		many, near = append(many, sg(w, 0.4)), append(near, 0.3)
	}
	for _, w := range []string{"b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10"} {
		many, near = append(many, sg(w, 0.05)), append(near, 0)
	}
	got = got[:0]
	for _, s := range senseBlend(list[:1], many, held[:1], near, 1) {
		got = append(got, s.Term)
	}
	if want := []string{"t1", "t2", "t3", "t4", "t5", "cacophony", "t6", "t7"}; !slices.Equal(got[:8], want) {
		t.Fatalf("many text words: %v, want %v first", got, want)
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
