package tonality

import "testing"

// The induced words (lexicons/en-induced.tsv.gz) are opinion words below
// the lexicon: a lexicon word keeps its valence, and Seed reports an
// induced word as no lexicon word.
func TestInduced(t *testing.T) {
	a, _ := For("EN")
	if len(a.lex.induced) == 0 {
		t.Fatal("no induced words")
	}
	for w := range a.lex.induced {
		if _, ok, _ := a.Seed(w); ok {
			t.Errorf("Seed(%q) reports an induced word as a lexicon word", w)
		}
		if v := a.lex.words[w]; v == 0 || v > 0.4 || v < -0.4 {
			t.Errorf("induced %q = %v, want a reduced non-zero valence", w, v)
		}
	}
	if v, ok, _ := a.Seed("good"); !ok || v <= 0 {
		t.Errorf("Seed(good) = %v, %v", v, ok)
	}
	if _, _, rule := a.Seed("very"); !rule {
		t.Error("Seed(very) is no rule word")
	}
	if !a.IsOpinion("abrasive") || a.Analyze("an abrasive tone").Score >= 0 {
		t.Error("abrasive (induced) is no negative opinion")
	}
}
