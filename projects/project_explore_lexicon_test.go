package projects

import (
	"context"
	"math"
	"testing"

	"explorer"
)

// kinSpaces answers Kinship only: 0.7 for every word, an error for a
// language still loading.
type kinSpaces struct{ explorer.WordSpaces }

func (kinSpaces) Kinship(_ context.Context, language, _ string, others []string) ([]float64, error) {
	if language == "DE" {
		return nil, explorer.Errorf(explorer.EUNAVAILABLE, "loading")
	}
	out := make([]float64, len(others))
	for i := range out {
		out[i] = 0.7
	}
	return out, nil
}

// TestLexiconLikenessIsTheSpacesKinship: exploring groups feedback's kin
// by the word space's Kinship of the project's language; a space still
// loading says nothing (NaN), and without spaces there is no likeness.
func TestLexiconLikenessIsTheSpacesKinship(t *testing.T) {
	s := &Service{wordSpaces: kinSpaces{}}
	if got := s.lexicon(context.Background(), "EN").Likeness("service", []string{"staff", "decor"}); len(got) != 2 || got[0] != 0.7 || got[1] != 0.7 {
		t.Errorf("EN: %v", got)
	}
	if got := s.lexicon(context.Background(), "DE").Likeness("Service", []string{"Personal"}); len(got) != 1 || !math.IsNaN(got[0]) {
		t.Errorf("a loading space: %v", got)
	}
	if (&Service{}).lexicon(context.Background(), "EN").Likeness != nil {
		t.Error("a likeness without word spaces")
	}
}

// TestLexiconOpinionsDescribe: what exploring takes for no aspect is what
// tonality says describes a thing: opinion words and the descriptive
// adjectives tonality gives no valence (Dutch "grote", big), not nouns.
func TestLexiconOpinionsDescribe(t *testing.T) {
	lex := (&Service{}).lexicon(context.Background(), "NL")
	for w, want := range map[string]bool{"lekker": true, "grote": true, "bediening": false} {
		if got := lex.Opinion(w); got != want {
			t.Errorf("NL %q: %v, want %v", w, got, want)
		}
	}
}
