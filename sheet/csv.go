package sheet

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// Signatures of the binary formats.
var (
	magicZip  = []byte("PK\x03\x04")
	magicZipE = []byte("PK\x05\x06") // an empty zip archive
	magicOLE2 = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// delimiters are the CSV delimiters detected, in order of preference.
var delimiters = []rune{',', ';', '\t', '|'}

// sampleSize is how much of a CSV file the delimiter detection looks at.
const sampleSize = 64 << 10

func readHead(r io.ReaderAt, size int64, n int) ([]byte, error) {
	if size < int64(n) {
		n = int(size)
	}
	head := make([]byte, n)
	if m, err := r.ReadAt(head, 0); m < n {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("reading the file: %w", err)
	}
	return head, nil
}

func notCSV() error {
	return unsupportedf("the file is not a CSV text file")
}

// chooseEncoding picks the encoding of a CSV file: a byte order mark wins
// (as in the WHATWG decode algorithm), then the given encoding, then UTF-8
// when the file is valid UTF-8, else windows-1252. Binary files are
// refused, and so are files that begin with a UTF-8 byte order mark but
// are not UTF-8 (their text would be stored broken).
func chooseEncoding(r io.ReaderAt, size int64, head []byte, given string) (textEncoding, error) {
	var enc textEncoding
	if given != "" {
		e, err := lookupEncoding(given)
		if err != nil {
			return textEncoding{}, err
		}
		enc = e
	}
	if bom, ok := bomEncoding(head); ok {
		if !bom.utf8 {
			return bom, nil
		}
		// UTF-8 text is passed through as it is: it must be valid.
		valid, nul, err := scanText(r, size)
		switch {
		case err != nil:
			return textEncoding{}, fmt.Errorf("reading the file: %w", err)
		case nul:
			return textEncoding{}, notCSV()
		case !valid:
			return textEncoding{}, &Error{Kind: Invalid, Message: "the file begins with a UTF-8 byte order mark but is not valid UTF-8 text",
				Reason: "is not valid UTF-8 text"}
		}
		return bom, nil
	}
	if given != "" {
		if enc.utf8 {
			// Invalid bytes are replaced with U+FFFD by the decoder.
			enc.utf8 = false
		}
		return enc, nil
	}
	valid, nul, err := scanText(r, size)
	if err != nil {
		return textEncoding{}, fmt.Errorf("reading the file: %w", err)
	}
	if nul {
		return textEncoding{}, notCSV()
	}
	if valid {
		return encUTF8, nil
	}
	return encCP1252, nil
}

// textReader passes the decoded text through, without a leading byte order
// mark, refusing NUL characters and records longer than a limit. It
// follows the records itself (a line end outside quotes ends one, as
// RFC 4180 and encoding/csv have it), so that empty lines, which the CSV
// reader skips without returning a record, end the record before them
// and cost nothing however many there are.
type textReader struct {
	ctx      context.Context
	tick     int
	r        io.Reader
	started  bool
	pending  []byte
	consumed int64 // bytes handed out
	limit    int64 // longest record in bytes
	inQuotes bool  // the text handed out ends inside a quoted field
	mark     int64 // offset of the end of the last complete record
	lines    int   // line ends handed out
	markLine int   // the line where the record after mark starts
}

var errBinary = errors.New("binary content")

// recordLenError is a record past the text reader's limit, starting at
// line.
type recordLenError struct{ line int }

func (e *recordLenError) Error() string { return "record too long" }

func (t *textReader) Read(p []byte) (int, error) {
	if !t.started {
		t.started = true
		t.markLine = 1
		var head [3]byte
		n, err := io.ReadFull(t.r, head[:])
		if n == 3 && bytes.Equal(head[:], bomUTF8) {
			n = 0
		}
		t.pending = append(t.pending, head[:n]...)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return 0, err
		}
	}
	if t.limit > 0 && t.consumed-t.mark > t.limit {
		return 0, &recordLenError{line: t.markLine}
	}
	var n int
	var err error
	if len(t.pending) > 0 {
		n = copy(p, t.pending)
		t.pending = t.pending[n:]
	} else {
		n, err = t.r.Read(p)
	}
	if bytes.IndexByte(p[:n], 0) >= 0 {
		return 0, errBinary
	}
	if t.tick += n; t.tick >= 1<<20 {
		t.tick = 0
		if e := t.ctx.Err(); e != nil {
			return 0, e
		}
	}
	t.follow(p[:n])
	t.consumed += int64(n)
	return n, err
}

