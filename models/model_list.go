package models

import (
	"context"

	"explorer"
)

// ModelList is the window of the caller's models (owned and shared) that
// q selects, newest first by default, with their counts, and how many
// models q selects.
func (s *Service) ModelList(ctx context.Context, q explorer.ListQuery) ([]ModelRow, int, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, 0, err
	}
	if err := q.Check(ModelSorts); err != nil {
		return nil, 0, err
	}
	list, total, err := s.store.ListModels(ctx, u.ID, q)
	if err != nil {
		return nil, 0, err
	}
	list, _ = explorer.CutToPage(list, q.Page)
	out := make([]ModelRow, len(list))
	for i, m := range list {
		out[i] = ModelRow{ModelInfo: m.Info(), ModelCounts: m.Counts}
	}
	return out, total, nil
}
