package views

import (
	"context"
	"net/url"
	"strconv"
	"strings"
)

// ListSizes are the page sizes a list offers; the first of them is not
// the default (ListSizeDefault is).
var ListSizes = []int{25, 50, 100}

// ListSizeDefault is a list's page size when the URL names none (or one
// not in ListSizes).
const ListSizeDefault = 50

// ListState is where a list page is: its path, search, order, page and
// size as the URL holds them (?q, sort, dir, page, size), the number of
// items the search selects, and a note on what the search looked at.
type ListState struct {
	Path      string
	Q, Sort   string
	Desc      bool
	Page      int // from 1
	Size      int
	Total     int
	Noun      string // plural of what is listed: "models"
	Singular  string
	DescFirst []string // keys whose first click sorts descending
	// Filter holds the list's other fields of the URL (a filter form's),
	// which every link of the list keeps.
	Filter url.Values
}

// URL is the list's URL with the page, sort and direction changed.
func (s ListState) URL(page int, sort string, desc bool) string {
	v := s.URLFilter()
	if s.Q != "" {
		v.Set("q", s.Q)
	}
	if sort != "" && sort != "created" {
		v.Set("sort", sort)
	}
	if desc != (sort == "" || sort == "created") {
		v.Set("dir", map[bool]string{true: "desc", false: "asc"}[desc])
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if s.Size != ListSizeDefault {
		v.Set("size", strconv.Itoa(s.Size))
	}
	if len(v) == 0 {
		return s.Path
	}
	return s.Path + "?" + v.Encode()
}

// URLFilter is the filter's fields that are not empty.
func (s ListState) URLFilter() url.Values {
	v := url.Values{}
	for k, vs := range s.Filter {
		for _, x := range vs {
			if x != "" {
				v.Add(k, x)
			}
		}
	}
	return v
}

// key is the list's sort key, "created" for its own order.
func (s ListState) key() string {
	if s.Sort == "" {
		return "created"
	}
	return s.Sort
}

// SortURL is the URL a column header links: the list sorted by key from
// the first page; the sorted column's link reverses the direction.
func (s ListState) SortURL(key string) string {
	if s.key() == key {
		return s.URL(1, key, !s.Desc)
	}
	desc := key == "created"
	for _, k := range s.DescFirst {
		desc = desc || k == key
	}
	return s.URL(1, key, desc)
}

// AriaSort is the aria-sort of key's column header.
func (s ListState) AriaSort(key string) string {
	switch {
	case s.key() != key:
		return "none"
	case s.Desc:
		return "descending"
	}
	return "ascending"
}

// Arrow marks the sorted column's header.
func (s ListState) Arrow(key string) string {
	switch s.AriaSort(key) {
	case "ascending":
		return " ▲"
	case "descending":
		return " ▼"
	}
	return ""
}

// Pages is the number of pages of the list (1 when it is empty).
func (s ListState) Pages() int {
	if s.Total == 0 || s.Size <= 0 {
		return 1
	}
	return (s.Total + s.Size - 1) / s.Size
}

// PageLink is one link of a list's pager; Current marks the page shown
// and Gap a run of pages left out.
type PageLink struct {
	Label, URL, Rel string
	Current, Gap    bool
}

// PageLinks are the pager's links: first, previous, the pages up to two
// away from the current one, next, last.
func (s ListState) PageLinks() []PageLink {
	n := s.Pages()
	if n <= 1 {
		return nil
	}
	var out []PageLink
	if s.Page > 1 {
		out = append(out, PageLink{Label: "First", URL: s.URL(1, s.Sort, s.Desc)}, PageLink{Label: "Previous", URL: s.URL(s.Page-1, s.Sort, s.Desc), Rel: "prev"})
	}
	lo, hi := max(1, s.Page-2), min(n, s.Page+2)
	if lo > 1 {
		out = append(out, PageLink{Label: "…", Gap: true})
	}
	for p := lo; p <= hi; p++ {
		out = append(out, PageLink{Label: strconv.Itoa(p), URL: s.URL(p, s.Sort, s.Desc), Current: p == s.Page})
	}
	if hi < n {
		out = append(out, PageLink{Label: "…", Gap: true})
	}
	if s.Page < n {
		out = append(out, PageLink{Label: "Next", URL: s.URL(s.Page+1, s.Sort, s.Desc), Rel: "next"}, PageLink{Label: "Last", URL: s.URL(n, s.Sort, s.Desc)})
	}
	return out
}

// SizeURL is the list's first page at size.
func (s ListState) SizeURL(size int) string {
	t := s
	t.Size = size
	return t.URL(1, s.Sort, s.Desc)
}

// TotalText says how many items the list (its search) holds and which
// are shown: "120 models, 51–100 shown".
func (s ListState) TotalText(ctx context.Context) string {
	text := Count(ctx, s.Total, s.Singular, s.Noun)
	if s.Q != "" || len(s.URLFilter()) > 0 {
		text += " found"
	}
	if s.Total > s.Size {
		first := (s.Page-1)*s.Size + 1
		last := min(s.Total, s.Page*s.Size)
		text += ", " + Number(ctx, int64(first)) + "–" + Number(ctx, int64(last)) + " shown"
	}
	return text
}

// Action is a form's action URL with the list's place, so that its
// answer shows the same page of the list.
func (s ListState) Action(action string) string {
	u := s.URL(s.Page, s.Sort, s.Desc)
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return action + u[i:]
	}
	return action
}
