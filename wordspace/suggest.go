package wordspace

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/viterin/vek/vek32"

	"explorer"
)

// NeighbourK is K, the number of nearest neighbours of each pole term that
// are candidates for suggestions (DECISIONS.md: K ≥ 50).
const NeighbourK = 50

// rawK is how many raw hits are fetched to leave K after dropping the
// query itself, pole terms, punctuation, numbers and case variants.
func rawK(k int) int { return k + k/2 + 16 }

// candidateID maps a word to the word that stands for it among
// suggestions: punctuation around it is ignored and case variants merge
// into the word the lookup finds. It answers false for words without a
// letter (punctuation, numbers).
func (s *Space) candidateID(id int) (int, bool) {
	t := trimCandidate(s.Word(id))
	if !strings.ContainsFunc(t, unicode.IsLetter) {
		return 0, false
	}
	if c, ok := s.Lookup(t); ok {
		return c, true
	}
	return id, true
}

// trimCandidate is w without the punctuation, symbols and spaces around it.
func trimCandidate(w string) string {
	return strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsSpace(r) })
}

// neighbourList turns raw hits into at most k distinct candidates.
func (s *Space) neighbourList(hits []hit, k int, skip func(id int) bool) []int {
	out := make([]int, 0, k)
	seen := make(map[int]bool, k)
	for _, h := range hits {
		c, ok := s.candidateID(int(h.id))
		if !ok || seen[c] || skip(c) {
			continue
		}
		seen[c] = true
		out = append(out, c)
		if len(out) == k {
			break
		}
	}
	return out
}

// Neighbours returns the k nearest words of a term, merging case variants
// and leaving out the term itself, punctuation and numbers.
func (s *Space) Neighbours(ctx context.Context, term string, k int) ([]explorer.Neighbour, error) {
	if k <= 0 {
		return []explorer.Neighbour{}, nil
	}
	k = min(k, s.Len(), 10000)
	v, id, ok := s.TermVector(term)
	if !ok {
		return []explorer.Neighbour{}, nil
	}
	self := Fold(strings.TrimSpace(term))
	skip := func(c int) bool { return c == id || s.Hidden(c) || Fold(s.Word(c)) == self }
	ids, ok := s.tableNeighbours(id, k, skip)
	if !ok {
		hits, err := s.search(ctx, [][]float32{v}, rawK(k))
		if err != nil {
			return nil, err
		}
		ids = s.neighbourList(hits[0], k, skip)
	}
	out := make([]explorer.Neighbour, len(ids))
	row := make([]float32, s.dim)
	for i, c := range ids {
		out[i] = explorer.Neighbour{Term: s.Word(c), Cosine: round6(vek32.Dot(v, s.rowInto(row, c)))}
	}
	return out, nil
}

type poleTerm struct {
	term   string
	key    string
	weight float64
	vec    []float32
	id     int
}

type candidate struct {
	id      int
	counter int
	graph   float64 // graphRank's sum, 0 in a space without a graph
	sum     float64
}

// rank is what orders candidates: the neighbour counter, then the graph
// rank's sum (a thesaurus space's), then the cosine sum.
func (c *candidate) rank() (int, float64, float64) { return c.counter, c.graph, c.sum }

// graphRank is what place pos of a pole term's table list adds to a
// candidate in a space whose lists follow a thesaurus's graph (nbrTable's
// graph): m − pos (m the table's list size), times the term's weight.
// The place is the one in the whole stored list, before declined words
// and pole terms are left out, so that declining a word moves no other
// word's rank (a place in the filtered list moved the words after a
// declined one up, up to 4 places on the bench). The graph puts first
// the synonyms that share the most synsets with the term (each weighed by
// its sense's reciprocity, round langs11; ties: the most
// paths through its other synonyms), which the cosines of its 48-dimension
// random synset vectors follow only roughly: on the bench's tuning probes
// of the 8 thesaurus languages, a synonym sharing 1 synset with its pole
// term was acceptable 21 % of the time, 2 or more 37–42 %, a word sharing
// none 7 % (round langs7).
func graphRank(weight float64, pos, m int) float64 { return weight * float64(m-pos) }

// graphPlaces maps each word of pole term p's stored list to its
// graphRank; nil when the space's table is no graph's or p has no list.
func (s *Space) graphPlaces(p poleTerm) map[int]float64 {
	t := s.nbrs
	if t == nil || !t.graph || p.id < 0 || p.vec == nil {
		return nil
	}
	n, b := t.list(p.id)
	out := make(map[int]float64, n)
	for j := range n {
		out[tableID(b, j)] = graphRank(p.weight, j, t.m)
	}
	return out
}

