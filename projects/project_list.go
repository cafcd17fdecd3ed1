package projects

import (
	"context"

	explorer "explorer"
)

// ProjectList is the window of the caller's projects that q selects and
// how many it selects, without the failed imports (FailedImports).
func (s *Service) ProjectList(ctx context.Context, q explorer.ListQuery) ([]*explorer.Project, int, error) {
	return s.projectList(ctx, q, false)
}

// FailedImports is the window of the caller's projects whose import
// failed (they hold no row; only deleting is left) and how many there are.
func (s *Service) FailedImports(ctx context.Context, q explorer.ListQuery) ([]*explorer.Project, int, error) {
	return s.projectList(ctx, q, true)
}

func (s *Service) projectList(ctx context.Context, q explorer.ListQuery, failed bool) ([]*explorer.Project, int, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, 0, err
	}
	if err := q.Check(explorer.ProjectSorts); err != nil {
		return nil, 0, err
	}
	list, total, err := s.store.ListProjects(ctx, u.ID, q, failed)
	if err != nil {
		return nil, 0, err
	}
	list, _ = explorer.CutToPage(list, q.Page)
	return list, total, nil
}
