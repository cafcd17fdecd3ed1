package explorer

import (
	"context"
	"fmt"
	"strings"
)

// RowBatch is how many rows an import hands to the store at once.
const RowBatch = 500

// TableSource is an uploaded table file (a project import), read row by
// row: the one reading path of every upload. Package internal/tablefile
// implements it with package sheet, which checks the file's type against
// its content, and reads model files through it too (ModelFile).
type TableSource interface {
	// StreamTable reads the file within limits: header is called once
	// with the first non-blank row, then row for each further non-blank
	// row with its number in the file. In a workbook the first sheet
	// whose header accept takes is read (nil: the first sheet with a
	// row). It returns the encoding the file was read with ("" for
	// workbooks). Errors are *Error values: EUNSUPPORTED for a file type
	// or content that is not a table, ETOOLARGE past a limit, EINVALID
	// for a file that cannot be read.
	StreamTable(ctx context.Context, limits TableLimits, accept func([]string) bool, header func([]string) error, row func(num int, cells []string) error) (string, error)
}

// CheckHeader trims the header's names and drops blank names at its end
// (spreadsheets often carry empty columns); a blank name before a named
// column, or no name at all, is EINVALID.
func CheckHeader(h []string) ([]string, error) {
	out := make([]string, len(h))
	for i, v := range h {
		out[i] = strings.TrimSpace(strings.TrimPrefix(v, "\uFEFF"))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return nil, MissingHeader()
	}
	for i, v := range out {
		if v == "" {
			return nil, Invalid(fmt.Sprintf("the header row has no name for column %d: the first row must name every column", i+1),
				FieldError{Field: "file", Message: fmt.Sprintf("column %d has no name", i+1)})
		}
	}
	return out, nil
}

// MissingHeader is the error of a table with no header row.
func MissingHeader() error {
	return Invalid("the file has no header row: the first row must name the columns", FieldError{Field: "file", Message: "has no header row"})
}
