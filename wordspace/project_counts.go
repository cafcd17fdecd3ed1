package wordspace

import (
	"context"

	"explorer"
)

// WordCounts implements explorer.ProjectSpaces: how many times each term
// occurs in the texts the spaces were trained on, summed over them (0 for
// a term a space does not hold: one occurring fewer than ProjectMinCount
// times in a project's texts, or beyond its first ProjectMaxTexts texts).
func (p *ProjectSpaces) WordCounts(ctx context.Context, spaces []explorer.StoredProjectSpace, terms []string) ([]int64, error) {
	out := make([]int64, len(terms))
	for _, sp := range spaces {
		s, err := p.space(ctx, sp)
		if err != nil {
			return nil, err
		}
		if s == nil {
			continue // deleted or built again since it was listed, or damaged
		}
		for i, t := range terms {
			if id, ok := s.Lookup(t); ok {
				out[i] += s.Count(id)
			}
		}
	}
	return out, nil
}
