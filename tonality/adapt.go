package tonality

import (
	"math"
	"sort"
	"unicode"
	"unicode/utf8"
)

// Domain adaptation: the polarity of a corpus's frequent words that the
// lexicon lacks, from how often they stand in clauses whose known opinion
// words are positive rather than negative, against the corpus's own
// balance (README.md).
var (
	adaptMinCount = 5       // opinionated clauses a word needs to be learned
	adaptPrior    = 4.0     // shrinkage: pseudo-clauses at the corpus's balance
	adaptScale    = 0.2     // valence per unit of shrunk log-odds
	adaptMax      = 0.5     // the largest learned |valence|
	adaptMinVal   = 0.08    // smaller learned valences are dropped
	adaptVocab    = 200_000 // distinct candidate words kept at most
	adaptMinRunes = 3       // shorter words are not learned
)

// Learner gathers, text by text, what Adapt learns; its memory is bounded
// by a vocabulary cap (words first seen after the cap are ignored) and its
// work is linear in the texts. It is not safe for concurrent use.
type Learner struct {
	a          *Analyzer
	words      map[string]*[2]int32 // candidate word → opinionated clauses it stands in: positive, negative
	pos, neg   int                  // opinionated clauses
	scratch    Text
	candidates []string
	buf        buffers
}

// Learner returns an empty learner for the analyzer's language.
func (a *Analyzer) Learner() *Learner {
	return &Learner{a: a, words: map[string]*[2]int32{}}
}

// Add learns from one text (no label needed).
func (l *Learner) Add(text string) {
	a := l.a
	l.buf.toks = tokenize(text, a.tab, l.buf.toks)
	toks := l.buf.toks
	caps := allCaps(toks)
	l.buf.clauses = a.segment(toks, l.buf.clauses)
	for _, c := range l.buf.clauses {
		ct := toks[c.first : c.last+1]
		t := &l.scratch
		t.Opinions, t.negated = t.Opinions[:0], t.negated[:0]
		sum, n, _ := a.scoreClause(ct, caps, t)
		if n == 0 || sum == 0 {
			continue
		}
		side := 0
		if sum < 0 {
			side = 1
			l.neg++
		} else {
			l.pos++
		}
		l.candidates = l.candidates[:0]
		op, ng := 0, 0
		for _, tok := range ct {
			if tok.kind != kWord {
				continue
			}
			for op < len(t.Opinions) && t.Opinions[op].End <= tok.start {
				op++
			}
			for ng < len(t.negated) && t.negated[ng].end <= tok.start {
				ng++
			}
			if op < len(t.Opinions) && t.Opinions[op].Start <= tok.start {
				continue // an opinion word or a phrase's word
			}
			if ng < len(t.negated) && t.negated[ng].start <= tok.start {
				continue // in a negation's scope: its side is unsure
			}
			if l.candidate(&tok) {
				l.candidates = append(l.candidates, tok.w)
			}
		}
		sort.Strings(l.candidates)
		for i, w := range l.candidates {
			if i > 0 && l.candidates[i-1] == w {
				continue // once a clause
			}
			k := l.words[w]
			if k == nil {
				if len(l.words) >= adaptVocab {
					continue
				}
				k = new([2]int32)
				l.words[w] = k
			}
			k[side]++
		}
	}
}

// candidate reports whether word token t may be learned: a word of
// letters, not a stop word or rule word, without a valence of its own.
func (l *Learner) candidate(t *token) bool {
	w := t.w
	if len(w) > maxWord || utf8.RuneCountInString(w) < adaptMinRunes {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '\'' && r != '-' {
			return false
		}
	}
	return !t.has(fRule | fNeg | fNegAfter | fStop | fOver | fLex | fPhrase)
}

// Analyzer returns the learner's analyzer that also knows the learned
// words (the lexicon and the account's overrides still come first). The
// learner may go on learning; the returned analyzer does not change.
func (l *Learner) Analyzer() *Analyzer {
	b := *l.a
	b.learned = map[string]float64{}
	for w, v := range l.a.learned {
		b.learned[w] = v
	}
	if l.pos == 0 || l.neg == 0 {
		return &b
	}
	base := math.Log(float64(l.pos) / float64(l.neg))
	for w, k := range l.words {
		m := float64(k[0] + k[1])
		if m < float64(adaptMinCount) {
			continue
		}
		lo := math.Log((float64(k[0])+0.5)/(float64(k[1])+0.5)) - base
		v := math.Max(-adaptMax, math.Min(adaptMax, adaptScale*lo*m/(m+adaptPrior)))
		if math.Abs(v) >= adaptMinVal {
			b.learned[w] = v
		}
	}
	b.tab = b.base.withWords(b.phrases, b.overrides, b.learned)
	return &b
}

// Adapt returns an analyzer that also knows the polarity of frequent
// words of texts (a project's own, unlabeled) that the lexicon lacks,
// learned from their clauses' known opinion words; it reads texts once.
// The receiver is unchanged. See Learner for a text-by-text form.
func (a *Analyzer) Adapt(texts func(yield func(string) bool)) *Analyzer {
	l := a.Learner()
	for t := range texts {
		l.Add(t)
	}
	return l.Analyzer()
}

// Learned returns a copy of the words the analyzer learned by Adapt (or a
// Learner), folded, with their polarity.
func (a *Analyzer) Learned() map[string]float64 {
	out := make(map[string]float64, len(a.learned))
	for w, v := range a.learned {
		out[w] = v
	}
	return out
}
