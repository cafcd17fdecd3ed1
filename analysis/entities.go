package analysis

import (
	"math"
	"slices"
)

// Distinct entities (feedback): a word near a topic's title in the word
// space, or used in like contexts, joins the topic only when the texts do
// not name it beside one of the topic's terms more often than chance.
// Feedback names the parts of a product side by side ("the keyboard and
// the mouse", "warranty with Toshiba"), while two names of one thing
// seldom meet in one sentence (waiter and server, price and prices: never
// in SemEval-2014's restaurant sentences). A phrase is its own entity: an
// occurrence of "hard drive" is no occurrence of "drive", so the phrase
// and its last word meet only where a text names "drive" beside "hard
// drive". Variants of the title (same stem) are never told apart.

// Entity pair bounds.
const (
	// entityTextRows is the most entities of one text whose pairs are
	// counted (review sentences name a handful; longer texts are cut).
	entityTextRows = 24
	// distinctTogether is the fewest texts naming two terms for them to
	// be distinct entities.
	distinctTogether = 3
	// distinctLift: two terms named together at least this many times as
	// often as their texts would by chance are distinct entities.
	distinctLift = 3.0
)

// entityPairs counts, per text, the row terms named as entities (a phrase
// row where it occurs, a word row where it is not part of a phrase row's
// occurrence) and the texts naming each pair of them: a triangular table
// of the rows' pairs (pairIndex), whose size the rows bound (at most
// exploreRows plus exploreNeighbourQ times a term's neighbours: 8.8 MB at
// 2,100 rows), whatever the texts hold; a counter stops at its maximum.
type entityPairs struct {
	docs    int
	rowDocs []uint32
	pairs   []uint32
	phrases []posIdx // per text, reused: phrase rows at their second word
	mark    []int    // per row, the last text it was named in
	in      []int32  // per text, reused
}

// CountEntities makes Add count the texts that name each pair of rows as
// entities (Vectors.Distinct); only feedback needs them.
func (c *Contexts) CountEntities() {
	n := len(c.rows)
	c.ent = &entityPairs{rowDocs: make([]uint32, n), pairs: make([]uint32, n*(n-1)/2), mark: make([]int, n)}
}

// notePhrase records a phrase row at position pos (its second word).
func (c *Contexts) notePhrase(pos int, r int32) {
	if c.ent != nil {
		c.ent.phrases = append(c.ent.phrases, posIdx{pos, r})
	}
}

// countEntities counts the entities of the text just added: its phrase
// rows and its word rows (nearRows) outside them.
func (c *Contexts) countEntities() {
	e := c.ent
	if e == nil {
		return
	}
	e.docs++
	e.in = e.in[:0]
	add := func(r int32) {
		if e.mark[r] != e.docs && len(e.in) < entityTextRows {
			e.mark[r] = e.docs
			e.rowDocs[r]++
			e.in = append(e.in, r)
		}
	}
	p := 0
	for _, w := range c.nearRows {
		for p < len(e.phrases) && e.phrases[p].pos < w.pos {
			p++
		}
		inPhrase := p < len(e.phrases) && e.phrases[p].pos <= w.pos+1 // w is its first or second word
		if !inPhrase {
			add(w.i)
		}
	}
	for _, ph := range e.phrases {
		add(ph.i)
	}
	e.phrases = e.phrases[:0]
	for i, a := range e.in {
		for _, b := range e.in[i+1:] {
			if k := pairIndex(a, b); e.pairs[k] < math.MaxUint32 {
				e.pairs[k]++
			}
		}
	}
}

// pairIndex is the place of the pair of two different rows in the
// triangular table.
func pairIndex(a, b int32) int {
	if a > b {
		a, b = b, a
	}
	return int(b)*(int(b)-1)/2 + int(a)
}

// Distinct reports whether the texts name a and b as two entities: both in
// at least distinctTogether texts, and at least distinctLift times as
// often as chance. False when the entities were not counted.
func (v *Vectors) Distinct(a, b string) bool {
	return v.namedApart(a, b, distinctTogether)
}

// namedApart is Distinct with at least together texts naming both.
func (v *Vectors) namedApart(a, b string, together float64) bool {
	e := v.ent
	if e == nil {
		return false
	}
	i, ok := v.index[a]
	j, ok2 := v.index[b]
	if !ok || !ok2 || e.rowDocs[i] == 0 || e.rowDocs[j] == 0 {
		return false
	}
	if i == j {
		return false
	}
	both := float64(e.pairs[pairIndex(int32(i), int32(j))])
	if both < together {
		return false
	}
	chance := float64(e.rowDocs[i]) * float64(e.rowDocs[j]) / float64(e.docs)
	return both >= distinctLift*chance
}

// distinctFrom reports whether the texts name term as an entity distinct
// from one of terms (Distinct).
func (v *Vectors) distinctFrom(term string, terms []string) bool {
	return v.namedApartFrom(term, terms, distinctTogether)
}

// namedApartFrom reports whether the texts name term beside one of terms
// in at least together texts, at distinctLift times chance (namedApart).
func (v *Vectors) namedApartFrom(term string, terms []string, together float64) bool {
	return slices.ContainsFunc(terms, func(t string) bool { return v.namedApart(term, t, together) })
}
