package explorer

import (
	"strconv"
	"strings"
)

// PageLimitMax is the largest limit a list takes.
const PageLimitMax = 1000

// Page is a window of a list: at most Limit items (0: all) after the first
// Offset, in the list's order. The store reads one item more than Limit to
// tell whether more follow.
type Page struct {
	Limit, Offset int
}

// ParsePage reads the optional limit and offset of a list request: blank
// means none; otherwise limit is 1 to PageLimitMax and offset 0 or more,
// plain decimal digits. Invalid values are EINVALID naming the parameter.
func ParsePage(limit, offset string) (Page, error) {
	var p Page
	var err error
	if p.Limit, err = pageNumber("limit", limit, 1, PageLimitMax); err != nil {
		return Page{}, err
	}
	if p.Offset, err = pageNumber("offset", offset, 0, 1<<31-1); err != nil {
		return Page{}, err
	}
	if p.Limit == 0 && p.Offset > 0 {
		return Page{}, Invalid("offset needs a limit", FieldError{Field: "offset", Message: "needs a limit"})
	}
	return p, nil
}

func pageNumber(name, v string, lo, hi int) (int, error) {
	if v == "" {
		return 0, nil
	}
	msg := "must be an integer from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
	bad := Invalid(name+" "+msg, FieldError{Field: name, Message: msg})
	if strings.Trim(v, "0123456789") != "" || len(v) > 10 {
		return 0, bad
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, bad
	}
	return n, nil
}

// Next is the page after p.
func (p Page) Next() Page { return Page{Limit: p.Limit, Offset: p.Offset + p.Limit} }

// Prev is the page before p (p itself when p is the first).
func (p Page) Prev() Page { return Page{Limit: p.Limit, Offset: max(0, p.Offset-p.Limit)} }

// SQL is the LIMIT/OFFSET clause that reads p and one item more (empty
// for the whole list), with its arguments.
func (p Page) SQL() (string, []any) {
	if p.Limit <= 0 {
		return "", nil
	}
	return " LIMIT ? OFFSET ?", []any{p.Limit + 1, p.Offset}
}

// CutToPage trims a list read with Page.SQL to the page and reports whether
// more items follow.
func CutToPage[T any](list []T, p Page) ([]T, bool) {
	if p.Limit > 0 && len(list) > p.Limit {
		return list[:p.Limit], true
	}
	return list, false
}

// NonNil is s, or an empty list for nil (a list answers [] rather than
// null).
func NonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
