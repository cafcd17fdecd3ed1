package models_test

import (
	"strings"
	"testing"

	explorer "explorer"
	"explorer/models"
)

// SearchStructure counts every match, answers the window asked for and
// says where each text matched, case not minded, also where lower case
// changes a rune's length.
func TestSearchStructureCountsPagesAndMarks(t *testing.T) {
	groups := []explorer.Group{{ID: 1, Title: "Drinks", Topics: []explorer.Topic{
		{ID: 1, Title: "Soft drinks", Terms: []string{"Cola", "DRINK water", "İstanbul tea"}},
		{ID: 2, Title: "Hot", Terms: []string{"coffee", "hot drink"}},
	}}}
	all, total := models.SearchStructure(groups, " drink ", 0, 50)
	if total != 4 || len(all) != 4 {
		t.Fatalf("%d of %d matches", len(all), total)
	}
	var marked []string
	for _, m := range all {
		marked = append(marked, m.Text[:m.Start]+"["+m.Text[m.Start:m.End]+"]"+m.Text[m.End:])
	}
	want := []string{"[Drink]s", "Soft [drink]s", "[DRINK] water", "hot [drink]"}
	if strings.Join(marked, "|") != strings.Join(want, "|") {
		t.Fatalf("marked %q", marked)
	}
	page, total := models.SearchStructure(groups, "drink", 2, 5)
	if total != 4 || len(page) != 2 || page[0].Text != "DRINK water" || page[1].Text != "hot drink" {
		t.Fatalf("window from 2: %d of %d: %+v", len(page), total, page)
	}
	tr, _ := models.SearchStructure(groups, "İSTANBUL", 0, 50)
	if len(tr) != 1 || tr[0].Text[tr[0].Start:tr[0].End] != "İstanbul" {
		t.Fatalf("İstanbul: %+v", tr)
	}
	tr, _ = models.SearchStructure(groups, "i", 0, 50)
	for _, m := range tr {
		if m.End <= m.Start || m.End > len(m.Text) {
			t.Fatalf("bad mark %+v", m)
		}
	}
	if m, n := models.SearchStructure(groups, "  ", 0, 50); m != nil || n != 0 {
		t.Fatalf("blank search: %v %d", m, n)
	}
}
