package poles

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"explorer"
	"explorer/analysis"
)

// SuggestPoleTerms suggests terms for a pole from the word space of its
// language: as many as limit, or when limit is nil as the caller's
// suggestionsCount setting.
func (s *Service) SuggestPoleTerms(ctx context.Context, id int64, limit *int) (*PoleSuggestions, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if limit != nil && (*limit < SuggestLimitMin || *limit > SuggestLimitMax) {
		msg := fmt.Sprintf("must be from %d to %d", SuggestLimitMin, SuggestLimitMax)
		return nil, explorer.Invalid("limit "+msg, explorer.FieldError{Field: "limit", Message: msg})
	}
	if !s.suggesting.Take(u.ID) {
		e := explorer.Errorf(explorer.ETHROTTLED, "%d suggestions of yours are being computed, the most at once: try again in a moment", SuggestionsAtOnce)
		e.RetryAfter = SuggestRetryAfter
		return nil, e
	}
	defer s.suggesting.Give(u.ID)
	p, err := s.Pole(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.wordSpaces == nil {
		return nil, explorer.Errorf(explorer.ECONFLICT, "no word space is available")
	}
	n := 0
	if limit != nil {
		n = *limit
	} else if n, err = s.root.SuggestionsCount(ctx, u.ID); err != nil {
		return nil, err
	}
	// The account's project spaces, listed once for the whole request.
	texts, err := s.accountSpaces(ctx, p)
	if err != nil {
		return nil, err
	}
	list, err := s.rankSuggestions(ctx, p, texts)
	if err != nil {
		return nil, err
	}
	list = firstSuggestions(list, n)
	if err := s.textFrequencies(ctx, texts, list); err != nil {
		return nil, err
	}
	return &PoleSuggestions{Suggestions: list, Pole: p}, nil
}

// PoleSuggestions are the terms suggested for a pole, with the pole.
type PoleSuggestions struct {
	Suggestions []explorer.PoleSuggestion
	Pole        *Pole
}

// suggestDepth is how many suggestions are computed whatever the limit:
// the answer is the first limit of them, so that the first N suggestions
// are the same whatever limit asks for (the blend with the project spaces
// and the polarity rule work on the same list).
const suggestDepth = SuggestLimitMax

// rankSuggestions computes the suggestions of pole p, the best first, at
// most suggestDepth: the word space's, blended with the project spaces' of
// the owner's account (texts), without those of the opposite polarity.
func (s *Service) rankSuggestions(ctx context.Context, p *Pole, texts *accountTexts) ([]explorer.PoleSuggestion, error) {
	declined, err := s.poleRejections(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	// Every declined term goes to the engines as Declined: it brings no
	// candidates, and neither it nor its inflections and spelling variants
	// are suggested. The engines never suggest a term they are given or
	// told to exclude (WordSpaces, ProjectSpaces): passing every term of
	// the pole is what keeps them out of the suggestions.
	query, exclude := strongestTerms(p.Parts, explorer.SuggestQueryTerms)
	query = append(query, declinedTerms(declined)...)
	list, err := s.wordSpaces.Suggest(ctx, p.Language, query, exclude, suggestDepth)
	if err != nil && explorer.ErrorCode(err) != explorer.ECONFLICT {
		return nil, err
	}
	// A language without a thesaurus space is answered by the account's
	// project spaces when it has some.
	blended, perr := s.projectSuggestions(ctx, p, texts, list, query, exclude, suggestDepth)
	if perr != nil {
		return nil, perr
	}
	if err != nil && len(blended) == 0 {
		return nil, err
	}
	return s.keepPolarity(ctx, p, withoutFunctionWords(blended, p.Language))
}

// withoutFunctionWords drops the suggestions made of function words only
// (the language table's stop words: SV inte, mycket; DE in, dein), which
// thesauri list as synonyms of one another and no pole wants (issue 33).
func withoutFunctionWords(list []explorer.PoleSuggestion, lang string) []explorer.PoleSuggestion {
	return slices.DeleteFunc(list, func(sg explorer.PoleSuggestion) bool {
		words := strings.Fields(analysis.FoldTerm(sg.Term))
		return len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return !analysis.IsStopWord(w, lang) })
	})
}

// strongestTerms splits a pole's parts into the at most n strongest (by
// weight, descending; equal weights in the pole's order), which a
// suggestion is computed from, and the terms of the others.
func strongestTerms(parts []PolePart, n int) ([]explorer.WeightedTerm, []string) {
	query := make([]explorer.WeightedTerm, 0, min(n, len(parts)))
	var exclude []string
	for _, i := range PartsByStrength(parts) {
		if len(query) < n {
			query = append(query, explorer.WeightedTerm{Term: parts[i].Term, Weight: parts[i].Weight})
		} else {
			exclude = append(exclude, parts[i].Term)
		}
	}
	return query, exclude
}

// firstSuggestions keeps the first n of a list (the engines' lists
// blended may hold more), never nil.
func firstSuggestions(list []explorer.PoleSuggestion, n int) []explorer.PoleSuggestion {
	if list == nil {
		return []explorer.PoleSuggestion{}
	}
	return list[:min(len(list), n)]
}
