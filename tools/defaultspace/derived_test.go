package main

import (
	"slices"
	"testing"

	"explorer/tools/internal/wordnet"
)

// A trained pair carries to the words derived from its two lemmas in one
// part of speech, both ways of the pointers and with their inflections;
// a held-out pair carries nothing, and words of different parts of
// speech are not paired.
func TestDerivedAntonyms(t *testing.T) {
	synsets := map[string]*wordnet.Synset{
		"v1": {Pos: 'v', Lemmas: []string{"convict"}, Ptrs: []wordnet.Pointer{{Sym: "!", Key: "v2", Src: 1, Tgt: 1}, {Sym: "+", Key: "n1", Src: 1, Tgt: 1}}},
		"v2": {Pos: 'v', Lemmas: []string{"acquit"}, Ptrs: []wordnet.Pointer{{Sym: "+", Key: "n2", Src: 1, Tgt: 1}}},
		"n1": {Pos: 'n', Lemmas: []string{"conviction"}},
		"n2": {Pos: 'n', Lemmas: []string{"acquittal"}},
		"a1": {Pos: 'a', Lemmas: []string{"rapid"}, Ptrs: []wordnet.Pointer{{Sym: "!", Key: "a2", Src: 1, Tgt: 1}}},
		"a2": {Pos: 'a', Lemmas: []string{"slow"}},
		"r1": {Pos: 'r', Lemmas: []string{"rapidly"}, Ptrs: []wordnet.Pointer{{Sym: `\`, Key: "a1", Src: 1, Tgt: 1}}},
		"r2": {Pos: 'r', Lemmas: []string{"slowly"}, Ptrs: []wordnet.Pointer{{Sym: `\`, Key: "a2", Src: 1, Tgt: 1}}},
		// acquit is also derived to a verb-to-noun of another part: no pair.
		"a3": {Pos: 'a', Lemmas: []string{"acquitted"}, Ptrs: []wordnet.Pointer{{Sym: `\`, Key: "v2", Src: 1, Tgt: 1}}},
	}
	vocab := []string{"convict", "acquit", "conviction", "acquittal", "convictions", "acquittals", "rapid", "slow", "rapidly", "slowly", "acquitted"}
	id := func(w string) int32 { return int32(slices.Index(vocab, w)) }
	pair := func(a, b string) [2]int32 { return [2]int32{min(id(a), id(b)), max(id(a), id(b))} }
	ant := &antonyms{ptrs: []lexPtr{{sense{"v1", "convict"}, sense{"v2", "acquit"}}, {sense{"a1", "rapid"}, sense{"a2", "slow"}}}}
	got := derivedAntonyms(ant, synsets, nil, vocab)
	for _, want := range [][2]int32{pair("conviction", "acquittal"), pair("convictions", "acquittals"), pair("conviction", "acquittals"), pair("rapidly", "slowly")} {
		if !slices.Contains(got, want) {
			t.Errorf("missing %s/%s in %v", vocab[want[0]], vocab[want[1]], got)
		}
	}
	for _, p := range got {
		if vocab[p[0]] == "acquitted" || vocab[p[1]] == "acquitted" {
			t.Errorf("pair across parts of speech: %s/%s", vocab[p[0]], vocab[p[1]])
		}
	}
	// Only the pointers given (the trained ones) carry.
	if got := derivedAntonyms(&antonyms{}, synsets, nil, vocab); len(got) != 0 {
		t.Errorf("no trained pointer, derived %v", got)
	}
}
