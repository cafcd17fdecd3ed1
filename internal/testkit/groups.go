package testkit

import (
	"fmt"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/tablefile"
)

// RowsTable builds a model file's table from a header and rows, cells
// split on "|"; row numbers follow the header (row 1).
func RowsTable(header string, rows ...string) *tablefile.Table {
	t := &tablefile.Table{Header: strings.Split(header, "|")}
	for i, r := range rows {
		t.Rows = append(t.Rows, strings.Split(r, "|"))
		t.RowNumbers = append(t.RowNumbers, i+2)
	}
	return t
}

// DescribeGroups writes groups compactly: "Title*" for a pinned group,
// then its topics with their terms in braces.
func DescribeGroups(groups []explorer.Group) string {
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(g.Title)
		if g.Pinned {
			b.WriteString("*")
		}
		b.WriteString("{")
		for i, t := range g.Topics {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%s%q", t.Title, t.Terms)
		}
		b.WriteString("} ")
	}
	return strings.TrimSpace(b.String())
}

// CheckGroups fails unless groups satisfy what every model holds: titles
// trimmed and not empty, terms trimmed, not empty and not repeated (the
// same term: explorer.TermKey).
func CheckGroups(t testing.TB, groups []explorer.Group) {
	t.Helper()
	for _, g := range groups {
		if g.Title == "" || g.Title != strings.TrimSpace(g.Title) {
			t.Fatalf("group title %q", g.Title)
		}
		for _, tp := range g.Topics {
			if tp.Title == "" || tp.Title != strings.TrimSpace(tp.Title) {
				t.Fatalf("topic title %q", tp.Title)
			}
			seen := map[string]bool{}
			for _, term := range tp.Terms {
				k := explorer.TermKey(term)
				if term == "" || term != strings.TrimSpace(term) || seen[k] {
					t.Fatalf("terms %q", tp.Terms)
				}
				seen[k] = true
			}
		}
	}
}
