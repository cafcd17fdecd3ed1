package tablefile

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	explorer "explorer"
	"explorer/models"
	"explorer/sheet"

	"github.com/gocarina/gocsv"
	"github.com/xuri/excelize/v2"
)

// Format is a file format a model is exported in.
type Format string

// The export formats.
const (
	FormatXLSX Format = "xlsx"
	FormatCSV  Format = "csv"
)

// ParseFormat reads a format name in any case; blank is XLSX.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "xlsx":
		return FormatXLSX, nil
	case "csv":
		return FormatCSV, nil
	}
	return "", explorer.Invalid("format must be xlsx or csv", explorer.FieldError{Field: "format", Message: "must be xlsx or csv"})
}

// ParseVersion reads the version a model export asks for (its query
// parameter version): blank is 0, the current version; otherwise a whole
// number of at least 1 (one beyond the model's versions is not found by
// the service). Both peers read it here, so that a bad version gets one
// answer.
func ParseVersion(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return 0, explorer.Invalid("version must be a whole number of at least 1", explorer.FieldError{Field: "version", Message: "must be a whole number of at least 1"})
	}
	return int(min(n, math.MaxInt32)), nil
}

// ContentType is the media type of the format.
func (f Format) ContentType() string {
	if f == FormatCSV {
		return "text/csv; charset=utf-8"
	}
	return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
}

// WriteModel writes the rows of a model export with their header row:
// an XLSX workbook of one sheet "Model" whose cells are text except the
// booleans of Pinned, with column widths and a frozen header row, or a
// comma-separated UTF-8 CSV (with a byte order mark, so that spreadsheet
// programs read it as UTF-8; uploads skip it) whose rows gocsv writes,
// every cell a spreadsheet program would run as a formula escaped with a
// leading apostrophe (sheet.EscapeFormula; the CSV reader removes it).
func WriteModel(w io.Writer, f Format, rows []ModelRow) error {
	if f == FormatCSV {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return err
		}
		safe := make([]ModelRow, len(rows))
		for i, r := range rows {
			safe[i] = ModelRow{Index: sheet.EscapeFormula(r.Index), Label: sheet.EscapeFormula(r.Label),
				Terms: sheet.EscapeFormula(r.Terms), Pinned: sheet.EscapeFormula(r.Pinned)}
		}
		return gocsv.MarshalCSV(safe, gocsv.NewSafeCSVWriter(csv.NewWriter(w)))
	}
	x := excelize.NewFile()
	defer x.Close()
	const sheetName = "Model"
	if err := x.SetSheetName("Sheet1", sheetName); err != nil {
		return err
	}
	sw, err := x.NewStreamWriter(sheetName)
	if err != nil {
		return err
	}
	if err := layoutSheet(x, sw); err != nil {
		return err
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, []any{r.Index, r.Label, r.Terms, pinnedCell(r.Pinned)}); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return x.Write(w)
}

// columnWidths are the widths of Index, Label, Terms and Pinned, in
// characters.
var columnWidths = [...]float64{8, 36, 80, 9}

// layoutSheet gives the sheet its column widths, a bold header row and a
// frozen header (it stays in view while scrolling), and writes the header.
func layoutSheet(x *excelize.File, sw *excelize.StreamWriter) error {
	for i, w := range columnWidths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	bold, err := x.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	header := []any{ColumnIndex, ColumnLabel, ColumnTerms, ColumnPinned}
	for i, h := range header {
		header[i] = excelize.Cell{StyleID: bold, Value: h}
	}
	return sw.SetRow("A1", header)
}

// pinnedCell is the Pinned cell of a row: a boolean for a group's row,
// empty for a topic's.
func pinnedCell(v string) any {
	switch v {
	case "true":
		return true
	case "false":
		return false
	}
	return v
}

// Download is a model export encoded for an answer.
type Download struct {
	Body        []byte
	ContentType string
	// Disposition is the Content-Disposition naming the file.
	Disposition string
}

// NewDownload encodes a version of a model (Service.ExportModel) as a
// model file in format f (see ModelRows).
func NewDownload(m *models.Model, f Format) (*Download, error) {
	rows, err := ModelRows(m.Groups)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := WriteModel(&b, f, rows); err != nil {
		return nil, explorer.Internal(err)
	}
	return &Download{Body: b.Bytes(), ContentType: f.ContentType(), Disposition: ContentDisposition(ExportName(m, f))}, nil
}

// ExportName is the download name of a model export: the title (letters,
// digits, spaces, '-' and '_' kept, others dropped; "model-ID" without
// one) and the version, as in "Menu-v2.xlsx".
func ExportName(e *models.Model, f Format) string {
	base := ""
	if e.Title != nil {
		base = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == ' ' {
				return r
			}
			return -1
		}, *e.Title)
		base = strings.Join(strings.Fields(base), " ")
	}
	if runes := []rune(base); len(runes) > 80 {
		base = strings.TrimSpace(string(runes[:80]))
	}
	if base == "" {
		base = "model-" + strconv.FormatInt(e.ID, 10)
	}
	return fmt.Sprintf("%s-v%d.%s", base, e.Version, f)
}

// ContentDisposition is the Content-Disposition of a download named name
// (RFC 6266): an ASCII filename and, when the name is not ASCII, its
// UTF-8 form in filename* (RFC 8187).
func ContentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	v := `attachment; filename="` + ascii + `"`
	if ascii != name {
		v += "; filename*=UTF-8''" + url.PathEscape(name)
	}
	return v
}
