package explorer

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// ProjectSpaces keeps word spaces trained on projects' texts, one per
// project, by account. Implemented by package wordspace.
//
// BuildProjectSpace trains the space of a project from its texts (texts
// calls fn with each, and may be called twice: one pass counts, one
// trains), replacing any the project had. SuggestFromProjects answers the
// suggestions of the account's project spaces of a language (none, and no
// error, when it has none), leaving out terms and exclude as
// WordSpaces.Suggest does. RemoveProjectSpace forgets a project's space.
type ProjectSpaces interface {
	BuildProjectSpace(ctx context.Context, account, project int64, language string, texts func(fn func(string)) error) (ProjectSpaceInfo, error)
	SuggestFromProjects(ctx context.Context, account int64, language string, terms []WeightedTerm, exclude []string, limit int) ([]PoleSuggestion, error)
	RemoveProjectSpace(account, project int64) error
}

// ProjectSpaceInfo describes a project's trained space.
type ProjectSpaceInfo struct {
	Language string
	// Texts is the number of texts read, Words the number of words the
	// space holds.
	Texts, Words int
	Took         time.Duration
}

// BuildProjectSpace trains a word space on the text column a project was
// last explored with, in the language it was explored in; the space then
// takes part in the suggestions of the account's poles of that language.
func (s *Service) BuildProjectSpace(ctx context.Context, projectID int64) (ProjectSpaceInfo, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	if s.projectSpaces == nil {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "this server keeps no project word spaces")
	}
	p, err := s.ownProject(ctx, u, projectID)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	if p.Status != ProjectReady && p.Status != ProjectExplored {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "project %d is %s: its words can be learnt when it is READY or EXPLORED", p.ID, p.Status)
	}
	col := columnIndex(p, p.TextColumn)
	if p.TextColumn == "" || col < 0 {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "project %d has not been explored: explore a text column first", p.ID)
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	payer, err := s.payer(ctx, u)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	return s.projectSpaces.BuildProjectSpace(ctx, payer.ID, p.ID, lang, s.columnTexts(ctx, p, col))
}

// projectSuggestions blends the suggestions of the pole owner's account's
// project spaces into list (the thesaurus space's): a term both answer
// ranks by the sum of its two summed cosines, so the project's texts
// re-rank the thesaurus words; a term only the texts know (a product
// name, slang, a misspelling) ranks by its own. Without project spaces,
// list is returned as it is.
func (s *Service) projectSuggestions(ctx context.Context, p *Pole, list []PoleSuggestion, query []WeightedTerm, exclude []string, n int) ([]PoleSuggestion, error) {
	if s.projectSpaces == nil {
		return list, nil
	}
	owner, err := s.store.FindUserByID(ctx, p.OwnerID)
	if err != nil {
		return nil, err
	}
	payer, err := s.payer(ctx, owner)
	if err != nil {
		return nil, err
	}
	own, err := s.projectSpaces.SuggestFromProjects(ctx, payer.ID, p.Language, query, exclude, n)
	if err != nil || len(own) == 0 {
		return list, err
	}
	return blendSuggestions(list, own), nil
}

// blendSuggestions merges the thesaurus space's suggestions with the
// project spaces', ordered by summed cosine over both (descending, then
// term); a term's fields are the thesaurus space's when it has them.
func blendSuggestions(list, own []PoleSuggestion) []PoleSuggestion {
	score := map[string]float64{}
	byKey := map[string]PoleSuggestion{}
	var keys []string
	for _, l := range [][]PoleSuggestion{list, own} {
		for _, sg := range l {
			k := TermKey(sg.Term)
			if _, ok := byKey[k]; !ok {
				byKey[k] = sg
				keys = append(keys, k)
			}
			score[k] += sg.SumCosine
		}
	}
	out := make([]PoleSuggestion, len(keys))
	for i, k := range keys {
		out[i] = byKey[k]
	}
	slices.SortStableFunc(out, func(a, b PoleSuggestion) int {
		return cmp.Compare(score[TermKey(b.Term)], score[TermKey(a.Term)])
	})
	return out
}

// removeProjectSpace forgets the space of a deleted project, if it had one.
func (s *Service) removeProjectSpace(ctx context.Context, u *User, projectID int64) error {
	if s.projectSpaces == nil {
		return nil
	}
	payer, err := s.payer(ctx, u)
	if err != nil {
		return err
	}
	return s.projectSpaces.RemoveProjectSpace(payer.ID, projectID)
}