// follow moves the end of the last complete record past b: to after the
// last line end outside quotes.
func (t *textReader) follow(b []byte) {
	base := t.consumed
	for off := 0; off < len(b); {
		rest := b[off:]
		q := bytes.IndexByte(rest, '"')
		seg := rest
		if q >= 0 {
			seg = rest[:q]
		}
		t.lines += bytes.Count(seg, []byte{'\n'})
		if !t.inQuotes {
			if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
				t.mark = base + int64(off+i+1)
				t.markLine = t.lines + 1
			}
		}
		if q < 0 {
			return
		}
		t.inQuotes = !t.inQuotes
		off += q + 1
	}
}

func streamCSV(ctx context.Context, r io.ReaderAt, size int64, opts Options, e *emitter) (string, error) {
	head, err := readHead(r, size, 8)
	if err != nil {
		return "", err
	}
	switch {
	case bytes.HasPrefix(head, magicZip), bytes.HasPrefix(head, magicZipE):
		return "", unsupportedf("the file's content does not match its .csv name: it is a zip archive, as XLSX workbooks are")
	case bytes.HasPrefix(head, magicOLE2):
		return "", unsupportedf("the file's content does not match its .csv name: it is an OLE2 compound file, as XLS workbooks are")
	}
	enc, err := chooseEncoding(r, size, head, opts.Encoding)
	if err != nil {
		return "", err
	}
	src := withProgress(io.NewSectionReader(r, 0, size), size, size, opts)
	if !enc.utf8 {
		src = transform.NewReader(src, enc.enc.NewDecoder())
	}
	text := &textReader{ctx: ctx, r: src}
	// Decoding can make the text up to three times as long as the file.
	bufSize := sampleSize
	if n := 3*size + 16; n < int64(bufSize) {
		bufSize = int(n)
	}
	br := bufio.NewReaderSize(text, bufSize)
	sample, err := br.Peek(bufSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return "", csvError(ctx, err, 1, opts)
	}
	delim, cols := detectDelimiter(sample, err == io.EOF)
	// Excel writes and reads a first line "sep=;" naming the delimiter.
	lineBase := 0
	if d, n, ok := sepLine(sample); ok {
		delim = d
		if _, err := br.Discard(n); err != nil {
			return enc.name, csvError(ctx, err, 1, opts)
		}
		lineBase = 1
		if sample, err := br.Peek(len(sample) - n); err == nil || err == io.EOF {
			_, cols = detectDelimiter(sample, err == io.EOF)
		}
	}
	cols = min(max(cols, 64), opts.MaxColumns)
	text.limit = int64(opts.MaxCellLen)*4*int64(cols) + sampleSize

	cr := csv.NewReader(br)
	cr.Comma = delim
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	return enc.name, readRecords(ctx, cr, text, lineBase, opts, e)
}

// readRecords hands the records of cr to e (the first non-blank one as
// the header), their formula escapes removed; lineBase is the number of
// lines before those cr reads.
func readRecords(ctx context.Context, cr *csv.Reader, text *textReader, lineBase int, opts Options, e *emitter) error {
	line := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			// ParseErrors carry their line; others happen after the
			// last record read.
			return csvError(ctx, err, line+1, opts)
		}
		line, _ = cr.FieldPos(0)
		line += lineBase
		for i, f := range rec {
			if len(f) > 1 && f[0] == '\'' {
				rec[i] = UnescapeFormula(f)
			}
		}
		switch {
		case e.started:
			err = e.emit(line, rec)
		case !isBlank(rec):
			err = e.start(line, rec)
		}
		if err != nil {
			return err
		}
	}
	if !e.started {
		return noHeaderCSV(text, lineBase)
	}
	return nil
}

