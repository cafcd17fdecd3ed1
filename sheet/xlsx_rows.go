package sheet

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"
)

// sharedStrings is a workbook's shared string table: every string in a
// few large Go strings (chunks of about sstChunk bytes, a string never
// split between two), with their end offsets in the concatenation. A
// cell's value is a substring of a chunk, so a string referred to by many
// cells is stored once, and the table costs its text plus 4 bytes a
// string.
type sharedStrings struct {
	chunks []string
	// chunkEnds holds the offset in the concatenation where each chunk
	// ends.
	chunkEnds []uint32
	ends      []uint32
}

// sstChunk is the size of the chunks the shared strings are kept in: the
// table is built in one buffer of this size, copied into a string when
// full, so that building costs the text once (a growing buffer copied at
// the end cost up to three times the text).
const sstChunk = 1 << 20

func (t *sharedStrings) get(i int) string {
	if i < 0 || i >= len(t.ends) {
		return ""
	}
	start := uint32(0)
	if i > 0 {
		start = t.ends[i-1]
	}
	end := t.ends[i]
	if end == start {
		return ""
	}
	// The chunk holding the string is the first that ends past its start.
	k, _ := slices.BinarySearch(t.chunkEnds, start+1)
	base := uint32(0)
	if k > 0 {
		base = t.chunkEnds[k-1]
	}
	return t.chunks[k][start-base : end-base]
}

// sstBuilder collects the shared strings into chunks, counting them
// against the file's text budget.
type sstBuilder struct {
	t     sharedStrings
	cur   []byte
	total uint64 // bytes in the chunks before cur
	used  int64  // text counted against limit
	limit int64  // 0: none
}

var errTextBudget = errors.New("text budget exceeded")

// add appends the string whose raw XML text is raw.
func (b *sstBuilder) add(raw []byte) error {
	// Unescaping never makes a text longer than its raw form.
	if len(b.cur) > 0 && len(b.cur)+len(raw) > sstChunk {
		b.flush()
	}
	start := len(b.cur)
	b.cur = unescapeXML(b.cur, raw)
	text := unescapeOOXML(b.cur[start:])
	if !utf8.Valid(text) {
		return errNotUTF8
	}
	b.cur = append(b.cur[:start], text...)
	b.used += int64(len(text)) + 3
	if b.limit > 0 && b.used > b.limit {
		return errTextBudget
	}
	end := b.total + uint64(len(b.cur))
	if end > 1<<32-1 {
		return errUnzipBudget
	}
	b.t.ends = append(b.t.ends, uint32(end))
	return nil
}

// flush copies the buffer into a chunk.
func (b *sstBuilder) flush() {
	if len(b.cur) == 0 {
		return
	}
	b.total += uint64(len(b.cur))
	b.t.chunks = append(b.t.chunks, string(b.cur))
	b.t.chunkEnds = append(b.t.chunkEnds, uint32(b.total))
	b.cur = b.cur[:0]
}

// readSharedStrings reads the si items of the table: the text of their t
// elements, outside phonetic runs (rPh). Their text counts against
// Options.MaxText as it is read (each string's bytes plus 3, as a stored
// cell counts), so that a table holding more text than the file may
// store is refused before it is kept.
func (b *xlsxBook) readSharedStrings(part string) error {
	sb := &sstBuilder{limit: b.opts.MaxText}
	inItem, phonetic := false, 0
	maxLen := b.opts.MaxCellLen
	err := b.scanPart(part, rawTextCap(maxLen), func(s *xmlScanner) error {
		switch {
		case s.is("si"):
			inItem = !s.selfClose
			s.text = s.text[:0]
			if s.selfClose {
				return sb.add(nil)
			}
		case s.isEnd("si") && s.end:
			inItem, s.capture = false, false
			return sb.add(s.text)
		case s.is("rPh") && !s.selfClose:
			phonetic++
		case s.isEnd("rPh") && s.end:
			phonetic--
		case s.is("t") && inItem && phonetic == 0:
			s.capture = !s.selfClose
		case s.isEnd("t"):
			s.capture = false
		}
		return nil
	})
	if err != nil {
		return err
	}
	sb.flush()
	sb.cur = nil
	sb.t.ends = slices.Clip(sb.t.ends)
	b.sst = sb.t
	return nil
}

// xlsxRows streams the rows of a worksheet.
type xlsxRows struct {
	book  *xlsxBook
	rc    io.ReadCloser
	s     *xmlScanner
	num   int
	data  bool // inside sheetData
	cells []xlsxCell
	// width, once the header is known, is the last column kept.
	width int
}

func (x *xlsxRows) limitWidth(n int) { x.width = n }

// xlsxCell is a cell with a value; col is 1-based.
type xlsxCell struct {
	col int
	v   string
}

func (x *xlsxRows) close() { x.rc.Close() }

func (x *xlsxRows) next() (int, []string, error) {
	for {
		if err := x.s.next(); err != nil {
			if err == io.EOF {
				return 0, nil, io.EOF
			}
			return 0, nil, x.book.fail(x.mapErr(err))
		}
		s := x.s
		switch {
		case s.is("sheetData"):
			x.data = true
			if s.selfClose {
				return 0, nil, io.EOF
			}
		case s.isEnd("sheetData"):
			return 0, nil, io.EOF
		case x.data && s.is("row"):
			cells, err := x.row()
			if err != nil {
				return 0, nil, x.book.fail(x.mapErr(err))
			}
			return x.num, cells, nil
		}
	}
}

