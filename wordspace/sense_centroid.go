package wordspace

import (
	"cmp"
	"slices"

	"github.com/viterin/vek/vek32"

	"explorer"
	"explorer/wordspace/senses"
)

// senseBonus is what each WordNet sense class adds to a suggestion's score
// in bySenseScore (round soft14, tuned on the bench's tuning probes: a
// common sense's bonus from 0.3 up and a one-link word's from 0.05 to 0.3
// gave the same one-word and three-word precision; a later sense's -1
// puts it after nearly every other word). Scores are two cosines, 0 to 2.
var senseBonus = [...]float64{
	senses.Common:   0.5,
	senses.Near:     0.15,
	senses.Generic:  0,
	senses.Unlisted: 0,
	senses.Later:    -1,
}

// bySenseScore orders list, the space's suggestions for a pole with
// WordNet's sense ranks of its terms, by one score a word (round soft14):
// its cosine to the nearest pole term, plus its cosine to the centroid of
// the linked words in the list (a common sense's synonyms and the words one
// link from them: the pole's common senses as the space holds them, round
// wordnet11), plus its sense class's bonus (senseBonus); ties in the
// space's order. Strict tiers (round wordnet8) put every linked word before
// every unlinked one, so a remote satellite (clanging, blatant for noisy)
// outranked an unlinked word the space puts very near the pole and its
// senses (raucous, boisterous); the bonus keeps the linked words ahead
// only by a margin. A declined term that is linked counts in the centroid
// as if it were still listed, so that declining a word does not move the
// others. With fewer than two linked words the pole's terms stand for the
// centroid (the word's cosine counts twice).
func (s *Space) bySenseScore(list []explorer.PoleSuggestion, terms []explorer.WeightedTerm, rank senses.Rank) []explorer.PoleSuggestion {
	if len(rank) == 0 {
		return list
	}
	class := make([]senses.SenseClass, len(list))
	for i, sg := range list {
		class[i] = rank.Class(sg.Term)
	}
	cent, ok := s.linkedCentroid(list, class, terms, rank)
	score := make([]float64, len(list))
	order := make([]int, len(list))
	for i, sg := range list {
		order[i] = i
		near := sg.Cosine
		if id, found := s.Lookup(sg.Term); found && ok {
			near = float64(vek32.Dot(cent, s.Vector(id)))
		}
		score[i] = sg.Cosine + near + senseBonus[class[i]]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	out := make([]explorer.PoleSuggestion, len(list))
	for i, j := range order {
		out[i] = list[j]
	}
	return out
}

// linkedCentroid is the unit centroid of the linked words of list (class
// Common or Near) and of the declined pole terms the rank links; false
// with fewer than two of them.
func (s *Space) linkedCentroid(list []explorer.PoleSuggestion, class []senses.SenseClass, terms []explorer.WeightedTerm, rank senses.Rank) ([]float32, bool) {
	cent := make([]float32, s.dim)
	n := 0
	addWord := func(w string) {
		if id, ok := s.Lookup(w); ok {
			vek32.Add_Inplace(cent, s.Vector(id))
			n++
		}
	}
	for i, sg := range list {
		if class[i] <= senses.Near {
			addWord(sg.Term)
		}
	}
	for _, t := range terms {
		if t.Declined && rank.IsLinked(t.Term) {
			addWord(t.Term)
		}
	}
	norm := vek32.Norm(cent)
	if n < 2 || norm == 0 {
		return nil, false
	}
	vek32.DivNumber_Inplace(cent, norm)
	return cent, true
}
