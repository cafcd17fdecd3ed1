package analysis

import (
	"hash/maphash"
	"slices"
	"strings"
)

// Counter limits: beyond them it counts approximately (see Counter).
const (
	// MaxCountedTerms is the most distinct terms a Counter keeps.
	MaxCountedTerms = 1 << 20
	// MaxCountedPairs is the most distinct word pairs a Counter keeps.
	MaxCountedPairs = 1 << 20
	// MaxTopicTerms is the most terms of a topic built by BuildTopics.
	MaxTopicTerms = 10
)

// TermCount is a term with its document frequency (Docs: the number of
// texts it occurs in) and its frequency (Count: its occurrences).
type TermCount struct {
	Term  string
	Docs  int
	Count int
}

// Counter counts the terms of texts streamed in with Add: their document
// frequency and frequency. It also remembers which pairs of consecutive
// words occur (stop words included), so that Has knows multiword terms.
//
// Counts are exact up to MaxCountedTerms distinct terms. Past that, terms
// seen in a single text so far are forgotten to make room, so rare terms
// may be undercounted; frequent terms are not affected. When that frees
// less than a quarter, new terms are no longer counted. Past
// MaxCountedPairs distinct pairs, new pairs are not recorded.
//
// A Counter is not safe for concurrent use.
type Counter struct {
	docs     int
	maxTerms int // MaxCountedTerms; smaller in tests
	maxPairs int // MaxCountedPairs; smaller in tests
	terms    map[string]*TermCount
	pairs    map[uint64]struct{} // hashes of consecutive words (notePair)
	seed     maphash.Seed
	key      []byte              // the buffer of notePair's and Add's keys
	seen     map[string]struct{} // per text, reused
	words    int                 // all words added, stop words included
	bigrams  map[string]*int     // two consecutive terms, or two linked by one stop word (linked.go): occurrences
	uses     map[string]*wordUse // per term, the words that precede it (aspects.go)
	lastWord string              // the word before, in the text being added
	lastTerm string              // its term ("" when it has none)
	lastPred bool                // a predicative cue came before it (noteUse)
	// clauseTerms are the terms of the clause being added (noteClauseEnd)
	clauseTerms int
	stopHits    map[string]int // per language, its stop words among the words of the texts written in it too (flushStops)
	// textStops, textUnshared: per language, the stop words of the text
	// being added, and those of them the texts' own language lacks.
	textStops, textUnshared map[string]int
	// termsFull, bigramsFull: a prune left the map three quarters full;
	// no more prunes, new keys are dropped (roomFor).
	termsFull, bigramsFull bool
	fixed                  fixedParts // runs at the start and end of texts, bracketed parts (boilerplate.go)
}

// NewCounter returns an empty Counter.
func NewCounter() *Counter {
	return &Counter{
		maxTerms:     MaxCountedTerms,
		maxPairs:     MaxCountedPairs,
		terms:        map[string]*TermCount{},
		pairs:        map[uint64]struct{}{},
		seed:         maphash.MakeSeed(),
		seen:         map[string]struct{}{},
		bigrams:      map[string]*int{},
		uses:         map[string]*wordUse{},
		stopHits:     map[string]int{},
		textStops:    map[string]int{},
		textUnshared: map[string]int{},
	}
}

// Add counts the terms of text (see Terms) in language lang.
func (c *Counter) Add(text, lang string) {
	c.docs++
	clear(c.seen)
	prev, prevTerm := "", ""
	c.lastWord, c.lastTerm, c.lastPred, c.clauseTerms = "", "", false, 0
	key := langKey(lang)
	cues, own, attributive := cuesOf(lang), stopSet(lang), attributiveOf(lang)
	link := newLinker(lang)
	joiners := clauseJoiners[key]
	scanWith(text, lang, func(word, term string) {
		if _, ok := joiners[word]; ok {
			c.noteClauseEnd(key)
		}
		c.words++
		c.fixed.word(word)
		c.noteUse(word, term, cues, attributive)
		c.noteStop(word, own)
		if prev != "" {
			c.notePair(prev, word)
		}
		prev = word
		if linked := link.next(word, term); linked != nil {
			c.addBigram(linked)
		}
		if term == "" || term != word {
			prevTerm = ""
		}
		if term == "" {
			return
		}
		if prevTerm != "" {
			c.key = append(append(append(c.key[:0], prevTerm...), ' '), term...)
			c.addBigram(c.key)
		}
		if term == word {
			prevTerm = term
		}
		tc := c.terms[term]
		if tc == nil {
			if !roomFor(len(c.terms), c.maxTerms, &c.termsFull, c.prune, func() int { return len(c.terms) }) {
				return
			}
			tc = &TermCount{Term: term}
			c.terms[term] = tc
		}
		tc.Count++
		if _, ok := c.seen[term]; !ok {
			c.seen[term] = struct{}{}
			tc.Docs++
		}
	}, func() { prev, prevTerm = "", ""; c.noteClauseEnd(key); link.reset() })
	c.noteClauseEnd(key)
	c.flushStops()
	c.fixed.add(text)
}

// addBigram counts an occurrence of two consecutive terms. Past maxPairs
// distinct bigrams, those seen once are forgotten to make room (as prune
// does for terms), so rare bigrams may be undercounted. The key is read
// in place (counts are pointers: an increment needs no key string); a
// string of it is made only for a bigram not seen before.
func (c *Counter) addBigram(b []byte) {
	if n := c.bigrams[string(b)]; n != nil {
		*n++
		return
	}
	pruneOnce := func() {
		for k, n := range c.bigrams {
			if *n <= 1 {
				delete(c.bigrams, k)
			}
		}
	}
	if !roomFor(len(c.bigrams), c.maxPairs, &c.bigramsFull, pruneOnce, func() int { return len(c.bigrams) }) {
		return
	}
	one := 1
	c.bigrams[string(b)] = &one
}

