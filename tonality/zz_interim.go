// Package tonality scores how a text feels. This file is an interim
// stand-in with a tiny English lexicon, replaced by the real engine.
package tonality

import (
	"strings"
	"unicode"
)

// Label is a tonality label.
type Label string

// Labels.
const (
	Positive Label = "positive"
	Negative Label = "negative"
	Neutral  Label = "neutral"
)

// LabelOf labels a score.
func LabelOf(score float64) Label {
	switch {
	case score >= 0.05:
		return Positive
	case score <= -0.05:
		return Negative
	}
	return Neutral
}

// Languages lists the languages with tonality data.
func Languages() []string { return []string{"EN"} }

// Analyzer scores texts of one language.
type Analyzer struct{ words map[string]float64 }

var english = &Analyzer{words: map[string]float64{"good": 1, "great": 1, "nice": 1, "bad": -1, "slow": -1, "terrible": -1, "rude": -1, "excellent": 1, "awful": -1, "love": 1}}

// For returns the analyzer of lang.
func For(lang string) (*Analyzer, bool) {
	if strings.ToUpper(lang) == "EN" {
		return english, true
	}
	return nil, false
}

// WithOverrides adds corrections.
func (a *Analyzer) WithOverrides(words map[string]float64) *Analyzer {
	out := &Analyzer{words: map[string]float64{}}
	for k, v := range a.words {
		out.words[k] = v
	}
	for k, v := range words {
		out.words[strings.ToLower(k)] = v
	}
	return out
}

// Text is a scored text.
type Text struct {
	Score    float64
	Label    Label
	Clauses  []Clause
	Opinions []Opinion
	negated  map[int]bool
}

// Clause is a part of a text.
type Clause struct {
	Start, End int
	Score      float64
}

// Opinion is an opinion word.
type Opinion struct {
	Start, End int
	Polarity   float64
}

// Analyze scores text.
func (a *Analyzer) Analyze(text string) Text {
	t := Text{negated: map[int]bool{}}
	start, neg := 0, false
	var sum float64
	var n int
	flush := func(end int) {
		if end > start {
			c := Clause{Start: start, End: end}
			if n > 0 {
				c.Score = max(-1, min(1, sum/float64(n)))
			}
			t.Clauses = append(t.Clauses, c)
		}
		sum, n, neg = 0, 0, false
	}
	i := 0
	for i < len(text) {
		r := rune(text[i])
		if r == '.' || r == '!' || r == '?' || r == ';' {
			flush(i + 1)
			start = i + 1
			i++
			continue
		}
		if !unicode.IsLetter(r) {
			i++
			continue
		}
		j := i
		for j < len(text) && unicode.IsLetter(rune(text[j])) {
			j++
		}
		w := strings.ToLower(text[i:j])
		if w == "but" {
			flush(i)
			start = i
		}
		if w == "not" || w == "never" {
			neg = true
		} else {
			if neg {
				t.negated[i] = true
			}
			if v, ok := a.words[w]; ok && v != 0 {
				if neg {
					v = -v
				}
				sum += v
				n++
				t.Opinions = append(t.Opinions, Opinion{Start: i, End: j, Polarity: v})
			}
		}
		i = j
	}
	flush(len(text))
	var total float64
	for _, c := range t.Clauses {
		total += c.Score
	}
	if len(t.Clauses) > 0 {
		t.Score = total / float64(len(t.Clauses))
	}
	t.Label = LabelOf(t.Score)
	return t
}

// Mention is the mean score of the clauses holding starts.
func (t Text) Mention(starts []int) (float64, bool) {
	seen := map[int]bool{}
	var sum float64
	for _, s := range starts {
		for i, c := range t.Clauses {
			if s >= c.Start && s < c.End && !seen[i] {
				seen[i] = true
				sum += c.Score
			}
		}
	}
	if len(seen) == 0 {
		return 0, false
	}
	return sum / float64(len(seen)), true
}

// Negated reports whether the word at start is negated.
func (t Text) Negated(start int) bool { return t.negated[start] }