// Suggest computes the suggestions for a pole as DECISIONS.md defines them:
// the K nearest neighbours of each pole term are candidates, ordered by
// neighbourCounter and then sumCosine, descending; at most limit of them.
// In a thesaurus space, whose neighbours are its graph's, the graph's
// order comes between the two (graphRank).
// A declined term is never suggested, nor its inflections and spelling
// variants (stringSimilar): declining a word declines that word and
// nothing else, so the other candidates keep their order (issue 33: a
// push away from declined terms moved good words of another sense 20 and
// more places down).
func (s *Space) Suggest(ctx context.Context, terms []explorer.WeightedTerm, limit int) ([]explorer.PoleSuggestion, error) {
	return s.SuggestExcluding(ctx, terms, nil, limit)
}

// SuggestExcluding is Suggest computed from terms, never suggesting the
// terms of exclude either (nor their case variants): the service passes
// the strongest terms of a large pole as terms and its others as exclude.
func (s *Space) SuggestExcluding(ctx context.Context, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	out := []explorer.PoleSuggestion{}
	if limit <= 0 {
		return out, nil
	}
	pole, declined, skip := s.poleOf(terms, exclude)
	lists, err := s.poleNeighbours(ctx, pole, NeighbourK, skip)
	if err != nil || len(lists) == 0 {
		return out, err
	}
	stem := memoStem(stemmerFor(s.lang))
	list := s.withoutVariants(s.rankCandidates(pole, lists), declined, stem, limit)
	// Reciprocity from each candidate's K-th neighbour cosine (kth.go).
	ids := make([]int, len(list))
	for i, c := range list {
		ids[i] = c.id
	}
	kths, err := s.kthFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, c := range list {
		out = append(out, s.suggestion(pole, c, kths[i], stem))
	}
	return out, nil
}

// poleOf reads the terms of a pole (each once, by its folded form) with
// their vectors (declined ones without: only their ids), split into pole
// terms and declined ones, and the rule that leaves out the words of both,
// of exclude, and the words they stand for among candidates.
func (s *Space) poleOf(terms []explorer.WeightedTerm, exclude []string) (pole, declined []poleTerm, skip func(int) bool) {
	inPole := make(map[string]bool, len(terms))
	poleIDs := make(map[int]bool, len(terms)+len(exclude))
	known := func(id int) {
		if c, ok := s.candidateID(id); ok {
			poleIDs[c] = true
		}
		poleIDs[id] = true
	}
	for _, t := range terms {
		term := strings.TrimSpace(t.Term)
		key := Fold(term)
		if term == "" || inPole[key] {
			continue
		}
		inPole[key] = true
		p := poleTerm{term: term, key: key, weight: t.Weight, id: -1}
		if t.Declined {
			// A declined term needs no vector: only its id is left out.
			if id, ok := s.Lookup(term); ok {
				p.id = id
				known(id)
			}
			declined = append(declined, p)
			continue
		}
		if v, id, ok := s.TermVector(term); ok {
			p.vec, p.id = v, id
			if id >= 0 {
				known(id)
			}
		}
		pole = append(pole, p)
	}
	// An excluded word is left out by its id (and the id it stands for):
	// a candidate is the word its own lookup finds, so a word that folds
	// like an excluded term has the term's id. Only a word with
	// punctuation around it may stand for itself rather than for that
	// word: such terms are left out by their folded form too.
	for _, t := range exclude {
		term := strings.TrimSpace(t)
		id, ok := s.Lookup(term)
		if ok {
			known(id)
		}
		if !ok || trimCandidate(term) != term {
			inPole[Fold(term)] = true
		}
	}
	return pole, declined, func(c int) bool { return poleIDs[c] || s.Hidden(c) || inPole[Fold(s.Word(c))] }
}

// withoutVariants keeps the first limit candidates of list (ranked) that
// are no string variant of a declined term. The declined terms are
// folded and stemmed once (variantSet), each candidate once.
func (s *Space) withoutVariants(list []*candidate, declined []poleTerm, stem stemmer, limit int) []*candidate {
	terms := make([]string, len(declined))
	for i, d := range declined {
		terms[i] = d.term
	}
	variants := newVariantSet(terms, stem)
	out := make([]*candidate, 0, min(limit, len(list)))
	for _, c := range list {
		if len(out) == limit {
			break
		}
		if !variants.has(s.Word(c.id)) {
			out = append(out, c)
		}
	}
	return out
}

