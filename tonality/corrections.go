package tonality

import "strings"

// Corrections are an account's word corrections read against an analyzer
// without copying its lexicon (WithOverrides copies the whole table, which
// a caller asking the polarity of a few words does not need): words folded
// as WithOverrides folds them, values clamped to [-1, 1].
type Corrections map[string]float64

// NewCorrections reads words as WithOverrides does.
func NewCorrections(words map[string]float64) Corrections {
	c := make(Corrections, len(words))
	for w, v := range words {
		c[fold(strings.TrimSpace(w))] = clamp(v)
	}
	return c
}

// PolarityWith is the polarity of word as a.WithOverrides(words) answers
// it (Polarity), for c = NewCorrections(words).
func (a *Analyzer) PolarityWith(c Corrections, word string) (v float64, ok bool) {
	if len(c) > 0 {
		v, over := c[word]
		if !over {
			// The corrected table finds a word as it is before its
			// folded form.
			if _, held := a.tab.words[word]; !held {
				v, over = c[fold(word)]
			}
		}
		if over {
			return v, v != 0
		}
	}
	return a.Polarity(word)
}
