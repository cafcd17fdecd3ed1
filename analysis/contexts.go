package analysis

import (
	"math"
	"slices"
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
	kinOnly  []bool    // per feature: counts in the kin vectors only
	own      [][]int32 // per row, the features that are its own words
	co       []uint32  // rows × features
	rowDocs  []int
	featDocs []int
	docs     int
	rowMark  []int // per row, the last text it was seen in
	featMark []int
	rowsIn   []int32 // per text, reused
	featsIn  []int32
	// near counts, per row and context word, how often the word is within
	// nearWindow terms of the row in a clause (for Vectors.kin)
	near               []uint32
	pos                int
	nearRows, nearFeat []posIdx     // per text, reused
	ent                *entityPairs // nil unless CountEntities
}

// posIdx is a row or context word at a term position of a text.
type posIdx struct {
	pos int
	i   int32
}

// nearWindow is the most terms (stop words aside) between a row and a
// context word counted as near: "staff ... friendly", "prices ...
// reasonable" in "the staff was very friendly", "prices are reasonable".
const nearWindow = 2

// nearMix is the weight of a term's sentence contexts (its context vector
// with the kin-only words) against its near ones in its kin vector: the
// near words say what the aspect is said to be or what is done with it,
// the sentence what it is talked of with. Tuned on SemEval-2014
// restaurants with and without the word space (0.25–1 tried; 0.75 gave
// the highest sum of the categories' F1).
const nearMix = 0.75

// NewContexts returns the counters of rows (folded terms of one word or
// phrases of two terms, adjacent or linked: phraseEnds; longer ones are
// ignored) against the context words feats.
func NewContexts(rows, feats []string) *Contexts {
	c := &Contexts{rows: rows, rowIdx: map[string]int32{}, phrases: map[string]int32{},
		feats: make(map[string]int32, len(feats)), nf: len(feats)}
	for i, f := range feats {
		c.feats[f] = int32(i)
	}
	c.own = make([][]int32, len(rows))
	for i, r := range rows {
		ws := strings.Split(r, " ")
		if len(ws) == 1 {
			c.rowIdx[r] = int32(i)
		} else if _, _, ok := phraseEnds(r); ok {
			c.phrases[r] = int32(i)
		}
		for _, w := range ws {
			if f, ok := c.feats[w]; ok {
				c.own[i] = append(c.own[i], f)
			}
		}
	}
	c.co = make([]uint32, len(rows)*len(feats))
	c.near = make([]uint32, len(rows)*len(feats))
	c.rowDocs, c.featDocs = make([]int, len(rows)), make([]int, len(feats))
	c.rowMark, c.featMark = make([]int, len(rows)), make([]int, len(feats))
	return c
}

// KinOnly marks the context words that count in the likeness of topics
// (Vectors.kin) and not in that of terms nor in their specificity.
func (c *Contexts) KinOnly(words map[string]bool) {
	c.kinOnly = make([]bool, c.nf)
	for w := range words {
		if f, ok := c.feats[w]; ok {
			c.kinOnly[f] = true
		}
	}
}

func (c *Contexts) isKinOnly(f int) bool { return c.kinOnly != nil && c.kinOnly[f] }

// Add counts one text in language lang: its first exploreTextTerms
// distinct row terms and context words.
func (c *Contexts) Add(text, lang string) {
	c.docs++
	c.rowsIn, c.featsIn = c.rowsIn[:0], c.featsIn[:0]
	c.nearRows, c.nearFeat = c.nearRows[:0], c.nearFeat[:0]
	prevTerm := ""
	link := newLinker(lang)
	scanWith(text, lang, func(word, term string) {
		linked := link.next(word, term)
		if term == "" {
			prevTerm = ""
			return
		}
		c.pos++
		if prevTerm != "" {
			if r, ok := c.phrases[prevTerm+" "+term]; ok {
				c.markRow(r)
				c.notePhrase(c.pos, r)
			}
		}
		if r, ok := c.phrases[string(linked)]; ok && linked != nil {
			c.markRow(r)
			c.notePhrase(c.pos, r)
		}
		prevTerm = ""
		if term == word {
			prevTerm = term
		}
		if r, ok := c.rowIdx[term]; ok {
			c.markRow(r)
			c.nearRows = append(c.nearRows, posIdx{c.pos, r})
		}
		if f, ok := c.feats[term]; ok {
			c.nearFeat = append(c.nearFeat, posIdx{c.pos, f})
			if c.featMark[f] != c.docs && len(c.featsIn) < exploreTextTerms {
				c.featMark[f] = c.docs
				c.featDocs[f]++
				c.featsIn = append(c.featsIn, f)
			}
		}
	}, func() { prevTerm = ""; link.reset(); c.pos += nearWindow + 1 })
	c.pos += nearWindow + 1
	c.countNear()
	c.countEntities()
	for _, r := range c.rowsIn {
		row := c.co[int(r)*c.nf : (int(r)+1)*c.nf]
		for _, f := range c.featsIn {
			row[f]++
		}
	}
}

