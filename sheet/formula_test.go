package sheet

import (
	"bytes"
	"context"
	"testing"
)

func TestEscapeFormula(t *testing.T) {
	for _, tt := range []struct{ in, out string }{
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-3", "'-3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"'=x", "''=x"},
		{"''-x", "'''-x"},
		{"'tis", "'tis"},
		{"'", "'"},
		{"''", "''"},
		{"", ""},
		{"a=b", "a=b"},
		{" =x", " =x"},
	} {
		if got := EscapeFormula(tt.in); got != tt.out {
			t.Errorf("EscapeFormula(%q) = %q, want %q", tt.in, got, tt.out)
		}
		if got := UnescapeFormula(tt.out); got != tt.in {
			t.Errorf("UnescapeFormula(%q) = %q, want %q", tt.out, got, tt.in)
		}
	}
	// A leading apostrophe before other text is the cell's own.
	for _, s := range []string{"'tis", "'a", "'", "' =x"} {
		if got := UnescapeFormula(s); got != s {
			t.Errorf("UnescapeFormula(%q) = %q", s, got)
		}
	}
}

// The CSV reader removes the apostrophe of an escaped cell; workbooks
// keep their cells as they are.
func TestCSVUnescapesFormulas(t *testing.T) {
	data := []byte("Index,Label,Terms\n1,\"'=HYPERLINK(\"\"x\"\")\",'-a\n2,'tis,''+b\n")
	tab, err := Read(context.Background(), bytes.NewReader(data), int64(len(data)), KindCSV, limited(Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"1", `=HYPERLINK("x")`, "-a"}, {"2", "'tis", "'+b"}}
	for i, row := range want {
		for j, c := range row {
			if tab.Rows[i][j] != c {
				t.Errorf("row %d cell %d: %q, want %q", i, j, tab.Rows[i][j], c)
			}
		}
	}
}
