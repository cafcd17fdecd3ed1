package analysis

import (
	"math"
	"slices"
	"unicode/utf8"
)

// TypicalTexts returns the indices of up to n of texts (in language lang)
// that are most typical of a topic given by its terms: among the texts
// that match the topic (Text.Matches), those closest to the centroid of
// their context words, the terms they hold besides the topic's own: a
// text's score is the cosine of its set of context words with the counts
// of those words over all matching texts, so a text about what the
// topic's texts usually say of it comes before one where a member stands
// by chance. Ties go to the shorter text (in letters), then the earlier.
// It is a pure function of its arguments.
func TypicalTexts(texts []string, terms []string, lang string, n int) []int {
	if n <= 0 {
		return nil
	}
	own := map[string]bool{}
	for _, t := range terms {
		for _, w := range termWords(FoldTerm(t)) {
			own[w] = true
		}
	}
	type cand struct {
		i     int
		words []string
		score float64
		size  int
	}
	var cands []cand
	centroid := map[string]float64{}
	for i, text := range texts {
		if !Prepare(text, lang).Matches(terms) {
			continue
		}
		var words []string
		seen := map[string]bool{}
		for _, w := range Terms(text, lang) {
			if !own[w] && !seen[w] {
				seen[w] = true
				words = append(words, w)
				centroid[w]++
			}
		}
		cands = append(cands, cand{i: i, words: words, size: utf8.RuneCountInString(text)})
	}
	norm := 0.0
	for _, c := range centroid {
		norm += c * c
	}
	norm = math.Sqrt(norm)
	for k := range cands {
		c := &cands[k]
		if len(c.words) == 0 || norm == 0 {
			continue
		}
		s := 0.0
		for _, w := range c.words {
			s += centroid[w] - 1 // the text's own count says nothing of the others
		}
		c.score = s / (norm * math.Sqrt(float64(len(c.words))))
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.size - b.size
	})
	out := make([]int, 0, min(n, len(cands)))
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.i)
	}
	return out
}
