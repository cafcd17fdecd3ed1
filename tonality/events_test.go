package tonality

import "testing"

// TestEvents: facts that are good or bad news without opinion words
// (eventWords, eventPhrases).
func TestEvents(t *testing.T) {
	a := analyzer(t, "EN")
	for _, c := range []struct {
		text string
		want int
	}{
		{"The shower leaked all night.", -1},
		{"The carpet was stained.", -1},
		{"They charged us twice for the room.", -1},
		{"We had to call the front desk three times.", -1},
		{"We had to change rooms.", -1},
		{"The hotel was overbooked.", -1},
		{"The screen goes black after ten minutes.", -1},
		{"The screen keeps flickering.", -1},
		{"The battery only lasts an hour.", -1},
		{"They ran out of towels.", -1},
		{"Our food never arrived.", -1},
		{"The bathroom was spotless.", 1},
		{"The staff went out of their way to help us.", 1},
		{"We got a free upgrade.", 1},
		{"The hotel is within walking distance of the station.", 1},
	} {
		s := a.Analyze(c.text).Score
		if c.want < 0 && s >= 0 || c.want > 0 && s <= 0 {
			t.Errorf("%q: %v, want sign %d", c.text, s, c.want)
		}
	}
}
