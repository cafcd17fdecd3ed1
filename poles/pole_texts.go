package poles

import (
	"context"
	"slices"

	"explorer"
)

// accountTexts is what one suggestion reads of the texts of the pole
// owner's account: its project spaces of the pole's language (read once
// per suggestion) and the counts of the words already asked of them.
type accountTexts struct {
	spaces []explorer.StoredProjectSpace
	counts map[string]int64
}

// accountSpaces are the project spaces serving pole p: those of its
// owner's paying account in the pole's language (none without), at most
// SuggestSpacesMost.
func (s *Service) accountSpaces(ctx context.Context, p *Pole) (*accountTexts, error) {
	texts := &accountTexts{counts: map[string]int64{}}
	if s.projectSpaces == nil {
		return texts, nil
	}
	// One cheap read for a language no account has a space of.
	if has, err := s.store.AnyProjectSpaces(ctx, p.Language); err != nil || !has {
		return texts, err
	}
	owner := explorer.UserFromContext(ctx)
	if owner == nil || owner.ID != p.OwnerID {
		var err error
		if owner, err = s.store.FindUserByID(ctx, p.OwnerID); err != nil {
			return nil, err
		}
	}
	payer, err := s.root.Payer(ctx, owner)
	if err != nil {
		return nil, err
	}
	versions, err := s.store.ProjectSpaceVersions(ctx, payer.ID, p.Language, SuggestSpacesMost)
	if err != nil {
		return nil, err
	}
	texts.spaces = make([]explorer.StoredProjectSpace, len(versions))
	for i, v := range versions {
		texts.spaces[i] = explorer.StoredProjectSpace{ProjectSpaceVersion: v, Load: func(ctx context.Context) ([]byte, error) {
			return s.store.ProjectSpaceData(ctx, v.Project, v.Version)
		}}
	}
	return texts, nil
}

// wordCounts answers how many times each term occurs in the texts (all 0
// without project spaces), asking the spaces only the terms not counted
// yet: one walk of the spaces serves every list of one suggestion.
func (s *Service) wordCounts(ctx context.Context, texts *accountTexts, terms []string) ([]int64, error) {
	out := make([]int64, len(terms))
	if len(texts.spaces) == 0 {
		return out, nil
	}
	var missing []string
	for _, t := range terms {
		if _, ok := texts.counts[t]; !ok && !slices.Contains(missing, t) {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		counts, err := s.projectSpaces.WordCounts(ctx, texts.spaces, missing)
		if err != nil {
			return nil, err
		}
		for i, t := range missing {
			texts.counts[t] = counts[i]
		}
	}
	for i, t := range terms {
		out[i] = texts.counts[t]
	}
	return out, nil
}

// textFrequencies sets the Frequency of each suggestion: its occurrences
// in the texts of the pole owner's account of the pole's language, as its
// project spaces counted them; 0 when the account has none.
func (s *Service) textFrequencies(ctx context.Context, texts *accountTexts, list []explorer.PoleSuggestion) error {
	counts, err := s.wordCounts(ctx, texts, suggestionTerms(list))
	if err != nil {
		return err
	}
	for i := range list {
		list[i].Frequency = int(min(counts[i], int64(^uint(0)>>1)))
	}
	return nil
}

// SuggestSpacesMost bounds the project spaces one suggestion reads: those
// of the newest SuggestSpacesMost projects (by id) of the account in the
// pole's language, so that an account of hundreds of projects does not
// load hundreds of spaces for each suggestion.
const SuggestSpacesMost = 8
