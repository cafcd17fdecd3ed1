package tablefile

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The XLSX export has column widths, a frozen header row and Pinned as
// booleans; Index stays text.
func TestXLSXLayout(t *testing.T) {
	rows := []ModelRow{
		{Index: "1", Label: "Drinks", Pinned: "true"},
		{Index: "1.1", Label: "Tea", Terms: "tea, chai"},
		{Index: "2", Label: "Food", Pinned: "false"},
	}
	var b bytes.Buffer
	if err := WriteModel(&b, FormatXLSX, rows); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for i, want := range columnWidths {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if w, err := x.GetColWidth("Model", col); err != nil || w != want {
			t.Errorf("column %s width %v, want %v (%v)", col, w, want, err)
		}
	}
	panes, err := x.GetPanes("Model")
	if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.TopLeftCell != "A2" {
		t.Fatalf("panes %+v %v", panes, err)
	}
	for cell, want := range map[string]excelize.CellType{"D2": excelize.CellTypeBool, "D4": excelize.CellTypeBool, "A3": excelize.CellTypeSharedString} {
		typ, err := x.GetCellType("Model", cell)
		if err != nil || (typ != want && !(want == excelize.CellTypeSharedString && typ == excelize.CellTypeInlineString)) {
			t.Errorf("%s type %v, want %v (%v)", cell, typ, want, err)
		}
	}
	if v, _ := x.GetCellValue("Model", "D2"); v != "TRUE" {
		t.Errorf("D2 %q", v)
	}
	if v, _ := x.GetCellValue("Model", "A3"); v != "1.1" {
		t.Errorf("A3 %q", v)
	}
	if v, _ := x.GetCellValue("Model", "D3"); v != "" {
		t.Errorf("D3 %q", v)
	}
}
