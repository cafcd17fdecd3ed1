package analysis

import (
	"math"
	"strings"
)

// Context vector parameters.
const (
	// minCooccurrence: a row and a context word seen together in fewer
	// texts than this are taken as not associated (one shared text is
	// chance, and would make the vectors of rare terms noise).
	minCooccurrence = 2
	// specificityPrior is the weight, in co-occurrences, of the corpus's
	// context distribution mixed into a term's before measuring how far
	// the term's is from it: a rare term is not specific by sparsity alone.
	specificityPrior = 50
)

// Contexts counts, over texts streamed in with Add, in how many texts each
// row term occurs together with each context word (the feature words): the
// second-order co-occurrence of the project's texts. Rows may be phrases.
// Its memory is rows × features counters, whatever the texts.
type Contexts struct {
	rows     []string
	rowIdx   map[string]int32 // one-word rows
	phrases  map[string]int32 // two-word rows, "a b"
	feats    map[string]int32
	nf       int
	own      [][]int32 // per row, the features that are its own words
	co       []uint32  // rows × features
	rowDocs  []int
	featDocs []int
	docs     int
	rowMark  []int // per row, the last text it was seen in
	featMark []int
	rowsIn   []int32 // per text, reused
	featsIn  []int32
}

// NewContexts returns the counters of rows (folded terms of one or two
// words; longer ones are ignored) against the context words feats.
func NewContexts(rows, feats []string) *Contexts {
	c := &Contexts{rows: rows, rowIdx: map[string]int32{}, phrases: map[string]int32{},
		feats: make(map[string]int32, len(feats)), nf: len(feats)}
	for i, f := range feats {
		c.feats[f] = int32(i)
	}
	c.own = make([][]int32, len(rows))
	for i, r := range rows {
		ws := strings.Split(r, " ")
		switch len(ws) {
		case 1:
			c.rowIdx[r] = int32(i)
		case 2:
			c.phrases[r] = int32(i)
		}
		for _, w := range ws {
			if f, ok := c.feats[w]; ok {
				c.own[i] = append(c.own[i], f)
			}
		}
	}
	c.co = make([]uint32, len(rows)*len(feats))
	c.rowDocs, c.featDocs = make([]int, len(rows)), make([]int, len(feats))
	c.rowMark, c.featMark = make([]int, len(rows)), make([]int, len(feats))
	return c
}

// Add counts one text in language lang: its first exploreTextTerms
// distinct row terms and context words.
func (c *Contexts) Add(text, lang string) {
	c.docs++
	c.rowsIn, c.featsIn = c.rowsIn[:0], c.featsIn[:0]
	prevTerm := ""
	scanWith(text, lang, func(word, term string) {
		if term == "" {
			prevTerm = ""
			return
		}
		if prevTerm != "" {
			if r, ok := c.phrases[prevTerm+" "+term]; ok {
				c.markRow(r)
			}
		}
		prevTerm = ""
		if term == word {
			prevTerm = term
		}
		if r, ok := c.rowIdx[term]; ok {
			c.markRow(r)
		}
		if f, ok := c.feats[term]; ok && c.featMark[f] != c.docs && len(c.featsIn) < exploreTextTerms {
			c.featMark[f] = c.docs
			c.featDocs[f]++
			c.featsIn = append(c.featsIn, f)
		}
	}, func() { prevTerm = "" })
	for _, r := range c.rowsIn {
		row := c.co[int(r)*c.nf : (int(r)+1)*c.nf]
		for _, f := range c.featsIn {
			row[f]++
		}
	}
}

func (c *Contexts) markRow(r int32) {
	if c.rowMark[r] == c.docs || len(c.rowsIn) >= exploreTextTerms {
		return
	}
	c.rowMark[r] = c.docs
	c.rowDocs[r]++
	c.rowsIn = append(c.rowsIn, r)
}

// Vectors are the context vectors of terms: positive PMI between a term
// and each context word over the texts, unit length, and the specificity
// of each term's contexts.
type Vectors struct {
	Terms []string
	Docs  []int // texts holding each term (in the second pass)
	// Specificity is the Kullback-Leibler divergence of a term's context
	// words from those of all texts: generic words, used with anything,
	// are near 0.
	Specificity []float64
	index       map[string]int
	vecs        [][]float32 // unit length, nil when the term has no context
}

// Vectors computes the context vectors from the counts.
func (c *Contexts) Vectors() *Vectors {
	v := &Vectors{Terms: c.rows, Docs: c.rowDocs, index: make(map[string]int, len(c.rows)),
		Specificity: make([]float64, len(c.rows)), vecs: make([][]float32, len(c.rows))}
	totalFeat := 0
	for _, d := range c.featDocs {
		totalFeat += d
	}
	for i, r := range c.rows {
		v.index[r] = i
		row := c.co[i*c.nf : (i+1)*c.nf]
		for _, f := range c.own[i] {
			row[f] = 0 // a term is not its own context
		}
		v.vecs[i] = c.ppmi(i, row)
		v.Specificity[i] = c.specificity(row, totalFeat)
	}
	return v
}

// ppmi returns the unit PPMI vector of row i, nil when it has no context.
func (c *Contexts) ppmi(i int, row []uint32) []float32 {
	if c.rowDocs[i] == 0 {
		return nil
	}
	var vec []float32
	norm := 0.0
	for f, n := range row {
		if n < minCooccurrence || c.featDocs[f] == 0 {
			continue
		}
		pmi := math.Log(float64(n) * float64(c.docs) / (float64(c.rowDocs[i]) * float64(c.featDocs[f])))
		if pmi <= 0 {
			continue
		}
		if vec == nil {
			vec = make([]float32, c.nf)
		}
		vec[f] = float32(pmi)
		norm += pmi * pmi
	}
	if vec == nil {
		return nil
	}
	s := float32(1 / math.Sqrt(norm))
	for f := range vec {
		vec[f] *= s
	}
	return vec
}

// specificity is KL(P(f|row) ‖ P(f)), P(f|row) smoothed towards P(f) by
// specificityPrior co-occurrences.
func (c *Contexts) specificity(row []uint32, totalFeat int) float64 {
	if totalFeat == 0 {
		return 0
	}
	sum := 0.0
	for _, n := range row {
		sum += float64(n)
	}
	kl := 0.0
	for f, n := range row {
		pf := float64(c.featDocs[f]) / float64(totalFeat)
		if pf == 0 {
			continue
		}
		p := (float64(n) + specificityPrior*pf) / (sum + specificityPrior)
		kl += p * math.Log(p/pf)
	}
	return kl
}

// Has reports whether term has a context vector.
func (v *Vectors) Has(term string) bool {
	i, ok := v.index[term]
	return ok && v.vecs[i] != nil
}

// Cosine returns the cosine of the context vectors of two terms, 0 when
// either has none.
func (v *Vectors) Cosine(a, b string) float64 {
	i, ok := v.index[a]
	j, ok2 := v.index[b]
	if !ok || !ok2 {
		return 0
	}
	return dot(v.vecs[i], v.vecs[j])
}

func dot(a, b []float32) float64 {
	if a == nil || b == nil {
		return 0
	}
	s := float32(0)
	for i := range a {
		s += a[i] * b[i]
	}
	return float64(s)
}
