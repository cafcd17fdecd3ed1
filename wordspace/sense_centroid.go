package wordspace

import (
	"cmp"
	"slices"

	"github.com/viterin/vek/vek32"

	"explorer"
)

// unlinkedBySense orders the words of list[linked:linked+unlisted], those
// WordNet links to no sense of the pole's terms (senses.BySenseParts put
// them after the linked words list[:linked]), by their cosine to the
// centroid of the linked words plus their cosine to the nearest pole term
// (round wordnet11), the space's order breaking ties. The linked words are
// the pole's common senses as the space holds them: a word WordNet lacks
// that is near them (unaffordable beside costly and pricey, freight beside
// shipment and consignment) goes before a topical neighbour that is near
// only the pole term (store, kiosk for checkout). A declined term that is
// linked (isLinked) counts in the centroid as if it were still listed, so
// that declining a word does not move the others. Fewer than two linked
// words leave the order as it is.
func (s *Space) unlinkedBySense(list []explorer.PoleSuggestion, linked, unlisted int, terms []explorer.WeightedTerm, isLinked func(string) bool) []explorer.PoleSuggestion {
	if unlisted < 2 {
		return list
	}
	cent := make([]float32, s.dim)
	n := 0
	addWord := func(w string) {
		if id, ok := s.Lookup(w); ok {
			vek32.Add_Inplace(cent, s.Vector(id))
			n++
		}
	}
	for _, sg := range list[:linked] {
		addWord(sg.Term)
	}
	for _, t := range terms {
		if t.Declined && isLinked(t.Term) {
			addWord(t.Term)
		}
	}
	norm := vek32.Norm(cent)
	if n < 2 || norm == 0 {
		return list
	}
	part := list[linked : linked+unlisted]
	score := make([]float64, len(part))
	order := make([]int, len(part))
	for i, sg := range part {
		order[i] = i
		score[i] = sg.Cosine
		if id, ok := s.Lookup(sg.Term); ok {
			score[i] += float64(vek32.Dot(cent, s.Vector(id)) / norm)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	out := slices.Clone(list)
	for i, j := range order {
		out[linked+i] = part[j]
	}
	return out
}
