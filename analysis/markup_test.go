package analysis

import (
	"slices"
	"strings"
	"testing"
)

// Entities and known tags are blanked, byte for byte; what only looks
// like them is kept.
func TestBlankMarkup(t *testing.T) {
	for in, want := range map[string]string{
		"&quot;Great&quot; food &amp; wine":  "      Great       food       wine",
		"nice<br />staff&#39;s &nbsp;smile":  "nice.     staff     s       smile",
		"<b>rude</b> waiter":                 "   rude     waiter",
		"R&D; AT&T <3 x<y and <customer> ok": "R&D; AT&T <3 x<y and <customer> ok",
		"<p class=\"x\">cold</P>":            "." + strings.Repeat(" ", 12) + "cold.   ",
	} {
		got := blankMarkup(in)
		if got != want || len(got) != len(in) {
			t.Errorf("blankMarkup(%q) = %q, want %q", in, got, want)
		}
	}
}

// Markup titles no topic, and a phrase does not cross a line break tag;
// the matcher marks words where they stand in the text as written.
func TestMarkupIsNoTopic(t *testing.T) {
	var texts []string
	for i := range 300 {
		dish := []string{"soup", "pasta", "salad", "steak"}[i%4]
		texts = append(texts, "&quot;The "+dish+" was great&quot; &amp; the waiter<br />Service slow &nbsp;"+[]string{"today", "again", "sadly"}[i%3])
	}
	c := NewCounter()
	for _, x := range texts {
		c.Add(x, "en")
	}
	for _, term := range []string{"quot", "amp", "nbsp", "br", "waiter service"} {
		if c.Has(term) {
			t.Errorf("%q is a term of the texts", term)
		}
	}
	if !c.Has("waiter") || !c.Has("soup") {
		t.Error("the words between the markup are lost")
	}
	m := NewTopicMatcher([][]string{{"waiter"}}, "en")
	text := "&quot;Rude&quot; waiter&#39;s tone"
	m.Match(text, func(_ int, spans []Span) {
		if got := text[spans[0].Start:spans[0].End]; got != "waiter" {
			t.Errorf("marked %q", got)
		}
	})
	if ts := Terms("&amp; &lt;br&gt; fine", "en"); slices.ContainsFunc(ts, func(s string) bool { return strings.Contains(s, "amp") || s == "lt" || s == "gt" }) {
		t.Errorf("terms %v", ts)
	}
}

// The matcher reads markup as exploring does: a phrase around an entity
// matches, marked in the text as written; a long gap of punctuation
// still breaks a phrase, a long gap of markup between words of a phrase
// does not.
func TestMarkupInMatching(t *testing.T) {
	m := NewTopicMatcher([][]string{{"great food"}}, "en")
	text := "really great&nbsp;food"
	var got []string
	m.Match(text, func(_ int, spans []Span) {
		for _, s := range spans {
			got = append(got, text[s.Start:s.End])
		}
	})
	if !slices.Equal(got, []string{"great&nbsp;food"}) {
		t.Errorf("marked %q", got)
	}
	c := NewCounter()
	for range 3 {
		c.Add("great "+strings.Repeat("<b></b>", 50)+" food", "en")
		c.Add("cold "+strings.Repeat("<br>", 50)+" soup", "en")
		c.Add("hot"+strings.Repeat(" ", maxGap+4)+". tea", "en") // spaces, then the full stop
	}
	if !c.Has("great food") || c.Has("cold soup") || c.Has("hot tea") {
		t.Error("inline tags broke a phrase, or line breaks or a full stop after many spaces did not")
	}
}

// Words are folded by compatibility: a ligature, full-width letters, a
// soft hyphen or a word joiner inside a word make no other word; the
// matcher marks the word as written.
func TestFoldCompatibility(t *testing.T) {
	for in, want := range map[string]string{"ﬁsh": "fish", "Ｆｏｏｄ": "food", "foo\u00add": "food", "wi\u2060fi": "wifi", "cafe\u0301": "café"} {
		if got := Terms("the "+in+" was great", "en"); !slices.Equal(got, []string{want, "great"}) {
			t.Errorf("Terms of %q: %q, want %q", in, got, want)
		}
	}
	text := "the ﬁsh was great"
	NewTopicMatcher([][]string{{"fish"}}, "en").Match(text, func(_ int, spans []Span) {
		if got := text[spans[0].Start:spans[0].End]; got != "ﬁsh" {
			t.Errorf("marked %q", got)
		}
	})
}

// A token longer than maxWordBytes is no term and is not folded by
// compatibility, which would make it up to 18 times longer.
func TestLongTokensAreNoTerms(t *testing.T) {
	long := strings.Repeat("ﷺ", 100) // 300 bytes, 1,800 letters by NFKC
	if got := Terms("the "+long+" food", "en"); !slices.Equal(got, []string{"food"}) {
		t.Errorf("terms %q", got)
	}
	if got := foldWord(long); len(got) > len(long) {
		t.Errorf("a long token folded to %d bytes from %d", len(got), len(long))
	}
	c := NewCounter()
	for i := range 50 {
		c.Add(strings.Repeat(string(rune('a'+i%26)), maxWordBytes+1)+" and the food", "en")
	}
	for term := range c.terms {
		if len(term) > maxWordBytes {
			t.Fatalf("a term of %d bytes counted", len(term))
		}
	}
}
