package tablefile_test

import (
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
	"explorer/models"
)

func TestGroupsFromTable(t *testing.T) {
	tests := []struct {
		name  string
		table *tablefile.Table
		want  string
	}{
		{"the documentation's example", testkit.RowsTable("Index|Label|Terms|Pinned",
			"1|Burger|burger, cheeseburger, veggie burger|true",
			"2|Fries|fries, chips, the chips|false",
			"3.1|Nice|nice, good|",
			"3.2|Sweet|sweet,|",
			"4|Soda|soda, drinks|FALSE"),
			`Burger*{Burger["burger" "cheeseburger" "veggie burger"]} Fries{Fries["fries" "chips" "the chips"]} Nice{Nice["nice" "good"] Sweet["sweet"]} Soda{Soda["soda" "drinks"]}`},
		{"groups by N, topics by M, bare N first", testkit.RowsTable("Index|Label|Terms",
			"2.10|Ten|t", "2.2|Two|t", "1|One|o", "2|Group|g", "2.1|First|f"),
			`One{One["o"]} Group{Group["g"] First["f"] Two["t"] Ten["t"]}`},
		{"a bare N row without terms only names its group", testkit.RowsTable("Index|Label|Terms",
			"1|Food||", "1.1|Burgers|burger", "1.2|Fries|fries"),
			`Food{Burgers["burger"] Fries["fries"]}`},
		{"a group row carrying only its index takes its first topic's label", testkit.RowsTable("Index|Label|Terms|Pinned",
			"1|Burger|burger|", "3||", "3.2|Sweet|sweet|", "3.1|Nice|nice, good|", "4| | |true", "4.1|Soda|soda|"),
			`Burger{Burger["burger"]} Nice{Nice["nice" "good"] Sweet["sweet"]} Soda*{Soda["soda"]}`},
		{"a lone bare N row without terms is a topic", testkit.RowsTable("Index|Label|Terms", "1|Empty|"),
			`Empty{Empty[]}`},
		{"without a bare row the first topic names the group", testkit.RowsTable("Index|Label|Terms",
			"5.2|Second|b", "5.1|First|a"),
			`First{First["a"] Second["b"]}`},
		{"terms trimmed, empties and repeats in any case dropped", testkit.RowsTable("Index|Label|Terms",
			"1|T| a ,,A, b , ,B,c,"),
			`T{T["a" "b" "c"]}`},
		{"header names trimmed, any case, other columns ignored", testkit.RowsTable(" iNdEx |Notes| LABEL|terms |PINNED",
			"1|x|A|a|True"),
			`A*{A["a"]}`},
		{"the first of repeated columns", testkit.RowsTable("Index|Label|Terms|Terms", "1|A|a|b"),
			`A{A["a"]}`},
		{"pinned in any case, 1/0 and blank", testkit.RowsTable("Index|Label|Terms|Pinned",
			"1|A|a|TRUE", "2|B|b|0", "3|C|c|1", "4|D|d|", "5|E|e|fAlSe"),
			`A*{A["a"]} B{B["b"]} C*{C["c"]} D{D["d"]} E{E["e"]}`},
		{"a pinned topic row pins its group", testkit.RowsTable("Index|Label|Terms|Pinned",
			"1.1|A|a|false", "1.2|B|b|true"),
			`A*{A["a"] B["b"]}`},
		{"rows blank in the model columns are skipped", testkit.RowsTable("Index|Label|Terms|Notes",
			"1|A|a|", " | |  |a note", "2|B|b|"),
			`A{A["a"]} B{B["b"]}`},
		{"index and label cells trimmed", testkit.RowsTable("Index|Label|Terms", " 01.02 | Lbl |x"),
			`Lbl{Lbl["x"]}`},
		{"repeated indexes keep the file's order", testkit.RowsTable("Index|Label|Terms", "1.1|A|a", "1.1|B|b"),
			`A{A["a"] B["b"]}`},
		{"short rows", &tablefile.Table{Header: []string{"Index", "Label", "Terms", "Pinned"}, Rows: [][]string{{"1", "A"}}, RowNumbers: []int{2}},
			`A{A[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			groups, err := tablefile.GroupsFromTable(tt.table)
			if err != nil {
				t.Fatal(err)
			}
			if got := testkit.DescribeGroups(groups); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
			for _, g := range groups {
				if g.ID != 0 {
					t.Fatalf("ids assigned: %+v", g)
				}
			}
		})
	}
}

func TestGroupsFromTableErrors(t *testing.T) {
	tests := []struct {
		name   string
		table  *tablefile.Table
		detail string
		fields int
	}{
		{"missing Terms", testkit.RowsTable("Index|Label", "1|A"), "lacks the column Terms", 1},
		{"missing all", testkit.RowsTable("Nothing", "x"), "lacks the columns Index, Label, Terms", 3},
		{"Index x.1", testkit.RowsTable("Index|Label|Terms", "1|A|a", "x.1|B|b"), `row 3: Index "x.1"`, 1},
		{"Index 1.", testkit.RowsTable("Index|Label|Terms", "1.|A|a"), "row 2: Index", 1},
		{"Index .1", testkit.RowsTable("Index|Label|Terms", ".1|A|a"), "row 2: Index", 1},
		{"Index -1", testkit.RowsTable("Index|Label|Terms", "-1|A|a"), "row 2: Index", 1},
		{"Index +1", testkit.RowsTable("Index|Label|Terms", "+1|A|a"), "row 2: Index", 1},
		{"Index 1.0", testkit.RowsTable("Index|Label|Terms", "1.0|A|a"), "row 2: Index", 1},
		{"Index too long", testkit.RowsTable("Index|Label|Terms", "1234567890|A|a"), "row 2: Index", 1},
		{"Index empty", testkit.RowsTable("Index|Label|Terms", "|A|a"), `row 2: Index ""`, 1},
		{"Pinned maybe", testkit.RowsTable("Index|Label|Terms|Pinned", "1|A|a|yes", "2|B|b|maybe"), `row 2: Pinned "yes"`, 2},
		{"Label empty", testkit.RowsTable("Index|Label|Terms", "1| |a"), "row 2: Label must not be empty", 1},
		{"index only, no topic rows", testkit.RowsTable("Index|Label|Terms", "3||", "4|D|d"), "row 2: Label must not be empty", 1},
		{"index and terms, no label", testkit.RowsTable("Index|Label|Terms", "3||x", "3.1|A|a"), "row 2: Label must not be empty", 1},
		{"Label too long", testkit.RowsTable("Index|Label|Terms", "1|"+strings.Repeat("x", models.TopicTitleMax+1)+"|a"), "row 2: Label must be at most", 1},
		{"term too long", testkit.RowsTable("Index|Label|Terms", "1|A|a,"+strings.Repeat("x", models.TermMax+1)), "row 2: a term is longer", 1},
		{"no topic rows", testkit.RowsTable("Index|Label|Terms"), "no topic rows", 1},
		{"only blank rows", testkit.RowsTable("Index|Label|Terms", "||"), "no topic rows", 1},
		{"row numbers from the file", &tablefile.Table{Header: []string{"Index", "Label", "Terms"}, Rows: [][]string{{"1", "A", "a"}, {"z", "B", "b"}}, RowNumbers: []int{5, 9}}, "row 9:", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tablefile.GroupsFromTable(tt.table)
			e := explorer.AsError(err)
			if err == nil || e.Code != explorer.EINVALID {
				t.Fatalf("error %v, want EINVALID", err)
			}
			if !strings.Contains(e.Message, tt.detail) {
				t.Fatalf("message %q lacks %q", e.Message, tt.detail)
			}
			if len(e.Fields) != tt.fields {
				t.Fatalf("fields %+v, want %d", e.Fields, tt.fields)
			}
		})
	}
}

func TestHasModelColumns(t *testing.T) {
	for header, want := range map[string]bool{
		"Index|Label|Terms":         true,
		" index |LABEL|Terms|Other": true,
		"\uFEFFIndex|Label|Terms":   true,
		"Index|Label":               false,
		"Idx|Label|Terms":           false,
		"":                          false,
	} {
		if got := tablefile.HasModelColumns(strings.Split(header, "|")); got != want {
			t.Errorf("%q: %v, want %v", header, got, want)
		}
	}
}

// FuzzGroupsFromTable feeds tables (rows on lines, cells split on |) to
// the rows-to-groups rules: they either fail with EINVALID or give groups
// every model may hold.
func FuzzGroupsFromTable(f *testing.F) {
	for _, seed := range []string{
		"Index|Label|Terms|Pinned\n1|Burger|burger, cheeseburger|true\n3.1|Nice|nice, good|\n3.2|Sweet|sweet,|\n",
		"index|label|terms\n2.2|B|b\n2|G|\n2.1|A|a, A, ,a\n",
		"Index|Label|Terms\nx.1|A|a\n",
		"Index|Label|Terms|Pinned\n1|A|a|maybe\n",
		"Index|Label\n1|A\n",
		"Index|Label|Terms\n",
		" Index |Label|Terms|x\n01.002| L |t||\n||||\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		tab := &tablefile.Table{Header: strings.Split(lines[0], "|")}
		for i, l := range lines[1:] {
			tab.Rows = append(tab.Rows, strings.Split(l, "|"))
			tab.RowNumbers = append(tab.RowNumbers, i+2)
		}
		groups, err := tablefile.GroupsFromTable(tab)
		if err != nil {
			if explorer.ErrorCode(err) != explorer.EINVALID {
				t.Fatalf("error %v", err)
			}
			return
		}
		if len(groups) == 0 {
			t.Fatal("no groups and no error")
		}
		for _, g := range groups {
			if len(g.Topics) == 0 {
				t.Fatalf("group %q without topics", g.Title)
			}
		}
		testkit.CheckGroups(t, groups)
	})
}

func TestModelRowsRefuseACellTooLongForASpreadsheet(t *testing.T) {
	terms := make([]string, 0, 3000)
	for i := range cap(terms) {
		terms = append(terms, strings.Repeat("x", 8)+string(rune('a'+i%26))+strings.Repeat("y", i%7))
	}
	groups := []explorer.Group{{Title: "Big", Topics: []explorer.Topic{{Title: "Big", Terms: terms}}}}
	if _, err := tablefile.ModelRows(groups); explorer.ErrorCode(err) != explorer.ECONFLICT || !strings.Contains(err.Error(), `"Big"`) {
		t.Fatalf("over-long cell: %v", err)
	}
	rows, err := tablefile.ModelRows([]explorer.Group{{Title: "Small", Topics: []explorer.Topic{{Title: "Small", Terms: terms[:100]}}}})
	if err != nil || len(rows) != 1 || rows[0].Pinned != "false" {
		t.Fatalf("rows %+v %v", rows, err)
	}
}
