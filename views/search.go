package views

// ListSearch is the search and order of a list page as its form shows
// them, and Note, what the search looked at ("" when it saw everything).
type ListSearch struct {
	Q, Sort, Note string
	Desc          bool
}
