package api_test

import (
	"net/http"
	"strings"
	"testing"

	"explorer/internal/attack"
	"explorer/internal/testkit"
)

// The spreadsheet attacks of the hardening issue through POST /v1/models:
// each answers a problem naming its limit (or the rule the file breaks)
// and the service stays usable.
func TestUploadAttacks(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	tests := []struct {
		name, file string
		content    []byte
		status     int
		detail     string
	}{
		{"4,000 rows in XFD", "xfd.xlsx", attack.WideColumn(4_000), http.StatusBadRequest, "no topic rows"},
		{"100,000 rows in XFD", "xfd.xlsx", attack.WideColumn(100_000), http.StatusBadRequest, "no topic rows"},
		{"shared string references", "refs.xlsx", attack.SharedRefs(100_000, 32_000), http.StatusRequestEntityTooLarge, "limit of a model file"},
		{"huge CSV line", "line.csv", attack.HugeLineCSV(16 << 20), http.StatusRequestEntityTooLarge, "line 2"},
		{"huge XLS counts", "counts.xls", attack.HugeCountsXLS(), http.StatusBadRequest, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := e.Upload("ann", tt.file, tt.content, "").Expect(t, tt.status).Problem(t)
			if !strings.Contains(p.Detail, tt.detail) {
				t.Fatalf("detail %q lacks %q", p.Detail, tt.detail)
			}
		})
	}
	e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,A,a\n"), "").Expect(t, http.StatusCreated)
}

// A group row carrying only its index takes the label of its first topic
// (issue 12 item 9).
func TestUploadIndexOnlyGroupRow(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	csv := "Index,Label,Terms\n1,Burger,burger\n3,,\n3.1,Nice,\"nice, good\"\n3.2,Sweet,sweet\n"
	var m struct {
		Groups []struct {
			Title  string `json:"title"`
			Topics []struct {
				Title string `json:"title"`
			} `json:"topics"`
		} `json:"groups"`
	}
	e.Upload("ann", "m.csv", []byte(csv), "").Expect(t, http.StatusCreated).JSON(t, &m)
	if len(m.Groups) != 2 || m.Groups[1].Title != "Nice" || len(m.Groups[1].Topics) != 2 || m.Groups[1].Topics[1].Title != "Sweet" {
		t.Fatalf("groups %+v", m.Groups)
	}
	p := e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n3,,\n4,D,d\n"), "").Expect(t, http.StatusBadRequest).Problem(t)
	if !strings.Contains(p.Detail, "row 2: Label must not be empty") {
		t.Fatalf("detail %q", p.Detail)
	}
}
