package analysis

import (
	"fmt"
	"strings"
	"testing"
)

// Words fixed at the start or end of many texts, or between brackets,
// and seldom elsewhere are boilerplate: no aspect. A noun that starts many
// texts after a determiner ("This place…") is no boilerplate.
func TestBoilerplateIsNoAspect(t *testing.T) {
	dishes := []string{"soup", "pasta", "salad", "steak", "curry"}
	c := NewCounter()
	for i := range 400 {
		text := fmt.Sprintf("the %s was cold and the waiter slow", dishes[i%5])
		switch i % 8 {
		case 0, 1:
			text = "(Translated by Google) " + text + " (Original) " + dishes[(i+1)%5]
		case 2:
			text += " Read more"
		case 3, 4:
			text = "This place is noisy, " + text
		}
		c.Add(text, "en")
	}
	isAspect := aspectTest(c, Lexicon{}, "en")
	for _, w := range []string{"translated", "google", "original", "read"} {
		if isAspect(w) {
			t.Errorf("%q, boilerplate, may title a topic", w)
		}
	}
	for _, w := range []string{"place", "waiter", "soup", "slow"} { // slow ends many texts, and others not
		if !isAspect(w) {
			t.Errorf("%q may title no topic", w)
		}
	}
	few := NewCounter()
	for i := range 9 { // under fixedMin texts: no boilerplate
		few.Add("(Translated by Google) the "+dishes[i%5]+" was cold", "en")
	}
	if !aspectTest(few, Lexicon{}, "en")("google") {
		t.Error("a run of 9 texts is boilerplate")
	}
}

// Boilerplate that first appears after thousands of other texts is still
// found (runs seen once make room), and a run with a word longer than
// fixedWordMax is not kept.
func TestBoilerplateLateAndBounded(t *testing.T) {
	c := NewCounter()
	for i := range 6000 {
		c.Add(fmt.Sprintf("w%da w%db the soup was cold w%dc w%dd", i, i, i, i), "en")
	}
	for i := range 2000 {
		c.Add(fmt.Sprintf("(Translated by Google) the %s was cold", []string{"soup", "pasta", "salad"}[i%3]), "en")
	}
	if !c.boilerplate("en")["google"] {
		t.Error("late boilerplate missed")
	}
	long := strings.Repeat("x", fixedWordMax+1)
	c.Add(long+" "+long, "en")
	for k := range c.fixed.counts {
		if strings.Contains(k, long) {
			t.Fatalf("a run of a %d-byte word kept", len(long))
		}
	}
	if len(c.fixed.counts) > fixedMaxKeys {
		t.Errorf("%d runs kept, at most %d", len(c.fixed.counts), fixedMaxKeys)
	}
}
