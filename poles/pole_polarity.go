package poles

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"explorer"
	"explorer/analysis"
	"explorer/tonality"
)

// keepPolarity drops from list the suggestions of the opposite polarity of
// pole p, by the tonality lexicon of its language with the owner's word
// corrections: the pole's polarity is the majority of its terms'
// (positive terms less negative ones; a tie or no opinion term at all
// keeps every suggestion), a term's the sign of its words' valences
// summed. A language without tonality data keeps the list as it is. The
// corrections are read beside the lexicon (Analyzer.PolarityWith), which
// is not copied for one suggestion.
func (s *Service) keepPolarity(ctx context.Context, p *Pole, list []explorer.PoleSuggestion) ([]explorer.PoleSuggestion, error) {
	a, ok := tonality.For(p.Language)
	if !ok {
		return list, nil
	}
	over, err := s.root.WordCorrections(ctx, p.OwnerID, p.Language)
	if err != nil {
		return list, err
	}
	corr := tonality.NewCorrections(over)
	polarity := func(w string) float64 {
		v, _ := a.PolarityWith(corr, w)
		return v
	}
	pole := polePolarity(polarity, p.Parts)
	if pole == 0 {
		return list, nil
	}
	return slices.DeleteFunc(list, func(sg explorer.PoleSuggestion) bool { return termPolarity(polarity, sg.Term) == -pole }), nil
}

// PolePolarity is the majority polarity of a pole's terms by analyzer a:
// 1 positive, -1 negative, 0 when as many terms are of each (none
// included).
func PolePolarity(a *tonality.Analyzer, parts []PolePart) int {
	return polePolarity(valenceOf(a), parts)
}

func polePolarity(polarity func(string) float64, parts []PolePart) int {
	n := 0
	for _, pt := range parts {
		n += termPolarity(polarity, pt.Term)
	}
	return cmp.Compare(n, 0)
}

// TermPolarity is the polarity of a term by analyzer a: the sign of the
// lexicon valences of its words (folded as topics fold terms) summed, 0
// for a term without an opinion word.
func TermPolarity(a *tonality.Analyzer, term string) int {
	return termPolarity(valenceOf(a), term)
}

func termPolarity(polarity func(string) float64, term string) int {
	sum := 0.0
	for _, w := range strings.Fields(analysis.FoldTerm(term)) {
		sum += polarity(w)
	}
	return cmp.Compare(sum, 0)
}

// valenceOf is a word's valence by analyzer a (0 for none).
func valenceOf(a *tonality.Analyzer) func(string) float64 {
	return func(w string) float64 {
		v, _ := a.Polarity(w)
		return v
	}
}
