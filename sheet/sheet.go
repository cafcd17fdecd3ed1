// Package sheet reads uploaded tables (CSV, XLS and XLSX files) into rows of
// strings. It checks that a file's content agrees with its type, detects the
// encoding and delimiter of CSV files, and refuses files that are too large
// or that decompress to too much (zip bombs), with *Error values of its
// own kinds whose messages are safe to show to the caller. It is a leaf: the
// caller gives every limit and maps the kinds to its own errors.
package sheet

import (
	"context"
	"errors"
	"io"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Kind is the type of a table file.
type Kind int

// The kinds of table files.
const (
	KindCSV Kind = iota + 1
	KindXLS
	KindXLSX
)

// String returns the usual extension of the kind, without the dot.
func (k Kind) String() string {
	switch k {
	case KindCSV:
		return "csv"
	case KindXLS:
		return "xls"
	case KindXLSX:
		return "xlsx"
	}
	return "unknown"
}

// KindFromName returns the kind named by a file name's extension (.csv, .xls
// or .xlsx, in any case). Any other name is an Unsupported error.
func KindFromName(name string) (Kind, error) {
	// Names may come from Windows clients with backslashes.
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	switch strings.ToLower(path.Ext(name)) {
	case ".csv":
		return KindCSV, nil
	case ".xls":
		return KindXLS, nil
	case ".xlsx":
		return KindXLSX, nil
	}
	return 0, unsupportedf("unsupported file type: the name must end in .csv, .xls or .xlsx")
}

// maxSheetRows is the number of rows a worksheet can have (Excel 2007+).
const maxSheetRows = 1 << 20

// Options tunes reading. The caller gives every limit: reading a file
// with a limit (MaxText aside) at zero or below is an error.
type Options struct {
	// Encoding is the WHATWG or IANA name of a CSV file's encoding. Blank
	// means guess: a byte order mark, else UTF-8 when the file is valid
	// UTF-8, else windows-1252. It is ignored for XLS and XLSX files.
	Encoding string
	// MaxRows is the largest number of non-blank rows after the header;
	// more is a TooLarge error.
	MaxRows int
	// MaxColumns is the widest header; a wider one is a TooLarge error. Rows are as wide as the header:
	// what a file claims about a cell past it costs nothing.
	MaxColumns int
	// MaxCellLen is the largest number of characters in one cell; a
	// longer cell is an Invalid error naming the row.
	MaxCellLen int
	// MaxUnzipSize is the most bytes decompressed from the parts of an
	// XLSX file, counting every read of every part; more is a TooLarge
	// error.
	MaxUnzipSize int64
	// MaxText is the most text a workbook's shared string table may
	// hold, each string counted as its bytes plus 3 (as the caller counts
	// the cells it stores); more is a TooLarge error, raised while the
	// table is read. Zero means no limit.
	MaxText int64
	// MaxDuration bounds the time reading takes, the callbacks included;
	// longer is a TooLarge error.
	MaxDuration time.Duration
	// Progress, when set, is told how much of the file the pass handing
	// rows over has read, as bytes of the file's size: a CSV file's bytes,
	// an XLSX worksheet's share of its decompressed size. An XLS workbook
	// is read whole before its rows and reports nothing.
	Progress func(done, total int64)
}

// check refuses options without a limit: a caller's mistake, never a
// file's.
func (o Options) check() error {
	if o.MaxRows <= 0 || o.MaxColumns <= 0 || o.MaxCellLen <= 0 || o.MaxUnzipSize <= 0 || o.MaxDuration <= 0 {
		return errors.New("sheet: the options must set MaxRows, MaxColumns, MaxCellLen, MaxUnzipSize and MaxDuration")
	}
	return nil
}

// Table is a file read into memory.
type Table struct {
	// Header is the header row, as in the file.
	Header []string
	// Rows are the non-blank rows after the header, each as wide as the
	// header: shorter rows are padded with "", cells past the header are
	// dropped.
	Rows [][]string
	// RowNumbers holds the number of each row in the file, 1-based, as a
	// person sees it: the line number where the record starts in a CSV
	// file, the row number in a worksheet. RowNumbers[i] is the number of
	// Rows[i].
	RowNumbers []int
	// HeaderRow is the number of the header row (1 unless blank rows come
	// first).
	HeaderRow int
	// Encoding is the canonical name of the encoding a CSV file was read
	// with, given or detected ("UTF-8", "windows-1252", "UTF-16LE", …);
	// it is "" for XLS and XLSX files.
	Encoding string
}

// Stream reads a table row by row, for files too large to hold in memory.
// It picks the header as Read does and calls header once with it (or returns
// an Invalid error when the file has no non-blank row), then calls row for
// each non-blank row after it with the row's number in the file (as
// Table.RowNumbers) and its cells up to the last one with a value, at most
// as many as the header has (the slice is the callee's to keep; unlike
// Table.Rows, short rows are not padded, so that a row costs what it
// holds). An error returned by header or row stops reading and
// is returned as is. The encoding returned is as Table.Encoding. Reading
// stops when ctx is done or after opts.MaxDuration.
func Stream(ctx context.Context, r io.ReaderAt, size int64, kind Kind, opts Options, accept func([]string) bool,
	header func([]string) error, row func(num int, cells []string) error) (encoding string, err error) {
	return stream(ctx, r, size, kind, opts, accept, &emitter{header: header, row: row})
}

func stream(ctx context.Context, r io.ReaderAt, size int64, kind Kind, opts Options, accept func([]string) bool, e *emitter) (string, error) {
	enc, err := streamKind(ctx, r, size, kind, opts, accept, e)
	return enc, unwrapCallback(err)
}

func streamKind(ctx context.Context, r io.ReaderAt, size int64, kind Kind, opts Options, accept func([]string) bool, e *emitter) (string, error) {
	if err := opts.check(); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, opts.MaxDuration)
	defer cancel()
	e.opts, e.ctx = opts, ctx
	if size < 0 {
		return "", invalidf(0, "the file size is invalid")
	}
	if accept == nil {
		accept = func([]string) bool { return true }
	}
	switch kind {
	case KindCSV:
		return streamCSV(ctx, r, size, opts, e)
	case KindXLS:
		return "", streamXLS(ctx, r, size, opts, accept, e)
	case KindXLSX:
		return "", streamXLSX(ctx, r, size, opts, accept, e)
	}
	return "", unsupportedf("unsupported file type")
}

