package sheet

import (
	"fmt"
	"io"
)

// sheetRows iterates over the rows of one worksheet. next returns io.EOF
// after the last row.
type sheetRows interface {
	next() (num int, cells []string, err error)
	close()
}

// workbook is a file of several worksheets.
type workbook interface {
	sheetCount() int
	open(i int) (sheetRows, error)
}

// streamWorkbook picks the worksheet whose first non-blank row accept
// takes as header (else the first worksheet that has a non-blank row) and
// streams its rows to e.
func streamWorkbook(wb workbook, accept func([]string) bool, e *emitter) error {
	fallback := -1
	for i := 0; i < wb.sheetCount(); i++ {
		rows, num, header, err := openAtHeader(wb, i)
		if err != nil {
			return err
		}
		if rows == nil {
			continue
		}
		if accept(header) {
			return runSheet(rows, num, header, e)
		}
		rows.close()
		if fallback < 0 {
			fallback = i
		}
	}
	if fallback < 0 {
		return noHeader()
	}
	rows, num, header, err := openAtHeader(wb, fallback)
	if err != nil {
		return err
	}
	if rows == nil {
		return noHeader()
	}
	return runSheet(rows, num, header, e)
}

// openAtHeader opens worksheet i and reads up to its first non-blank row.
// rows is nil when the worksheet has none.
func openAtHeader(wb workbook, i int) (rows sheetRows, num int, header []string, err error) {
	rows, err = wb.open(i)
	if err != nil {
		return nil, 0, nil, err
	}
	for {
		num, cells, err := rows.next()
		if err == io.EOF {
			rows.close()
			return nil, 0, nil, nil
		}
		if err != nil {
			rows.close()
			return nil, 0, nil, err
		}
		if !isBlank(cells) {
			return rows, num, trimTrailingEmpty(cells), nil
		}
	}
}

// widthLimiter is a sheetRows that can skip cells past a column.
type widthLimiter interface{ limitWidth(n int) }

func runSheet(rows sheetRows, num int, header []string, e *emitter) error {
	defer rows.close()
	if err := e.start(num, header); err != nil {
		return err
	}
	if w, ok := rows.(widthLimiter); ok {
		w.limitWidth(e.width)
	}
	for {
		num, cells, err := rows.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := e.emit(num, cells); err != nil {
			return err
		}
	}
}

// guard turns a panic in a parser into an Invalid error with the given
// message. It is deferred around calls into parsers only, never around the
// caller's callbacks, whose panics are theirs.
func guard(err *error, message string) {
	if p := recover(); p != nil {
		*err = &Error{Kind: Invalid, Message: message, Err: fmt.Errorf("panic: %v", p)}
	}
}

// invalid wraps a parser's error into an Invalid one with the message,
// unless it already is a file error or the caller's.
func invalid(err error, message string) error {
	if err == nil {
		return nil
	}
	if isOurs(err) {
		return err
	}
	return &Error{Kind: Invalid, Message: message, Err: err}
}
