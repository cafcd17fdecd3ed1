package explorer

import "slices"

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
