package explorer

import (
	"context"
	"slices"
)

// ListQuery is a searched and ordered window of a list the store reads:
// the items whose title (a pole's name) holds Q in any case, ordered by
// Sort (one of the list's keys; "" or "created": by id, the order of
// creation) ascending or descending, ties broken by id the same way, the
// window Page of them.
type ListQuery struct {
	Q    string
	Sort string
	Desc bool
	Page Page
}

// The keys a list sorts by. The store gives each its column.
var (
	ProjectSorts = []string{"created", "title", "status", "rows"}
	PoleSorts    = []string{"created", "name", "language", "terms"}
)

// Check refuses a sort that is not one of sorts.
func (q ListQuery) Check(sorts []string) error {
	if q.Sort != "" && !slices.Contains(sorts, q.Sort) {
		return Invalid("sort must be one of the list's keys", FieldError{Field: "sort", Message: "is not a key of this list"})
	}
	return nil
}

// ProjectList is the window of the caller's projects that q selects and
// how many it selects, without the failed imports (FailedImports).
func (s *Service) ProjectList(ctx context.Context, q ListQuery) ([]*Project, int, error) {
	return s.projectList(ctx, q, false)
}

// FailedImports is the window of the caller's projects whose import
// failed (they hold no row; only deleting is left) and how many there are.
func (s *Service) FailedImports(ctx context.Context, q ListQuery) ([]*Project, int, error) {
	return s.projectList(ctx, q, true)
}

func (s *Service) projectList(ctx context.Context, q ListQuery, failed bool) ([]*Project, int, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, 0, err
	}
	if err := q.Check(ProjectSorts); err != nil {
		return nil, 0, err
	}
	list, total, err := s.store.ListProjects(ctx, u.ID, q, failed)
	if err != nil {
		return nil, 0, err
	}
	list, _ = CutToPage(list, q.Page)
	return list, total, nil
}
