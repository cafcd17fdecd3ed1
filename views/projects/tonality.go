package projects

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// Tone is how the texts of a topic (or all texts) feel: the counts by
// label, the mean score and the net tonality as shown, and the links to
// the texts of each label ("" when there is nothing to list).
type Tone struct {
	Positive, Neutral, Negative int
	// Score is the mean mention score, Net the net tonality
	// ((positive − negative) / all) and NegShare the negative share, as
	// shown.
	Score, Net, NegShare   string
	PosURL, NeuURL, NegURL string
}

// Texts is the number of texts counted.
func (t Tone) Texts() int { return t.Positive + t.Neutral + t.Negative }

// Segment is one part of a stacked tonality bar, in percent of its width.
type Segment struct {
	Kind, Label string
	Count       int
	X, W        string
	URL         string
}

// Segments are the positive, neutral and negative parts of the bar (those
// with texts).
func (t Tone) Segments() []Segment {
	all := t.Texts()
	if all == 0 {
		return nil
	}
	var out []Segment
	x := 0.0
	for _, s := range []struct {
		kind, label string
		n           int
		url         string
	}{{"positive", "positive", t.Positive, t.PosURL}, {"neutral", "neutral", t.Neutral, t.NeuURL}, {"negative", "negative", t.Negative, t.NegURL}} {
		if s.n == 0 {
			continue
		}
		w := float64(s.n) * 100 / float64(all)
		out = append(out, Segment{Kind: s.kind, Label: s.label, Count: s.n, X: num(x), W: num(w), URL: s.url})
		x += w
	}
	return out
}

// Summary is the bar's text equivalent.
func (t Tone) Summary() string {
	return strconv.Itoa(t.Positive) + " positive, " + strconv.Itoa(t.Neutral) + " neutral, " + strconv.Itoa(t.Negative) + " negative"
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// PoleScore is what one of the project's poles measures in a topic.
type PoleScore struct {
	Name  string
	Texts int
	Score string
	URL   string
}

// Mark is a piece of a listed text: Kind is "" for plain text, else
// "topic", "positive" or "negative".
type Mark struct {
	Text, Kind string
}

// Marked writes a text's pieces, escaped, with <mark class="KIND"> around
// the marked ones and nothing between them (templ would put a space
// after an element that ends a line).
func Marked(parts []Mark) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		var b strings.Builder
		for _, p := range parts {
			if p.Kind == "" {
				b.WriteString(templ.EscapeString(p.Text))
				continue
			}
			b.WriteString(`<mark class="` + templ.EscapeString(p.Kind) + `">`)
			b.WriteString(templ.EscapeString(p.Text))
			b.WriteString(`</mark>`)
		}
		_, err := io.WriteString(w, b.String())
		return err
	})
}

// ExampleText writes an example text as written: "…" where it was cut,
// its pieces escaped, <mark class="topic"> around the matched terms and
// nothing between them.
func ExampleText(ex Example) templ.Component {
	parts := make([]Mark, 0, len(ex.Parts)+2)
	if ex.CutBefore {
		parts = append(parts, Mark{Text: "…"})
	}
	for _, p := range ex.Parts {
		m := Mark{Text: p.Text}
		if p.Mark {
			m.Kind = "topic"
		}
		parts = append(parts, m)
	}
	if ex.CutAfter {
		parts = append(parts, Mark{Text: "…"})
	}
	return Marked(parts)
}