// bigram is how often the two terms of b occurred in a row (or linked).
func (c *Counter) bigram(b string) int {
	if n := c.bigrams[b]; n != nil {
		return *n
	}
	return 0
}

// notePair remembers that word follows prev, past MaxCountedPairs
// distinct pairs no more. A pair is kept as a 64-bit hash of its words,
// not as a string: one is seen for every word of every text, and a
// collision (a pair taken for seen) has a chance of about 2⁻⁴⁴ with the
// map full.
func (c *Counter) notePair(prev, word string) {
	h := c.pairHash(prev, word)
	if _, ok := c.pairs[h]; !ok && len(c.pairs) < c.maxPairs {
		c.pairs[h] = struct{}{}
	}
}

// pairHash is the hash of two consecutive words in pairs.
func (c *Counter) pairHash(prev, word string) uint64 {
	c.key = append(append(append(c.key[:0], prev...), ' '), word...)
	return maphash.Bytes(c.seed, c.key)
}

// roomFor tells whether a new key may join a map of n entries bounded by
// max. At max it prunes, but not again once a prune left the map three
// quarters full (full): new keys are dropped from then on. A prune thus
// costs the map's size only after a quarter of it has joined, never once
// for every new key of a map whose entries all stay (quadratic).
func roomFor(n, max int, full *bool, prune func(), size func() int) bool {
	if n < max {
		return true
	}
	if *full {
		return false
	}
	prune()
	if size() >= max*3/4 {
		*full = true
	}
	return size() < max
}

// Words returns the number of words added, stop words and numbers
// included.
func (c *Counter) Words() int { return c.words }

// prune forgets the terms seen in one text only, except those of the text
// being added.
func (c *Counter) prune() {
	for t, tc := range c.terms {
		if tc.Docs <= 1 {
			if _, cur := c.seen[t]; !cur {
				delete(c.terms, t)
			}
		}
	}
}

// Docs returns the number of texts added.
func (c *Counter) Docs() int { return c.docs }

// Len returns the number of distinct terms counted.
func (c *Counter) Len() int { return len(c.terms) }

// Count returns the counts of a term (folded first); zero counts when the
// term was not seen.
func (c *Counter) Count(term string) TermCount {
	k := FoldTerm(term)
	if tc := c.terms[k]; tc != nil {
		return *tc
	}
	return TermCount{Term: k}
}

// Has reports whether term occurs in the texts added. A one-word term must
// be a counted term (so never a stop word). A multiword term (words
// separated by spaces or underscores) must have each pair of its
// consecutive words seen next to each other in some text; for two-word
// terms that is exactly "occurs", for longer ones it is a close
// approximation.
func (c *Counter) Has(term string) bool {
	ws := termWords(term)
	switch len(ws) {
	case 0:
		return false
	case 1:
		return c.terms[ws[0]] != nil
	}
	for i := 1; i < len(ws); i++ {
		if _, ok := c.pairs[c.pairHash(ws[i-1], ws[i])]; !ok {
			return false
		}
	}
	return true
}

// Top returns the n most frequent terms, by document frequency, then
// frequency, then term; all terms when n exceeds Len, none when n < 1.
func (c *Counter) Top(n int) []TermCount {
	if n < 1 {
		return nil
	}
	all := make([]TermCount, 0, len(c.terms))
	for _, tc := range c.terms {
		all = append(all, *tc)
	}
	slices.SortFunc(all, compareTermCounts)
	if n < len(all) {
		all = slices.Clip(all[:n])
	}
	return all
}

func compareTermCounts(a, b TermCount) int {
	switch {
	case a.Docs != b.Docs:
		return b.Docs - a.Docs
	case a.Count != b.Count:
		return b.Count - a.Count
	}
	return strings.Compare(a.Term, b.Term)
}

// Topic is a topic found by exploring: a title and its terms (the first
// term is the title).
type Topic struct {
	Title string
	Terms []string
}

// BuildTopics turns the most frequent terms of counter into n topics (fewer
// when there are fewer terms). The terms are taken in Top order; each
// becomes a topic titled by itself, unless an earlier topic already took
// it. neighbours, which may be nil, gives a term's near neighbours in the
// word space of the language, nearest first; those that occur in the texts
// (counter.Has) join the term's topic, folded (FoldTerm), up to
// MaxTopicTerms terms a topic. A term joins one topic only: first come,
// first served.
func BuildTopics(counter *Counter, n int, neighbours func(term string) []string) []Topic {
	if counter == nil || n < 1 {
		return nil
	}
	ranked := counter.Top(counter.Len())
	used := map[string]bool{}
	var topics []Topic
	for _, tc := range ranked {
		if len(topics) == n {
			break
		}
		if used[tc.Term] {
			continue
		}
		used[tc.Term] = true
		t := Topic{Title: tc.Term, Terms: []string{tc.Term}}
		if neighbours != nil {
			for _, nb := range neighbours(tc.Term) {
				if len(t.Terms) >= MaxTopicTerms {
					break
				}
				k := FoldTerm(nb)
				if k == "" || used[k] || !counter.Has(k) {
					continue
				}
				used[k] = true
				t.Terms = append(t.Terms, k)
			}
		}
		topics = append(topics, t)
	}
	return topics
}
