package explorer_test

import (
	"strings"
	"testing"

	explorer "explorer"
)

func TestModelRowsRefuseACellTooLongForASpreadsheet(t *testing.T) {
	terms := make([]string, 0, 3000)
	for i := range cap(terms) {
		terms = append(terms, strings.Repeat("x", 8)+string(rune('a'+i%26))+strings.Repeat("y", i%7))
	}
	groups := []explorer.Group{{Title: "Big", Topics: []explorer.Topic{{Title: "Big", Terms: terms}}}}
	if _, err := explorer.ModelRows(groups); explorer.ErrorCode(err) != explorer.ECONFLICT || !strings.Contains(err.Error(), `"Big"`) {
		t.Fatalf("over-long cell: %v", err)
	}
	rows, err := explorer.ModelRows([]explorer.Group{{Title: "Small", Topics: []explorer.Topic{{Title: "Small", Terms: terms[:100]}}}})
	if err != nil || len(rows) != 1 || rows[0].Pinned != "false" {
		t.Fatalf("rows %+v %v", rows, err)
	}
}