// sepLine recognises a first line "sep=X" and returns the delimiter X and
// the length of the line with its end.
func sepLine(sample []byte) (rune, int, bool) {
	if len(sample) < 5 || !bytes.EqualFold(sample[:4], []byte("sep=")) {
		return 0, 0, false
	}
	d := sample[4]
	if d == '"' || d == '\r' || d == '\n' || d >= utf8.RuneSelf || (d < ' ' && d != '\t') {
		return 0, 0, false
	}
	rest := sample[5:]
	switch {
	case len(rest) == 0:
		return rune(d), 5, true
	case bytes.HasPrefix(rest, []byte("\r\n")):
		return rune(d), 7, true
	case rest[0] == '\n' || rest[0] == '\r':
		return rune(d), 6, true
	}
	return 0, 0, false
}

// noHeaderCSV is the error of a file whose lines (after a "sep=" line)
// are all empty or blank: how many there are, when there are several.
func noHeaderCSV(text *textReader, lineBase int) error {
	n := text.lines - lineBase
	if text.consumed > text.mark {
		n++ // a last line without its line end
	}
	if n < 2 {
		return noHeader()
	}
	return invalidf(0, "the file has no header row: none of its %d lines holds a value", n)
}

// recordTooLong is the error of a record past the text reader's limit.
func recordTooLong(line int, opts Options) error {
	return tooLargef(int64(opts.MaxCellLen), line, "line %d: a record is longer than the cell length limit (%d characters) allows for its columns", line, opts.MaxCellLen)
}

// csvError turns a reading error into a caller-safe one.
func csvError(ctx context.Context, err error, line int, opts Options) error {
	if errors.Is(err, errBinary) {
		return notCSV()
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return timeBudget(ctx, opts)
	}
	var rl *recordLenError
	if errors.As(err, &rl) {
		return recordTooLong(rl.line, opts)
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(pe.Err, errBinary):
			return notCSV()
		case errors.Is(pe.Err, context.DeadlineExceeded), errors.Is(pe.Err, context.Canceled):
			return timeBudget(ctx, opts)
		case errors.Is(pe.Err, csv.ErrBareQuote):
			return invalidf(pe.Line, "line %d: a quote appears in a field that is not quoted (put the field in quotes and double the quote)", pe.Line)
		case errors.Is(pe.Err, csv.ErrQuote):
			return invalidf(pe.StartLine, "line %d: a quoted field is not closed properly", pe.StartLine)
		}
		return &Error{Kind: Invalid, Message: "the file is not a readable CSV file", Err: err}
	}
	return err
}

// detectDelimiter picks the delimiter among delimiters that gives the first
// records of sample a consistent number of fields, more than one; ',' when
// none does. It also returns the number of fields of the first record.
func detectDelimiter(sample []byte, atEOF bool) (rune, int) {
	type counts struct{ fields []int }
	var per [4]counts
	var cur [4]int
	inQuotes := false
	blank := true
	records := 0
	end := func() {
		if !blank {
			for i := range per {
				per[i].fields = append(per[i].fields, cur[i]+1)
			}
			records++
		}
		cur = [4]int{}
		blank = true
	}
	for i := 0; i < len(sample) && records < 50; i++ {
		c := sample[i]
		switch {
		case c == '"':
			inQuotes = !inQuotes
			blank = false
		case inQuotes:
		case c == '\n' || c == '\r':
			end()
		case c == ',':
			cur[0]++
			blank = false
		case c == ';':
			cur[1]++
			blank = false
		case c == '\t':
			cur[2]++
		case c == '|':
			cur[3]++
			blank = false
		case c != ' ':
			blank = false
		}
	}
	// The last record counts only when it is whole.
	if records < 50 && atEOF {
		end()
	}
	best, bestScore, bestCols := ',', -1.0, 0
	for i, d := range delimiters {
		f := per[i].fields
		if len(f) == 0 || f[0] < 2 {
			continue
		}
		same := 0
		for _, n := range f {
			if n == f[0] {
				same++
			}
		}
		score := float64(same) / float64(len(f))
		if score > bestScore {
			best, bestScore, bestCols = d, score, f[0]
		}
	}
	if bestScore < 0 && len(per[0].fields) > 0 {
		bestCols = per[0].fields[0]
	}
	return best, bestCols
}
