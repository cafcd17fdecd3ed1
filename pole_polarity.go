package explorer

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"explorer/analysis"
	"explorer/tonality"
)

// keepPolarity drops from list the suggestions of the opposite polarity of
// pole p, by the tonality lexicon of its language with the owner's word
// corrections: the pole's polarity is the majority of its terms'
// (positive terms less negative ones; a tie or no opinion term at all
// keeps every suggestion), a term's the sign of its words' valences
// summed. A language without tonality data keeps the list as it is.
func (s *Service) keepPolarity(ctx context.Context, p *Pole, list []PoleSuggestion) ([]PoleSuggestion, error) {
	a, err := s.analyzerFor(ctx, p.OwnerID, p.Language)
	if err != nil || a == nil {
		return list, err
	}
	pole := PolePolarity(a, p.Parts)
	if pole == 0 {
		return list, nil
	}
	return slices.DeleteFunc(list, func(sg PoleSuggestion) bool { return TermPolarity(a, sg.Term) == -pole }), nil
}

// PolePolarity is the majority polarity of a pole's terms by analyzer a:
// 1 positive, -1 negative, 0 when as many terms are of each (none
// included).
func PolePolarity(a *tonality.Analyzer, parts []PolePart) int {
	n := 0
	for _, pt := range parts {
		n += TermPolarity(a, pt.Term)
	}
	return cmp.Compare(n, 0)
}

// TermPolarity is the polarity of a term by analyzer a: the sign of the
// lexicon valences of its words (folded as topics fold terms) summed, 0
// for a term without an opinion word.
func TermPolarity(a *tonality.Analyzer, term string) int {
	sum := 0.0
	for _, w := range strings.Fields(analysis.FoldTerm(term)) {
		v, _ := a.Polarity(w)
		sum += v
	}
	return cmp.Compare(sum, 0)
}
