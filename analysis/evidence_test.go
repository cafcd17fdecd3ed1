package analysis

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTopicMatcherAgreesWithPrepare: on generated texts (apostrophes,
// underscores, case, typographic quotes, phrases, invalid UTF-8), a topic
// matches exactly when Prepare(text).Matches(terms) says so.
func TestTopicMatcherAgreesWithPrepare(t *testing.T) {
	vocab := []string{"Delivery", "delivery's", "late", "web", "server", "web_server", "l'eau", "Eau",
		"company’s", "don't", "the", "a", "42", "café", "CAFÉ", "cafe\u0301", "\xff", "--", "ice-cream", "ice", "cream"}
	topics := [][]string{
		{"delivery", "late"}, {"web server"}, {"eau"}, {"company"}, {"café"}, {"ice cream", "ice-cream"},
		{"  ", "the"}, {"Web_Server"}, {"don"},
	}
	for _, lang := range []string{"en", "fr", ""} {
		m := NewTopicMatcher(topics, lang)
		r := rand.New(rand.NewPCG(1, uint64(len(lang))))
		for n := 0; n < 3000; n++ {
			var b strings.Builder
			for w := r.IntN(8); w >= 0; w-- {
				b.WriteString(vocab[r.IntN(len(vocab))])
				b.WriteString([]string{" ", ", ", "_", ". "}[r.IntN(4)])
			}
			text := b.String()
			got := map[int]bool{}
			m.Match(text, func(i int, spans []Span) {
				got[i] = true
				if len(spans) == 0 {
					t.Fatalf("%q: topic %d without spans", text, i)
				}
			})
			p := Prepare(text, lang)
			for i, terms := range topics {
				if want := p.Matches(terms); got[i] != want {
					t.Fatalf("lang %q text %q topic %v: matcher %v, Prepare %v", lang, text, terms, got[i], want)
				}
			}
		}
	}
}

func TestTopicMatcherSpans(t *testing.T) {
	m := NewTopicMatcher([][]string{{"delivery", "web server"}, {"late"}, {"server"}}, "en")
	text := "Delivery's late; the Web  Server was down, delivery LATE."
	var got []string
	m.Match(text, func(i int, spans []Span) {
		var parts []string
		for _, s := range spans {
			parts = append(parts, text[s.Start:s.End])
		}
		got = append(got, fmt.Sprintf("%d:%s", i, strings.Join(parts, "|")))
	})
	want := "0:Delivery's|Web  Server|delivery 1:late|LATE 2:Server"
	if strings.Join(got, " ") != want {
		t.Fatalf("got %q, want %q", strings.Join(got, " "), want)
	}
	// Overlapping matches of one topic merge into one span.
	m = NewTopicMatcher([][]string{{"web server", "server down", "web"}}, "en")
	m.Match("a web server down here", func(_ int, spans []Span) {
		if len(spans) != 1 || spans[0] != (Span{2, 17}) {
			t.Fatalf("spans %v", spans)
		}
	})
}
