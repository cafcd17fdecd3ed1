package senses

import (
	"cmp"
	"slices"
	"sync"

	"explorer/wordspace/lexicon"

	"explorer"
)

// MaxTerms is the most pole terms whose senses order a suggestion: the
// heaviest (then the first) of those not declined. The senses a pole
// means show in its main terms, and reading them costs file reads for
// each term: a pole of 10,000 terms reads 32.
const MaxTerms = 32

// Terms are the pole terms whose senses are read: those not declined, in
// the pole's order; of more than MaxTerms, the heaviest, heaviest first
// (the pole's order among equals).
func Terms(terms []explorer.WeightedTerm) []string {
	kept := make([]explorer.WeightedTerm, 0, min(len(terms), MaxTerms))
	for _, t := range terms {
		if !t.Declined {
			kept = append(kept, t)
		}
	}
	if len(kept) > MaxTerms {
		slices.SortStableFunc(kept, func(a, b explorer.WeightedTerm) int { return cmp.Compare(b.Weight, a.Weight) })
		kept = kept[:MaxTerms]
	}
	out := make([]string, len(kept))
	for i, t := range kept {
		out[i] = t.Term
	}
	return out
}

// termCache keeps the sense classes of the terms read lately, each under
// the stamp of the files it was read from: the same terms are asked again
// and again as a pole is built (each term costs some 100 reads of
// WordNet's files). At most termCacheMax terms, then it starts again.
type termCache struct {
	mu      sync.Mutex
	entries map[string]Rank
}

const termCacheMax = 256

var termRanks termCache

func (c *termCache) get(stamp, term string) (Rank, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.entries[stamp+"\x00"+lexicon.Fold(term)]
	return r, ok
}

func (c *termCache) put(stamp, term string, r Rank) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= termCacheMax {
		c.entries = map[string]Rank{}
	}
	c.entries[stamp+"\x00"+lexicon.Fold(term)] = r
}
