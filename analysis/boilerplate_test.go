package analysis

import (
	"fmt"
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
	for _, w := range []string{"place", "waiter", "soup"} {
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
