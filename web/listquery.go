package web

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	explorer "explorer"
	"explorer/views"

	"github.com/gofiber/fiber/v2"
)

// listQueryMax is the longest search text, in characters.
const listQueryMax = 100

// listQuery is the search and order of a page's list:
// ?q=TEXT&sort=KEY&dir=asc|desc. The zero value lists everything in the
// list's own order.
type listQuery struct {
	Q    string
	Sort string
	Desc bool
}

// readListQuery reads q, sort and dir; sort must be one of sorts ("" is
// the list's own order). Bad values are EINVALID naming the parameter.
func readListQuery(c *fiber.Ctx, sorts []string) (listQuery, error) {
	q := listQuery{Q: strings.TrimSpace(c.Query("q")), Sort: c.Query("sort")}
	if err := explorer.CheckText("q", q.Q); err != nil {
		return q, err
	}
	if utf8.RuneCountInString(q.Q) > listQueryMax {
		msg := "must be at most " + strconv.Itoa(listQueryMax) + " characters"
		return q, explorer.Invalid("search "+msg, explorer.FieldError{Field: "q", Message: msg})
	}
	if q.Sort != "" && !slices.Contains(sorts, q.Sort) {
		msg := "must be one of " + strings.Join(sorts, ", ")
		return q, explorer.Invalid("sort "+msg, explorer.FieldError{Field: "sort", Message: msg})
	}
	switch c.Query("dir") {
	case "", "asc":
	case "desc":
		q.Desc = true
	default:
		return q, explorer.Invalid("dir must be asc or desc", explorer.FieldError{Field: "dir", Message: "must be asc or desc"})
	}
	return q, nil
}

// matches tells whether one of fields holds the search text, in any case.
func (q listQuery) matches(fields ...string) bool {
	if q.Q == "" {
		return true
	}
	want := strings.ToLower(q.Q)
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f), want) {
			return true
		}
	}
	return false
}

// searchList filters items by the search text (text gives an item's
// searchable fields), orders them by the sort's key (keys gives an
// item's value for each sort; numbers compare as numbers) and cuts the
// window page out. The list's own order breaks ties; without a sort,
// descending reverses the list's own order.
func searchList[T any](items []T, q listQuery, page explorer.Page, text func(T) []string, key func(T, string) sortKey) ([]T, bool) {
	out := make([]T, 0, len(items))
	for _, it := range items {
		if q.matches(text(it)...) {
			out = append(out, it)
		}
	}
	if q.Sort != "" {
		slices.SortStableFunc(out, func(a, b T) int {
			r := key(a, q.Sort).compare(key(b, q.Sort))
			if q.Desc {
				r = -r
			}
			return r
		})
	} else if q.Desc {
		slices.Reverse(out)
	}
	if page.Limit <= 0 {
		return out, false
	}
	start := min(page.Offset, len(out))
	end := min(start+page.Limit, len(out))
	return out[start:end], end < len(out)
}

// sortKey is an item's value for an order: text (in any case) or a number.
type sortKey struct {
	s string
	n int64
}

func textKey(s string) sortKey { return sortKey{s: strings.ToLower(s)} }
func numKey(n int64) sortKey   { return sortKey{n: n} }

func (k sortKey) compare(o sortKey) int {
	if c := cmp.Compare(k.s, o.s); c != 0 {
		return c
	}
	return cmp.Compare(k.n, o.n)
}

// readListState reads a list page's place from the URL: q, sort (one of
// sorts), dir (asc or desc; without it the key's own first direction:
// newest first for the default order), page (from 1) and size (one of
// views.ListSizes). A bad search, sort or direction is EINVALID naming
// it; a page or size that is not one falls back to the first page and
// the default size.
func readListState(c *fiber.Ctx, path string, sorts []string, descFirst ...string) (views.ListState, explorer.ListQuery, error) {
	s := views.ListState{Path: path, Size: views.ListSizeDefault, Page: 1, DescFirst: descFirst}
	q, err := readListQuery(c, sorts)
	if err != nil {
		return s, explorer.ListQuery{}, err
	}
	s.Q, s.Sort, s.Desc = q.Q, q.Sort, q.Desc
	if s.Sort == "created" {
		s.Sort = ""
	}
	if c.Query("dir") == "" && s.Sort == "" {
		s.Desc = true
	}
	if n, err := strconv.Atoi(c.Query("size")); err == nil && slices.Contains(views.ListSizes, n) {
		s.Size = n
	}
	if n, err := strconv.Atoi(c.Query("page")); err == nil && n >= 1 && n <= explorer.PageLimitMax*1000 {
		s.Page = n
	}
	return s, listQueryOf(s), nil
}

// listQueryOf is the store's query of a list page's place.
func listQueryOf(s views.ListState) explorer.ListQuery {
	return explorer.ListQuery{Q: s.Q, Sort: s.Sort, Desc: s.Desc, Page: explorer.Page{Limit: s.Size, Offset: (s.Page - 1) * s.Size}}
}

// ids reads the ids of the items a bulk form chose (name "id"), each
// once, in their order; a malformed one is EINVALID.
func formIDs(c *fiber.Ctx) ([]int64, error) {
	most := views.ListSizes[len(views.ListSizes)-1]
	var out []int64
	seen := map[int64]bool{}
	// The ids are kept as they are read, and reading stops past the most
	// a page shows: a body of many ids costs no more than a page's worth.
	for _, raw := range c.Context().PostArgs().PeekMulti("id") {
		id, ok := explorer.ParseID(string(raw))
		if !ok {
			return nil, explorer.Invalid("choose items of the list", explorer.FieldError{Field: "id", Message: "is not an item of the list"})
		}
		if seen[id] {
			continue
		}
		if len(out) == most {
			return nil, explorer.Invalid(fmt.Sprintf("choose at most %d items at once", most), explorer.FieldError{Field: "id", Message: fmt.Sprintf("at most %d at once", most)})
		}
		seen[id] = true
		out = append(out, id)
	}
	if len(out) == 0 {
		return nil, explorer.Invalid("choose at least one item of the list", explorer.FieldError{Field: "id", Message: "choose at least one"})
	}
	return out, nil
}

// stateWindow is the window of a list read whole (a user's tokens, the
// users), given in the order of creation, that a list page's place
// selects: searched, sorted by key (newest first by default) and cut to
// its page; it sets the state's total.
func stateWindow[T any](items []T, st *views.ListState, text func(T) []string, key func(T, string) sortKey) []T {
	all, _ := searchList(items, listQuery{Q: st.Q, Sort: st.Sort, Desc: st.Desc}, explorer.Page{}, text, key)
	st.Total = len(all)
	start := min((st.Page-1)*st.Size, len(all))
	return all[start:min(start+st.Size, len(all))]
}