func (x *xlsxRows) mapErr(err error) error {
	switch err {
	case errXMLText:
		return cellTooLong(x.num, x.book.opts.MaxCellLen)
	case errNotUTF8:
		return invalidf(x.num, "row %d: a cell is not valid UTF-8 text, as the XML of a workbook must be", x.num)
	}
	return err
}

// row reads a row from its start tag to its end.
func (x *xlsxRows) row() ([]string, error) {
	s := x.s
	num := x.num + 1
	if v, ok := s.attr("r"); ok {
		n, err := strconv.Atoi(string(v))
		if err != nil || n < 1 || n <= x.num {
			return nil, invalidf(x.num, "%s: row numbers are missing or out of order after row %d", msgXLSX, x.num)
		}
		num = n
	}
	if num > maxSheetRows {
		return nil, invalidf(0, "%s: a row number is past %d", msgXLSX, maxSheetRows)
	}
	x.num = num
	x.cells = x.cells[:0]
	if s.selfClose {
		return nil, nil
	}
	col := 0
	for {
		if err := s.next(); err != nil {
			return nil, err
		}
		switch {
		case s.isEnd("row"):
			return x.dense(), nil
		case s.is("c"):
			var err error
			if col, err = x.cell(col); err != nil {
				return nil, err
			}
		}
	}
}

// cell reads a cell from its start tag to its end; prev is the column of
// the cell before it.
func (x *xlsxRows) cell(prev int) (int, error) {
	s := x.s
	col := prev + 1
	if ref, ok := s.attr("r"); ok {
		if col = refColumn(ref); col == 0 {
			return 0, invalidf(x.num, "%s: row %d has a bad cell reference", msgXLSX, x.num)
		}
	}
	typ := ""
	if t, ok := s.attr("t"); ok {
		typ = string(t)
	}
	style := 0
	if v, ok := s.attr("s"); ok {
		style, _ = strconv.Atoi(string(v))
	}
	if s.selfClose {
		return col, nil
	}
	raw, err := x.cellText()
	if err != nil {
		return 0, err
	}
	// XML is UTF-8 (character references only make valid characters).
	if !utf8.Valid(raw) {
		return 0, errNotUTF8
	}
	if x.width > 0 && col > x.width {
		return col, nil
	}
	v := x.value(typ, style, raw)
	if v == "" {
		return col, nil
	}
	if limit := x.book.opts.MaxColumns; col > limit || len(x.cells) >= limit {
		return 0, tooManyColumns(x.num, col, limit)
	}
	x.cells = append(x.cells, xlsxCell{col: col, v: v})
	return col, nil
}

// cellText reads the raw text of a cell's v element, or of the t elements
// of its inline string (outside phonetic runs), up to the cell's end.
func (x *xlsxRows) cellText() ([]byte, error) {
	s := x.s
	s.text = s.text[:0]
	phonetic := 0
	for {
		if err := s.next(); err != nil {
			return nil, err
		}
		switch {
		case s.isEnd("c") && s.end:
			s.capture = false
			return s.text, nil
		case s.is("rPh") && !s.selfClose:
			phonetic++
		case s.isEnd("rPh") && s.end:
			phonetic--
		case (s.is("v") || s.is("t")) && phonetic == 0:
			s.capture = !s.selfClose
		case s.isEnd("v") || s.isEnd("t"):
			s.capture = false
		}
	}
}

// value is what a cell shows.
func (x *xlsxRows) value(typ string, style int, raw []byte) string {
	text := unescapeXML(nil, raw)
	switch typ {
	case "s":
		i, err := strconv.Atoi(string(bytes.TrimSpace(text)))
		if err != nil {
			return ""
		}
		return x.book.sst.get(i)
	case "inlineStr", "str":
		return string(unescapeOOXML(text))
	case "b":
		if string(bytes.TrimSpace(text)) == "1" || string(bytes.TrimSpace(text)) == "true" {
			return "TRUE"
		}
		return "FALSE"
	case "e", "d":
		return string(text)
	}
	t := bytes.TrimSpace(text)
	if len(t) == 0 {
		return ""
	}
	v, err := strconv.ParseFloat(string(t), 64)
	if err != nil {
		return string(t)
	}
	return formatNumber(v, x.book.format(style), x.book.date1904)
}

// dense turns the row's cells into a slice as wide as its last cell with a
// value, keeping the last of repeated cells.
func (x *xlsxRows) dense() []string {
	if len(x.cells) == 0 {
		return nil
	}
	width := 0
	for _, c := range x.cells {
		width = max(width, c.col)
	}
	out := make([]string, width)
	for _, c := range x.cells {
		out[c.col-1] = c.v
	}
	return out
}

// refColumn returns the 1-based column of a cell reference such as XFD12;
// 0 when it is not one.
func refColumn(ref []byte) int {
	col, i := 0, 0
	for ; i < len(ref) && i < 4; i++ {
		c := ref[i] | 0x20
		if c < 'a' || c > 'z' {
			break
		}
		col = col*26 + int(c-'a'+1)
	}
	if i == 0 || col > maxXLSXColumns {
		return 0
	}
	return col
}

func tooManyColumns(row, col, limit int) error {
	return tooLargef(int64(limit), row, "row %d has a value in column %d: the header may have at most %d columns (the column limit)", row, col, limit)
}
