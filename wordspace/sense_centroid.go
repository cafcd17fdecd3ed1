package wordspace

import (
	"cmp"
	"slices"

	"github.com/viterin/vek/vek32"

	"explorer"
	"explorer/wordspace/senses"
)

// senseBonus is what each WordNet sense class adds to a suggestion's score
// in bySenseScore, whose other two parts are cosines (0 to 2 together).
// Tuned on the bench's tuning probes only (round soft14): a one-link
// word's bonus from 0.05 to 0.15 gave the same precision (0.49-0.50
// one-word, 0.67 three-word), a common sense's 1 kept the three-word poles
// (0.5: 0.63), a hypernym's 0 (that of an unlinked word) and a later
// sense's -1 (after nearly every other word).
var senseBonus = [...]float64{
	senses.Common:   1,
	senses.Near:     0.1,
	senses.Generic:  0,
	senses.Unlisted: 0,
	senses.Later:    -1,
}

// bySenseScore orders list, the space's suggestions for a pole with
// WordNet's sense ranks of its terms, by one score a word (round soft14):
// its cosine to the nearest pole term, plus its cosine to the centroid of
// the pole's linked words (linkedCentroid: the pole's common senses as the
// space holds them, round wordnet11), plus its sense class's bonus
// (senseBonus); ties in the space's order. Strict tiers (round wordnet8)
// put every linked word before every unlinked one, so that a remote
// satellite (clanging, blatant for noisy) outranked an unlinked word the
// space puts very near the pole and its senses (raucous, boisterous); the
// bonus keeps the linked words ahead only by a margin. Without a centroid
// (fewer than two linked words near the pole) the word's cosine to the
// pole counts twice.
func (s *Space) bySenseScore(list []explorer.PoleSuggestion, terms []explorer.WeightedTerm, rank senses.Rank) []explorer.PoleSuggestion {
	if len(rank) == 0 {
		return list
	}
	cent, ok := s.linkedCentroid(terms, rank)
	score := make([]float64, len(list))
	order := make([]int, len(list))
	row := make([]float32, s.dim)
	for i, sg := range list {
		order[i] = i
		near := sg.Cosine
		if id, found := s.Lookup(sg.Term); found && ok {
			near = float64(vek32.Dot(cent, s.rowInto(row, id)))
		}
		score[i] = sg.Cosine + near + senseBonus[rank.Class(sg.Term)]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	out := make([]explorer.PoleSuggestion, len(list))
	for i, j := range order {
		out[i] = list[j]
	}
	return out
}

// senseCentroidMin is the cosine to a pole term a linked word needs to
// count in the centroid of linkedCentroid (round soft14: 0.3 to 0.4 gave
// the same tuning precision, 0.45 and 0.5 lower).
const senseCentroidMin = 0.4

// linkedCentroid is the unit centroid of the words WordNet links to the
// pole terms' common senses (rank.Linked) that the space puts within
// senseCentroidMin of a pole term, the pole terms left out: the pole's
// common senses as the space holds them. It depends on the pole terms
// alone, not on the list, so declining a word (and its inflections) does
// not move it. False with fewer than two such words.
func (s *Space) linkedCentroid(terms []explorer.WeightedTerm, rank senses.Rank) ([]float32, bool) {
	var pole [][]float32
	isPole := map[int]bool{}
	for _, t := range terms {
		if id, ok := s.Lookup(t.Term); ok && !t.Declined && !isPole[id] {
			isPole[id] = true
			pole = append(pole, s.Vector(id)) // a copy when read in place
		}
	}
	var ids []int
	for _, w := range rank.Linked() {
		if id, ok := s.Lookup(w); ok && !isPole[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	cent, row := make([]float32, s.dim), make([]float32, s.dim)
	n := 0
	for i, id := range ids {
		if i > 0 && ids[i-1] == id {
			continue
		}
		v := s.rowInto(row, id)
		for _, p := range pole {
			if vek32.Dot(v, p) >= senseCentroidMin {
				vek32.Add_Inplace(cent, v)
				n++
				break
			}
		}
	}
	norm := vek32.Norm(cent)
	if n < 2 || norm == 0 {
		return nil, false
	}
	vek32.DivNumber_Inplace(cent, norm)
	return cent, true
}
