package analysis

import (
	"math"
	"slices"
	"strings"
)

// CoherenceWindow is the sliding window of the NPMI coherence, in terms
// (C_NPMI of Röder et al. 2015 uses 10 words).
const CoherenceWindow = 10

// EvalTopTerms is how many terms of a topic the measures take.
const EvalTopTerms = 10

// Coherence counts, over texts streamed in with Add, the sliding windows
// holding the terms of some topics and their pairs, for their NPMI
// coherence (Röder, Both and Hinneburg, "Exploring the Space of Topic
// Coherence Measures", WSDM 2015: C_NPMI, boolean sliding window of 10).
// A window holds a phrase when it holds its words in a row.
type Coherence struct {
	topics  [][]string
	words   map[string]int32 // one-word terms
	phrases map[string]int32 // two-word terms
	single  []int
	pair    map[[2]int32]int
	windows int
}

// NewCoherence prepares the counts for topics (their first EvalTopTerms
// terms, folded).
func NewCoherence(topics []Topic) *Coherence {
	c := &Coherence{words: map[string]int32{}, phrases: map[string]int32{}, pair: map[[2]int32]int{}}
	id := func(t string) {
		if _, ok := c.words[t]; ok {
			return
		}
		if _, ok := c.phrases[t]; ok {
			return
		}
		n := int32(len(c.single))
		if strings.Contains(t, " ") {
			c.phrases[t] = n
		} else {
			c.words[t] = n
		}
		c.single = append(c.single, 0)
	}
	for _, t := range topics {
		terms := slices.Clone(t.Terms[:min(len(t.Terms), EvalTopTerms)])
		for i := range terms {
			terms[i] = FoldTerm(terms[i])
			id(terms[i])
		}
		c.topics = append(c.topics, terms)
	}
	return c
}

// Add counts the windows of one text: every run of CoherenceWindow
// consecutive terms (the text itself when shorter).
func (c *Coherence) Add(text, lang string) {
	var ids [][]int32 // per term position, the targets starting there
	prev := ""
	link := newLinker(lang)
	scan(text, lang, func(word, term string) {
		linked := link.next(word, term)
		if term == "" {
			prev = ""
			return
		}
		var here []int32
		if id, ok := c.words[term]; ok {
			here = append(here, id)
		}
		if id, ok := c.phrases[prev+" "+term]; ok && prev != "" && len(ids) > 0 {
			ids[len(ids)-1] = append(ids[len(ids)-1], id)
		}
		if id, ok := c.phrases[string(linked)]; ok && linked != nil && len(ids) > 0 {
			ids[len(ids)-1] = append(ids[len(ids)-1], id)
		}
		ids = append(ids, here)
		prev = term
	})
	n := max(len(ids)-CoherenceWindow+1, 1)
	for s := 0; s < n; s++ {
		c.windows++
		var in []int32
		for _, h := range ids[s:min(s+CoherenceWindow, len(ids))] {
			for _, id := range h {
				if !containsID(in, id) {
					in = append(in, id)
				}
			}
		}
		for i, a := range in {
			c.single[a]++
			for _, b := range in[i+1:] {
				c.pair[[2]int32{min(a, b), max(a, b)}]++
			}
		}
	}
}

func containsID(s []int32, id int32) bool {
	for _, x := range s {
		if x == id {
			return true
		}
	}
	return false
}

// NPMI returns the mean over topics of the mean NPMI of the pairs of their
// terms (−1 for a pair never together), and the number of topics measured
// (those with two terms or more).
func (c *Coherence) NPMI() (float64, int) {
	sum, n := 0.0, 0
	for _, terms := range c.topics {
		if len(terms) < 2 {
			continue
		}
		s, pairs := 0.0, 0
		for i := range terms {
			for j := i + 1; j < len(terms); j++ {
				s += c.npmi(c.id(terms[i]), c.id(terms[j]))
				pairs++
			}
		}
		sum += s / float64(pairs)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}

func (c *Coherence) id(t string) int32 {
	if id, ok := c.words[t]; ok {
		return id
	}
	return c.phrases[t]
}

func (c *Coherence) npmi(a, b int32) float64 {
	if a == b {
		return 1
	}
	w := float64(c.windows)
	pab := float64(c.pair[[2]int32{min(a, b), max(a, b)}]) / w
	if pab == 0 || c.windows == 0 {
		return -1
	}
	pa, pb := float64(c.single[a])/w, float64(c.single[b])/w
	if pab == 1 {
		return 1
	}
	return math.Log(pab/(pa*pb)) / -math.Log(pab)
}

// Diversity is the topic diversity of Dieng, Ruiz and Blei (2020): the
// share of distinct terms among the first EvalTopTerms terms of all topics.
func Diversity(topics []Topic) float64 {
	seen := map[string]bool{}
	total := 0
	for _, t := range topics {
		for _, term := range t.Terms[:min(len(t.Terms), EvalTopTerms)] {
			seen[FoldTerm(term)] = true
			total++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(len(seen)) / float64(total)
}