// countNear counts the context words near each row of the text.
func (c *Contexts) countNear() {
	lo := 0
	for _, r := range c.nearRows {
		for lo < len(c.nearFeat) && c.nearFeat[lo].pos < r.pos-nearWindow {
			lo++
		}
		row := c.near[int(r.i)*c.nf : (int(r.i)+1)*c.nf]
		for _, f := range c.nearFeat[lo:] {
			if f.pos > r.pos+nearWindow {
				break
			}
			if f.pos != r.pos {
				row[f.i]++
			}
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
	// cooc are the co-occurrences each term's specificity was measured
	// on: below specificityPrior the prior outweighs them (thin).
	cooc  []float64
	index map[string]int
	vecs  [][]float32 // unit length, nil when the term has no context
	// kin are the vectors with the kin-only context words too (opinion
	// words: Contexts.KinOnly), which tell topics' likeness; vecs when
	// there are none.
	kin [][]float32
	ent *entityPairs // nil unless counted (Distinct)
}

// Vectors computes the context vectors from the counts.
func (c *Contexts) Vectors() *Vectors {
	v := &Vectors{Terms: c.rows, Docs: c.rowDocs, index: make(map[string]int, len(c.rows)),
		Specificity: make([]float64, len(c.rows)), cooc: make([]float64, len(c.rows)), vecs: make([][]float32, len(c.rows)), ent: c.ent}
	hasKin := slices.Contains(c.kinOnly, true)
	v.kin = make([][]float32, len(c.rows))
	rowTot, colTot, total := c.nearMargins()
	totalFeat := 0
	for f, d := range c.featDocs {
		if !c.isKinOnly(f) {
			totalFeat += d
		}
	}
	for i, r := range c.rows {
		v.index[r] = i
		row := c.co[i*c.nf : (i+1)*c.nf]
		for _, f := range c.own[i] {
			row[f] = 0 // a term is not its own context
		}
		v.vecs[i] = c.ppmi(i, row, false)
		var sent []float32
		if hasKin {
			sent = c.ppmi(i, row, true)
		} else {
			sent = v.vecs[i]
		}
		v.kin[i] = mixUnit(sent, c.nearPPMI(i, rowTot, colTot, total), nearMix)
		v.Specificity[i], v.cooc[i] = c.specificity(row, totalFeat)
	}
	return v
}

// ppmi returns the unit PPMI vector of row i, nil when it has no
// context; the kin-only context words count only with kin.
func (c *Contexts) ppmi(i int, row []uint32, kin bool) []float32 {
	if c.rowDocs[i] == 0 {
		return nil
	}
	var vec []float32
	norm := 0.0
	for f, n := range row {
		if n < minCooccurrence || c.featDocs[f] == 0 || (!kin && c.isKinOnly(f)) {
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

// nearMargins are the sums of the near counts per row, per context word
// and in all.
func (c *Contexts) nearMargins() (rowTot, colTot []float64, total float64) {
	rowTot, colTot = make([]float64, len(c.rows)), make([]float64, c.nf)
	for i := range c.rows {
		for f, n := range c.near[i*c.nf : (i+1)*c.nf] {
			rowTot[i] += float64(n)
			colTot[f] += float64(n)
			total += float64(n)
		}
	}
	return rowTot, colTot, total
}

// nearPPMI returns the unit PPMI vector of row i's near context words,
// nil when it has none.
func (c *Contexts) nearPPMI(i int, rowTot, colTot []float64, total float64) []float32 {
	var vec []float32
	norm := 0.0
	for f, n := range c.near[i*c.nf : (i+1)*c.nf] {
		if n < minCooccurrence || slices.Contains(c.own[i], int32(f)) {
			continue
		}
		pmi := math.Log(float64(n) * total / (rowTot[i] * colTot[f]))
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

// mixUnit returns the unit vector of w·a + b (either may be nil).
func mixUnit(a, b []float32, w float64) []float32 {
	if a == nil || w == 0 {
		return b
	}
	if b == nil {
		return a
	}
	out := make([]float32, len(a))
	norm := 0.0
	for k := range a {
		out[k] = float32(w)*a[k] + b[k]
		norm += float64(out[k]) * float64(out[k])
	}
	s := float32(1 / math.Sqrt(norm))
	for k := range out {
		out[k] *= s
	}
	return out
}

// specificity is KL(P(f|row) ‖ P(f)), P(f|row) smoothed towards P(f) by
// specificityPrior co-occurrences, and the row's co-occurrences (sum).
func (c *Contexts) specificity(row []uint32, totalFeat int) (kl, sum float64) {
	if totalFeat == 0 {
		return 0, 0
	}
	for f, n := range row {
		if !c.isKinOnly(f) {
			sum += float64(n)
		}
	}
	for f, n := range row {
		if c.isKinOnly(f) {
			continue
		}
		pf := float64(c.featDocs[f]) / float64(totalFeat)
		if pf == 0 {
			continue
		}
		p := (float64(n) + specificityPrior*pf) / (sum + specificityPrior)
		kl += p * math.Log(p/pf)
	}
	return kl, sum
}

// thin reports whether term's specificity was measured on fewer
// co-occurrences than specificityPrior: the prior outweighs them, so its
// specificity is pulled more than halfway towards 0, below the median
// whatever its contexts (a word in five texts).
func (v *Vectors) thin(term string) bool {
	i, ok := v.index[term]
	return ok && i < len(v.cooc) && v.cooc[i] < specificityPrior // no counts kept (hand-made Vectors): not thin
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

// docsOf returns the number of texts that hold term, 0 for a term without
// a vector.
func (v *Vectors) docsOf(term string) int {
	if i, ok := v.index[term]; ok {
		return v.Docs[i]
	}
	return 0
}