// rankCandidates counts and sums the candidates of the pole's lists (one
// per pole term, in their order) and orders them by rank, descending
// (then by word, so that the order is the same on every run).
func (s *Space) rankCandidates(pole []poleTerm, lists [][]int) []*candidate {
	cands := map[int]*candidate{}
	row := make([]float32, s.dim)
	for i, ids := range lists {
		p := pole[i]
		places := s.graphPlaces(p)
		for _, c := range ids {
			cd := cands[c]
			if cd == nil {
				cd = &candidate{id: c}
				cands[c] = cd
			}
			cd.counter++
			cd.graph += places[c]
			cd.sum += p.weight * float64(vek32.Dot(p.vec, s.rowInto(row, c)))
		}
	}
	list := make([]*candidate, 0, len(cands))
	for _, c := range cands {
		list = append(list, c)
	}
	slices.SortFunc(list, func(a, b *candidate) int {
		ac, ag, as := a.rank()
		bc, bg, bs := b.rank()
		if ac != bc {
			return cmp.Compare(bc, ac)
		}
		if ag != bg {
			return cmp.Compare(bg, ag)
		}
		if as != bs {
			return cmp.Compare(bs, as)
		}
		return strings.Compare(s.Word(a.id), s.Word(b.id))
	})
	return list
}

// suggestion is the answer for candidate c: its forWord (the closest pole
// term), reciprocity from its K-th cosine kth, and string similarity.
func (s *Space) suggestion(pole []poleTerm, c *candidate, kth float32, stem stemmer) explorer.PoleSuggestion {
	cv := s.Vector(c.id)
	best, bestCos := 0, float32(-2)
	for j, p := range pole {
		if p.vec == nil {
			continue
		}
		if d := vek32.Dot(cv, p.vec); d > bestCos {
			best, bestCos = j, d
		}
	}
	word := s.Word(c.id)
	similar := false
	for _, p := range pole {
		if stringSimilar(word, p.term, stem) {
			similar = true
			break
		}
	}
	return explorer.PoleSuggestion{
		Term:             word,
		ForWord:          pole[best].term,
		Cosine:           round6(bestCos),
		SumCosine:        round6f(c.sum),
		NeighbourCounter: c.counter,
		Frequency:        int(min(s.Count(c.id), int64(^uint(0)>>1))),
		Reciprocal:       bestCos >= kth,
		StringSimilarity: similar,
	}
}

// poleNeighbours returns the k candidates of each pole term (none for a
// term without a vector): from the space's table where it can tell, else
// by one search for the remaining terms together. It answers nil when no
// term has a vector.
func (s *Space) poleNeighbours(ctx context.Context, pole []poleTerm, k int, skip func(int) bool) ([][]int, error) {
	lists := make([][]int, len(pole))
	var queries [][]float32
	var qpole []int
	found := false
	for i, p := range pole {
		if p.vec == nil {
			continue
		}
		found = true
		if ids, ok := s.tableNeighbours(p.id, k, skip); ok {
			lists[i] = ids
			continue
		}
		queries = append(queries, p.vec)
		qpole = append(qpole, i)
	}
	if !found {
		return nil, nil
	}
	if len(queries) == 0 {
		return lists, nil
	}
	hits, err := s.search(ctx, queries, rawK(k))
	if err != nil {
		return nil, err
	}
	for qi, hs := range hits {
		lists[qpole[qi]] = s.neighbourList(hs, k, skip)
	}
	return lists, nil
}

func round6(x float32) float64 { return round6f(float64(x)) }

func round6f(x float64) float64 {
	const m = 1e6
	if x < 0 {
		return -float64(int64(-x*m+0.5)) / m
	}
	return float64(int64(x*m+0.5)) / m
}

// Similarities answers, for each candidate, the sum over terms (Declined
// ones left out) of weight × the cosine of the two terms' vectors
// (TermVector); NaN for a candidate the space does not hold (a term it
// does not hold adds nothing).
func (s *Space) Similarities(terms []explorer.WeightedTerm, candidates []string) []float64 {
	var vecs [][]float32
	var weights []float64
	for _, t := range terms {
		if v, _, ok := s.TermVector(t.Term); ok && !t.Declined {
			vecs, weights = append(vecs, v), append(weights, t.Weight)
		}
	}
	out := make([]float64, len(candidates))
	for i, c := range candidates {
		v, _, ok := s.TermVector(c)
		if !ok {
			out[i] = math.NaN()
			continue
		}
		for j, q := range vecs {
			out[i] += weights[j] * float64(vek32.Dot(v, q))
		}
	}
	return out
}

// Kinship answers the cosines of term with each of others: how alike the
// language holds two aspects (service and staff), for grouping explored
// topics. NaN for a word the space lacks, and for every one when it lacks
// term or is a thesaurus's space, whose cosines say synonymy: kin are no
// synonyms, and two aspects that share no synset would all look unlike.
func (s *Space) Kinship(term string, others []string) []float64 {
	out := make([]float64, len(others))
	v, _, known := s.TermVector(term)
	graph := s.nbrs != nil && s.nbrs.graph
	for i, o := range others {
		out[i] = math.NaN()
		if !known || graph {
			continue
		}
		if w, _, ok := s.TermVector(o); ok {
			out[i] = float64(vek32.Dot(v, w))
		}
	}
	return out
}