// emitter applies the rules common to every kind to the rows a reader
// produces: cell length, blank rows, padding and the row limit.
type emitter struct {
	// pad makes every row as wide as the header.
	pad     bool
	ctx     context.Context
	opts    Options
	header  func([]string) error
	row     func(num int, cells []string) error
	width   int
	rows    int
	started bool
	// headerRow is the number of the header row.
	headerRow int
}

// start hands the header over, without blank cells at its end. Its cells
// are checked for length, and its width against MaxColumns: the header
// sets the width of every row.
func (e *emitter) start(num int, cells []string) error {
	cells = trimTrailingBlank(cells)
	if len(cells) > e.opts.MaxColumns {
		return tooManyColumns(num, len(cells), e.opts.MaxColumns)
	}
	if err := e.checkCells(num, cells); err != nil {
		return err
	}
	e.started = true
	e.headerRow = num
	e.width = len(cells)
	if e.header == nil {
		return nil
	}
	return fromCallback(e.header(cells))
}

// emit hands one data row over, cut or padded to the header's width,
// unless it is blank there. Cells past the header are dropped: no column
// name, no use, and a file cannot make a row cost more than its header.
func (e *emitter) emit(num int, cells []string) error {
	if len(cells) > e.width {
		cells = slices.Clone(cells[:e.width])
	}
	if !e.pad {
		cells = trimTrailingEmpty(cells)
	}
	if isBlank(cells) {
		return nil
	}
	if err := e.checkCells(num, cells); err != nil {
		return err
	}
	e.rows++
	if e.rows%256 == 0 && e.ctx.Err() != nil {
		return timeBudget(e.ctx, e.opts)
	}
	if e.rows > e.opts.MaxRows {
		return tooLargef(int64(e.opts.MaxRows), num, "the file has more than %d rows (the row limit)", e.opts.MaxRows)
	}
	if e.pad && len(cells) < e.width {
		padded := make([]string, e.width)
		copy(padded, cells)
		cells = padded
	}
	if e.row == nil {
		return nil
	}
	return fromCallback(e.row(num, cells))
}

func (e *emitter) checkCells(num int, cells []string) error {
	for _, c := range cells {
		if len(c) > e.opts.MaxCellLen && utf8.RuneCountInString(c) > e.opts.MaxCellLen {
			return cellTooLong(num, e.opts.MaxCellLen)
		}
	}
	return nil
}

func cellTooLong(num, limit int) error {
	return invalidf(num, "row %d: a cell is longer than %d characters (the cell length limit)", num, limit)
}

// timeBudget is the error of a read stopped by its context: TooLarge past
// the time budget, Cancelled when the caller went away.
func timeBudget(ctx context.Context, opts Options) error {
	if errors.Is(ctx.Err(), context.Canceled) {
		return &Error{Kind: Cancelled, Message: "reading the file was cancelled"}
	}
	return tooLargef(int64(opts.MaxDuration), 0, "reading the file takes longer than %s (the time limit)", opts.MaxDuration)
}

// trimTrailingBlank drops trailing cells that are empty or white space.
func trimTrailingBlank(cells []string) []string {
	n := len(cells)
	for n > 0 && strings.TrimSpace(cells[n-1]) == "" {
		n--
	}
	return cells[:n]
}

func noHeader() error {
	return invalidf(0, "the file has no header row: it is empty")
}

// isBlank reports whether every cell is empty or white space.
func isBlank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// trimTrailingEmpty drops trailing empty cells.
func trimTrailingEmpty(cells []string) []string {
	n := len(cells)
	for n > 0 && cells[n-1] == "" {
		n--
	}
	return cells[:n]
}
