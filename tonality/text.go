package tonality

import (
	"slices"
	"sort"
)

// Text is the tonality of a text.
type Text struct {
	Score    float64   // the whole text, in [-1, 1]
	Label    Label     // LabelOf(Score)
	Clauses  []Clause  // in order, covering the text's words; byte offsets
	Opinions []Opinion // opinion words that counted, in order, non-overlapping

	info    []clauseInfo // per clause
	negated []span       // words in a negation's scope, in order
	size    int          // the text's length in bytes
}

// Clause is a clause of a text: bytes [Start, End), its score in [-1, 1].
type Clause struct {
	Start, End int
	Score      float64
}

// Opinion is an opinion word that counted: bytes [Start, End), its
// polarity after negation and intensity (< 0 negative, > 0 positive).
type Opinion struct {
	Start, End int
	Polarity   float64
}

// clauseInfo is what Mention needs to know of a clause besides its score.
type clauseInfo struct {
	sentence int     // index of its sentence
	opinions bool    // it holds an opinion, or compares (its score is its own)
	learned  bool    // its opinions are all learned words (Adapt): weaker evidence
	weight   float64 // its weight in the text's score
}

// span is a byte range [start, end).
type span struct{ start, end int }

// Borrowing is how Mention scores a clause without an opinion of its own.
type Borrowing int

// The ways of borrowing.
const (
	BorrowNone     Borrowing = iota // the clause scores 0
	BorrowSentence                  // the weighted score of its sentence's clauses
	BorrowNearest                   // the nearest clause of its sentence with an opinion
)

// borrowing is the package's choice, tuned on SemEval-2014 (README.md).
var borrowing = BorrowSentence

// learnedBorrows: a clause whose opinions are all learned words borrows
// like a clause without opinion when its sentence has lexicon opinions
// (tuned on SemEval-2014).
var learnedBorrows = true

// clauseAt returns the index of the clause holding byte offset off: the
// last clause starting at or before it (-1 when none).
func (t Text) clauseAt(off int) int {
	i := sort.Search(len(t.Clauses), func(i int) bool { return t.Clauses[i].Start > off })
	if i == 0 {
		if len(t.Clauses) > 0 && off < t.Clauses[0].Start {
			return 0 // before the first word: its clause
		}
		return -1
	}
	return i - 1
}

// Mention is the tonality of what the text says about a thing whose words
// start at the given byte offsets (where an aspect or topic term occurs):
// the mean score of the distinct clauses holding those offsets. A clause
// without an opinion of its own borrows the score of its sentence's other
// clauses (BorrowSentence). ok is false when starts is empty or none of
// them lies in the text.
func (t Text) Mention(starts []int) (score float64, ok bool) {
	var small [8]int
	seen := small[:0]        // the distinct clauses so far; a map when many
	var seenMap map[int]bool //
	sum, n := 0.0, 0
	for _, off := range starts {
		if off < 0 || off >= t.size {
			continue
		}
		c := t.clauseAt(off)
		if c < 0 {
			continue
		}
		if seenMap != nil {
			if seenMap[c] {
				continue
			}
			seenMap[c] = true
		} else {
			if slices.Contains(seen, c) {
				continue
			}
			seen = append(seen, c)
			if len(seen) > 32 {
				seenMap = map[int]bool{}
				for _, s := range seen {
					seenMap[s] = true
				}
			}
		}
		n++
		sum += t.clauseScore(c)
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

// clauseScore is the score of clause c for Mention, borrowed when it has
// no opinion of its own.
func (t Text) clauseScore(c int) float64 {
	if t.info[c].opinions && !t.info[c].learned {
		return t.Clauses[c].Score
	}
	if t.info[c].learned {
		// Learned words only: the sentence's clauses with lexicon opinions
		// first, else its own score.
		sent := t.info[c].sentence
		sum, w := 0.0, 0.0
		for i := c - 1; i >= 0 && t.info[i].sentence == sent; i-- {
			if t.info[i].opinions && !t.info[i].learned {
				sum += t.info[i].weight * t.Clauses[i].Score
				w += t.info[i].weight
			}
		}
		for i := c + 1; i < len(t.Clauses) && t.info[i].sentence == sent; i++ {
			if t.info[i].opinions && !t.info[i].learned {
				sum += t.info[i].weight * t.Clauses[i].Score
				w += t.info[i].weight
			}
		}
		if w > 0 && learnedBorrows {
			return sum / w
		}
		return t.Clauses[c].Score
	}
	sent := t.info[c].sentence
	switch borrowing {
	case BorrowSentence:
		sum, w := 0.0, 0.0
		for i := c - 1; i >= 0 && t.info[i].sentence == sent; i-- {
			if t.info[i].opinions {
				sum += t.info[i].weight * t.Clauses[i].Score
				w += t.info[i].weight
			}
		}
		for i := c + 1; i < len(t.Clauses) && t.info[i].sentence == sent; i++ {
			if t.info[i].opinions {
				sum += t.info[i].weight * t.Clauses[i].Score
				w += t.info[i].weight
			}
		}
		if w > 0 {
			return sum / w
		}
	case BorrowNearest:
		for d := 1; ; d++ {
			before, after := c-d, c+d
			inB := before >= 0 && t.info[before].sentence == sent
			inA := after < len(t.Clauses) && t.info[after].sentence == sent
			if !inB && !inA {
				break
			}
			if inB && t.info[before].opinions {
				return t.Clauses[before].Score
			}
			if inA && t.info[after].opinions {
				return t.Clauses[after].Score
			}
		}
	}
	return 0
}

// Negated reports whether the word starting at byte offset start (or
// holding it) lies in a negation's scope ("not good", "never again",
// "nothing special").
func (t Text) Negated(start int) bool {
	i := sort.Search(len(t.negated), func(i int) bool { return t.negated[i].end > start })
	return i < len(t.negated) && t.negated[i].start <= start
}
