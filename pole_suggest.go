package explorer

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"explorer/analysis"
)

// Suggestion limits: how many suggestions one may ask for a pole.
const (
	SuggestLimitMin = 1
	SuggestLimitMax = 100
)

// SuggestQueryTerms bounds what a suggestion costs whatever the pole's
// size: it is computed from the pole's strongest terms only, at most this
// many (by weight, descending; among equal weights the earlier in the
// pole first). The pole's other terms are still never suggested.
const SuggestQueryTerms = 50

// SuggestionsAtOnce is how many suggestions one user may have computed at
// the same time (through the JSON interface and the pages together, on
// one instance);
// one more is refused with ETHROTTLED.
const SuggestionsAtOnce = 2

// SuggestRetryAfter is the Retry-After, in seconds, of a suggestion
// refused because the user has SuggestionsAtOnce running.
const SuggestRetryAfter = 1

// SuggestPoleTerms suggests terms for a pole from the word space of its
// language: as many as limit, or when limit is nil as the caller's
// suggestionsCount setting.
func (s *Service) SuggestPoleTerms(ctx context.Context, id int64, limit *int) (*PoleSuggestions, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if limit != nil && (*limit < SuggestLimitMin || *limit > SuggestLimitMax) {
		msg := fmt.Sprintf("must be from %d to %d", SuggestLimitMin, SuggestLimitMax)
		return nil, Invalid("limit "+msg, FieldError{Field: "limit", Message: msg})
	}
	if !s.suggesting.Take(u.ID) {
		e := Errorf(ETHROTTLED, "%d suggestions of yours are being computed, the most at once: try again in a moment", SuggestionsAtOnce)
		e.RetryAfter = SuggestRetryAfter
		return nil, e
	}
	defer s.suggesting.Give(u.ID)
	p, err := s.Pole(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.wordSpaces == nil {
		return nil, Errorf(ECONFLICT, "no word space is available")
	}
	n := 0
	if limit != nil {
		n = *limit
	} else if n, err = s.suggestionsCount(ctx, u.ID); err != nil {
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

// suggestDepth is how many suggestions are computed whatever the limit:
// the answer is the first limit of them, so that the first N suggestions
// are the same whatever limit asks for (the blend with the project spaces
// and the polarity rule work on the same list).
const suggestDepth = SuggestLimitMax

// rankSuggestions computes the suggestions of pole p, the best first, at
// most suggestDepth: the word space's, blended with the project spaces' of
// the owner's account (texts), without those of the opposite polarity.
func (s *Service) rankSuggestions(ctx context.Context, p *Pole, texts *accountTexts) ([]PoleSuggestion, error) {
	declined, err := s.poleRejections(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	// Every declined term goes to the engines as Declined: it brings no
	// candidates, and neither it nor its inflections and spelling variants
	// are suggested. The engines never suggest a term they are given or
	// told to exclude (WordSpaces, ProjectSpaces): passing every term of
	// the pole is what keeps them out of the suggestions.
	query, exclude := strongestTerms(p.Parts, SuggestQueryTerms)
	query = append(query, declinedTerms(declined)...)
	list, err := s.wordSpaces.Suggest(ctx, p.Language, query, exclude, suggestDepth)
	if err != nil && ErrorCode(err) != ECONFLICT {
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
func withoutFunctionWords(list []PoleSuggestion, lang string) []PoleSuggestion {
	return slices.DeleteFunc(list, func(sg PoleSuggestion) bool {
		words := strings.Fields(analysis.FoldTerm(sg.Term))
		return len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return !analysis.IsStopWord(w, lang) })
	})
}

// strongestTerms splits a pole's parts into the at most n strongest (by
// weight, descending; equal weights in the pole's order), which a
// suggestion is computed from, and the terms of the others.
func strongestTerms(parts []PolePart, n int) ([]WeightedTerm, []string) {
	query := make([]WeightedTerm, 0, min(n, len(parts)))
	var exclude []string
	for _, i := range byStrength(parts) {
		if len(query) < n {
			query = append(query, WeightedTerm{Term: parts[i].Term, Weight: parts[i].Weight})
		} else {
			exclude = append(exclude, parts[i].Term)
		}
	}
	return query, exclude
}

// StrongestParts returns the at most n strongest parts of p, those a
// suggestion is computed from when n is SuggestQueryTerms (by weight,
// descending; equal weights in the pole's order), kept in the pole's
// order. A pole of at most n parts is answered whole.
func (p *Pole) StrongestParts(n int) []PolePart {
	if len(p.Parts) <= n {
		return p.Parts
	}
	keep := byStrength(p.Parts)[:max(n, 0)]
	slices.Sort(keep)
	out := make([]PolePart, len(keep))
	for i, k := range keep {
		out[i] = p.Parts[k]
	}
	return out
}

// byStrength is the indexes of parts by weight, descending, equal weights
// in the parts' order (a stable sort: the same pole, the same order).
func byStrength(parts []PolePart) []int {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(parts[b].Weight, parts[a].Weight) })
	return order
}

// firstSuggestions keeps the first n of a list (the engines' lists
// blended may hold more), never nil.
func firstSuggestions(list []PoleSuggestion, n int) []PoleSuggestion {
	if list == nil {
		return []PoleSuggestion{}
	}
	return list[:min(len(list), n)]
}

// SuggestSlots counts the heavy reads each user has running (suggestions;
// a project's topic evidence, in a count of its own), in memory (per
// instance).
type SuggestSlots struct {
	mu      sync.Mutex
	running map[int64]int
}

// Take counts one more read of user, or answers false when the user has
// SuggestionsAtOnce running.
func (t *SuggestSlots) Take(user int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.running == nil {
		t.running = map[int64]int{}
	}
	if t.running[user] >= SuggestionsAtOnce {
		return false
	}
	t.running[user]++
	return true
}

// Give ends one read of user.
func (t *SuggestSlots) Give(user int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.running[user] <= 1 {
		delete(t.running, user)
		return
	}
	t.running[user]--
}
