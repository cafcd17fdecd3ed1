package poles

import (
	"cmp"
	"context"
	"math"
	"slices"

	"explorer"
)

// The customer's sense (issue 33). A pole whose owner's account learnt
// words from texts of the pole's language (project spaces) is suggested
// words as those texts use its terms:
//
//  1. Text words first: the project spaces' suggestions (words sharing
//     contexts with the pole's terms in the texts) whose summed cosine
//     there is at least senseTextShare of the best one's, and
//     - that the general space (the thesaurus space of the language)
//     suggests too: the general neighbours the texts use near the pole
//     rise; or
//     - that the general space does not suggest, when they stand out in
//     the texts — a summed cosine at least senseStandOut times the mean
//     of the texts' list — and the general space puts them at least
//     senseGeneralMin (cosine per unit of the pole's weight) from the
//     pole's terms (a word it does not hold, such as a product name, is
//     judged by the texts alone).
//     Ranked by their text score plus senseGeneralWeight × their general
//     score, at most senseTextFirst of them: the others join the third
//     group. (Tuned on make bench-suggest: with every text word first, a
//     space of 3,041 restaurant review sentences filled 85 of 110 top-10
//     slots of the English probes with words such as food, order, table
//     for {waiter}; the texts of a few thousand reviews put most words
//     near most others, at summed cosines close to one another, so only
//     a word that stands out of that background is the texts' own
//     evidence: round blend10.)
//  2. Then the general space's suggestions, in the general space's order
//     (its sense and graph orders kept), except those the texts use at
//     least senseHeldMin times without putting them near the pole's
//     terms: the texts use them in another sense, so they drop.
//  3. Last, the other text words (weaker in the texts or unrelated for the
//     general space) that the general space does not suggest, by the same
//     combined score: a language without a
//     general space, or a pole of the texts' own words (a product name),
//     is still answered from the texts.
//
// Without texts the general space's order is kept as it is: its
// candidates are ranked by how many of the pole's terms they are near
// first, which keeps the sense the terms share.
const (
	senseTextShare     = 0.5
	senseStandOut      = 1.5
	senseGeneralMin    = 0.1
	senseGeneralWeight = 2.0
	senseHeldMin       = 10
	senseTextFirst     = 5
)

// projectSuggestions answers list (the general space's suggestions of
// pole p) re-ranked by the texts of the owner's account, as above; list
// as it is when the account has no project space of the language.
func (s *Service) projectSuggestions(ctx context.Context, p *Pole, texts *accountTexts, list []explorer.PoleSuggestion, query []explorer.WeightedTerm, exclude []string, n int) ([]explorer.PoleSuggestion, error) {
	if len(texts.spaces) == 0 {
		return list, nil
	}
	own, err := s.projectSpaces.SuggestFromProjects(ctx, texts.spaces, query, exclude, n)
	if err != nil || len(own) == 0 {
		return list, err
	}
	// The words of both lists are counted at once: the answer's
	// frequencies (textFrequencies) are among them.
	counts, err := s.wordCounts(ctx, texts, append(suggestionTerms(list), suggestionTerms(own)...))
	if err != nil {
		return nil, err
	}
	held := counts[:len(list)]
	general, err := s.wordSpaces.Similarities(ctx, p.Language, query, suggestionTerms(own))
	if err != nil && explorer.ErrorCode(err) != explorer.ECONFLICT {
		return nil, err
	}
	return senseBlend(list, own, held, general, queryWeight(query)), nil
}

// senseBlend orders the general list and the texts' own suggestions as
// the comment above says: held[i] is how often the texts use list[i],
// general[i] the general space's score of own[i] (nil without a general
// space), weight the pole's weight the scores are sums over.
func senseBlend(list, own []explorer.PoleSuggestion, held []int64, general []float64, weight float64) []explorer.PoleSuggestion {
	type ranked struct {
		sg    explorer.PoleSuggestion
		tier  int
		score float64
	}
	bar := textBar(own)
	var out []ranked
	seen := map[string]bool{}
	fields := map[string]explorer.PoleSuggestion{} // a word's fields are the general space's when it has them
	nearInTexts := map[string]bool{}               // the texts' suggestions: near the pole in the texts
	for _, sg := range list {
		fields[explorer.TermKey(sg.Term)] = sg
	}
	for i, sg := range own {
		// A word the general space does not hold (a product name, slang)
		// is judged by the texts alone.
		g := math.NaN()
		if general != nil {
			g = general[i]
		}
		k := explorer.TermKey(sg.Term)
		nearInTexts[k] = true
		shown, inList := fields[k]
		tier := bar.tier(sg.SumCosine, inList, g, weight)
		if tier == 3 && inList {
			continue // a weak text word the general space suggests: ranked as its suggestion
		}
		seen[k] = true
		if !inList {
			shown = sg
		}
		score := sg.SumCosine
		if !math.IsNaN(g) {
			score += senseGeneralWeight * g
		}
		out = append(out, ranked{shown, tier, score})
	}
	for i, sg := range list {
		if seen[explorer.TermKey(sg.Term)] || held[i] >= senseHeldMin && !nearInTexts[explorer.TermKey(sg.Term)] {
			continue
		}
		out = append(out, ranked{sg, 2, -float64(i)}) // the general space's order: its sense and graph orders stay
	}
	order := func(a, b ranked) int { return cmp.Or(cmp.Compare(a.tier, b.tier), cmp.Compare(b.score, a.score)) }
	slices.SortStableFunc(out, order)
	// At most senseTextFirst text words go ahead of the general space's.
	for i := senseTextFirst; i < len(out) && out[i].tier == 1; i++ {
		out[i].tier = 3
	}
	slices.SortStableFunc(out, order)
	res := make([]explorer.PoleSuggestion, len(out))
	for i, r := range out {
		res[i] = r.sg
	}
	return res
}

// textScores are the best and the mean summed cosine of the texts' own
// suggestions: the bars a text word has to reach to go first.
type textScores struct{ best, mean float64 }

func textBar(own []explorer.PoleSuggestion) textScores {
	var b textScores
	for _, sg := range own {
		b.best = max(b.best, sg.SumCosine)
		b.mean += sg.SumCosine / float64(len(own))
	}
	return b
}

// tier is the group (1 or 3) of a text word of summed cosine sum in the
// texts: inList tells that the general space suggests it, g is its
// general score (NaN: a word the general space does not hold).
func (b textScores) tier(sum float64, inList bool, g, weight float64) int {
	if sum < senseTextShare*b.best {
		return 3
	}
	if inList || sum >= senseStandOut*b.mean && (math.IsNaN(g) || g >= senseGeneralMin*weight) {
		return 1
	}
	return 3
}

// suggestionTerms are the terms of a list of suggestions.
func suggestionTerms(list []explorer.PoleSuggestion) []string {
	out := make([]string, len(list))
	for i, sg := range list {
		out[i] = sg.Term
	}
	return out
}

// queryWeight is the summed weight of the terms a suggestion is computed
// from (declined ones left out), at least 1.
func queryWeight(query []explorer.WeightedTerm) float64 {
	w := 0.0
	for _, t := range query {
		if !t.Declined {
			w += t.Weight
		}
	}
	return max(w, 1)
}
