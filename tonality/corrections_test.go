package tonality

import "testing"

// PolarityWith answers what the analyzer with the corrections as
// overrides answers, for corrected and other words in any case.
func TestPolarityWithAsOverrides(t *testing.T) {
	for _, c := range []struct {
		lang  string
		words map[string]float64
		ask   []string
	}{
		{"EN", map[string]float64{"SICK": 1, "good": 0, "food": -0.3, " cheap ": 2, "zorbly": -1},
			[]string{"sick", "Sick", "good", "GOOD", "food", "cheap", "zorbly", "Zorbly", "bad", "great", "table", "don't", "", "goods"}},
		{"DE", map[string]float64{"gut": 0, "Lärm": 1, "ÄRGER": 0.5},
			[]string{"gut", "Gut", "lärm", "LÄRM", "ärger", "schlecht", "Schlecht", "haus"}},
		{"SV", map[string]float64{}, []string{"bra", "dålig", "Bra"}},
	} {
		a := analyzer(t, c.lang)
		over := a.WithOverrides(c.words)
		corr := NewCorrections(c.words)
		for _, w := range c.ask {
			wv, wok := over.Polarity(w)
			gv, gok := a.PolarityWith(corr, w)
			if gv != wv || gok != wok {
				t.Errorf("%s %q: PolarityWith %v %v, WithOverrides %v %v", c.lang, w, gv, gok, wv, wok)
			}
		}
	}
}
