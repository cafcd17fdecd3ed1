package tablefile

import (
	"encoding/csv"
	"fmt"
	"io"
	"unicode/utf8"

	explorer "explorer"
	"explorer/sheet"

	"github.com/xuri/excelize/v2"
)

// MaxXLSXColumns is the most columns a sheet of an XLSX workbook holds.
const MaxXLSXColumns = 16384

// maxXLSXRows is the most rows a sheet holds, its header included.
const maxXLSXRows = 1048576

// TableWriter writes a table row by row, its first row the header: a
// UTF-8 CSV with a byte order mark, or an XLSX workbook of one sheet with
// a bold, frozen header and column widths from the header and first rows.
// Every cell a spreadsheet program would run as a formula is escaped
// (sheet.EscapeFormula). Close ends the file.
type TableWriter struct {
	format Format
	csv    *csv.Writer
	x      *excelize.File
	sw     *excelize.StreamWriter
	w      io.Writer
	rows   int
	bold   int
}

// NewTableWriter starts a table in format f on w; sheetName names the
// XLSX sheet.
func NewTableWriter(w io.Writer, f Format, sheetName string) (*TableWriter, error) {
	t := &TableWriter{format: f, w: w}
	if f == FormatCSV {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return nil, err
		}
		t.csv = csv.NewWriter(w)
		return t, nil
	}
	t.x = excelize.NewFile()
	if err := t.x.SetSheetName("Sheet1", sheetName); err != nil {
		return nil, err
	}
	var err error
	if t.sw, err = t.x.NewStreamWriter(sheetName); err != nil {
		return nil, err
	}
	if t.bold, err = t.x.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return nil, err
	}
	return t, nil
}

// Write adds a row; the first is the header. A header wider than an XLSX
// sheet is EINVALID naming the limit, as is a row past its last row.
func (t *TableWriter) Write(row []string) error {
	safe := make([]string, len(row))
	for i, c := range row {
		safe[i] = sheet.EscapeFormula(c)
	}
	t.rows++
	if t.csv != nil {
		return t.csv.Write(safe)
	}
	if len(row) > MaxXLSXColumns {
		return explorer.Invalid(fmt.Sprintf("the table has %d columns, more than the %d an XLSX sheet holds: export it as CSV", len(row), MaxXLSXColumns),
			explorer.FieldError{Field: "format", Message: fmt.Sprintf("XLSX holds at most %d columns", MaxXLSXColumns)})
	}
	if t.rows > maxXLSXRows {
		return explorer.Invalid(fmt.Sprintf("the table has more than the %d rows an XLSX sheet holds: export it as CSV", maxXLSXRows),
			explorer.FieldError{Field: "format", Message: fmt.Sprintf("XLSX holds at most %d rows", maxXLSXRows)})
	}
	cells := make([]any, len(safe))
	for i, c := range safe {
		cells[i] = c
		if t.rows == 1 {
			cells[i] = excelize.Cell{StyleID: t.bold, Value: c}
		}
	}
	if t.rows == 1 {
		if err := t.layout(row); err != nil {
			return err
		}
	}
	cell, _ := excelize.CoordinatesToCellName(1, t.rows)
	return t.sw.SetRow(cell, cells)
}

// layout sets the widths (from the header's, between 8 and 60) and
// freezes the header row; it must come before the first row.
func (t *TableWriter) layout(header []string) error {
	for i, h := range header {
		w := float64(min(60, max(8, utf8.RuneCountInString(h)+2)))
		if err := t.sw.SetColWidth(i+1, i+1, w); err != nil {
			return err
		}
	}
	return t.sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
}

// Close ends the table, writing the workbook.
func (t *TableWriter) Close() error {
	if t.csv != nil {
		t.csv.Flush()
		return t.csv.Error()
	}
	defer t.x.Close()
	if err := t.sw.Flush(); err != nil {
		return err
	}
	return t.x.Write(t.w)
}
