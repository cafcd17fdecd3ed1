package sheet

import (
	"context"
	"io"
)

// Read reads a whole table. accept picks the header: in a workbook the first
// worksheet whose first non-blank row satisfies accept is read; when none
// does, the first worksheet that has a non-blank row is read, so that the
// caller can report what its header lacks. In a CSV file the first
// non-blank row is the header (after an Excel "sep=;" line, which also
// names the delimiter). A nil accept accepts any header. Blank rows (every
// cell empty or white space) are skipped. Errors are *Error values:
// Unsupported when the content does not match kind, TooLarge over the
// limits of opts, Invalid for unreadable files and long cells, Cancelled
// when ctx was cancelled; a callback's error is returned as it is, and an
// error reading r is neither.
func Read(ctx context.Context, r io.ReaderAt, size int64, kind Kind, opts Options, accept func(header []string) bool) (*Table, error) {
	t := &Table{}
	e := &emitter{
		pad: true,
		header: func(header []string) error {
			t.Header = header
			return nil
		},
		row: func(num int, cells []string) error {
			t.Rows = append(t.Rows, cells)
			t.RowNumbers = append(t.RowNumbers, num)
			return nil
		},
	}
	enc, err := stream(ctx, r, size, kind, opts, accept, e)
	if err != nil {
		return nil, err
	}
	t.Encoding = enc
	t.HeaderRow = e.headerRow
	return t, nil
}
