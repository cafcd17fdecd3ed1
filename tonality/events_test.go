package tonality

import (
	"strings"
	"testing"
)

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

// TestLongWaits: a clause holding a waiting word and a long time is a
// fault ("we waited 40 minutes", "it took an hour", "took forever"); a
// short one, hours without a count or a time without a waiting word are
// not; a negated one is no fault.
func TestLongWaits(t *testing.T) {
	a := analyzer(t, "EN")
	for _, c := range []struct {
		text string
		want int
	}{
		{"We waited 40 minutes for our food.", -1},
		{"We waited forty-five minutes for a table.", -1},
		{"The food took an hour to arrive.", -1},
		{"It took 2 hours to install the drivers.", -1},
		{"It took forever to get a table.", -1},
		{"After 20 minutes the waiter finally came.", -1},
		{"We were seated 30+ minutes later.", -1},
		{"It took 5 minutes to set up.", 0},
		{"The battery lasts 5 hours.", 0},
		{"It takes a minute to learn and gives you hours and hours of play.", 0},
		{"The hotel is 20 minutes from the airport.", 0},
		{"We waited 40 minutes, but the pizza was excellent.", 1},
	} {
		tx := a.Analyze(c.text)
		if s := tx.Score; c.want < 0 && s >= 0 || c.want > 0 && s <= 0 {
			t.Errorf("%q: %v, want sign %d", c.text, s, c.want)
		}
		for _, o := range tx.Opinions {
			if w := c.text[o.Start:o.End]; c.want == 0 && strings.Contains("minutes minute hours", w) {
				t.Errorf("%q: %q is a fault (%v), want no long wait", c.text, w, o.Polarity)
			}
		}
	}
	// The wait is the clause's: another clause of the sentence keeps its own score.
	tx := a.Analyze("The staff were lovely, but we waited an hour for the check.")
	if s, _ := tx.Mention([]int{4}); s <= 0 {
		t.Errorf("staff: %v, want > 0", s)
	}
	if s, _ := tx.Mention([]int{strings.Index("The staff were lovely, but we waited an hour for the check.", "check")}); s >= 0 {
		t.Errorf("check: %v, want < 0", s)
	}
}

// TestUnmetRequests: requests never met and missing things are faults
// without an opinion word (eventPhrases).
func TestUnmetRequests(t *testing.T) {
	a := analyzer(t, "EN")
	for _, text := range []string{
		"I asked for a Lassi four times but never got it.",
		"The waiter never came back to our table.",
		"They never brought the bread.",
		"No one greeted us at the door.",
		"We waited at the counter and nobody came.",
		"We left still hungry.",
		"Two of the keys were missing.",
		"The room was not cleaned.",
		"The safe was broken.",
	} {
		if s := a.Analyze(text).Score; s >= 0 {
			t.Errorf("%q: %v, want < 0", text, s)
		}
	}
}
