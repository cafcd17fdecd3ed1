package sheet

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"
)

// XLSX files are read with archive/zip and the streaming scanner of
// xmlscan.go, not with excelize: excelize's Rows API allocates a slice as
// wide as the last column of each row (one cell in column XFD costs 16,384
// strings) and holds the whole shared string table as structures. Here a
// row costs the cells it holds, the shared strings are one string with
// their end offsets (a cell refers to a substring, never a copy), and every
// byte decompressed from any part counts against Options.MaxUnzipSize.

const (
	msgXLSX = "the file is not a readable XLSX workbook"
	// maxZipEntries bounds the parts of an XLSX file.
	maxZipEntries = 10_000
	// maxXLSXColumns is the number of columns of a worksheet (XFD).
	maxXLSXColumns = 16_384
	// maxStyles bounds the cell formats kept from styles.xml.
	maxStyles = 1 << 16
)

// unzipBudget counts the bytes decompressed from a workbook's parts,
// however often a part is read, and checks the time budget as it goes.
type unzipBudget struct {
	ctx   context.Context
	limit int64
	left  int64
	tick  int64
}

var errUnzipBudget = errors.New("unzip budget exceeded")

type budgetReader struct {
	r io.Reader
	b *unzipBudget
}

func (br *budgetReader) Read(p []byte) (int, error) {
	n, err := br.r.Read(p)
	br.b.left -= int64(n)
	br.b.tick += int64(n)
	if br.b.left < 0 {
		return n, errUnzipBudget
	}
	if br.b.tick >= 1<<20 {
		br.b.tick = 0
		if e := br.b.ctx.Err(); e != nil {
			return n, e
		}
	}
	return n, err
}

func tooLargeUnzipped(limit int64) error {
	return tooLargef(limit, 0, "the workbook decompresses to more than %s (the limit of decompressed bytes)", sizeText(limit))
}

// sizeText shows a byte count in MiB, or in bytes below one MiB.
func sizeText(n int64) string {
	if n < 1<<20 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	return strconv.FormatInt(n>>20, 10) + " MiB"
}

// openZip reads the central directory and refuses archives with too many
// parts or declared sizes past the budget (archive/zip stops reading a
// part at its declared size, so the declared sizes bound decompression).
func openZip(r io.ReaderAt, size int64, limit int64) (*zip.Reader, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, invalid(err, msgXLSX)
	}
	if len(zr.File) > maxZipEntries {
		return nil, tooLargef(maxZipEntries, 0, "the workbook has more than %d parts", maxZipEntries)
	}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > uint64(limit) || total > uint64(limit) {
			return nil, tooLargeUnzipped(limit)
		}
	}
	return zr, nil
}

func streamXLSX(ctx context.Context, r io.ReaderAt, size int64, opts Options, accept func([]string) bool, e *emitter) error {
	head, err := readHead(r, size, 8)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(head, magicZip) {
		return mismatch(KindXLSX, r, size, head)
	}
	zr, err := openZip(r, size, opts.MaxUnzipSize)
	if err != nil {
		return err
	}
	wb := &xlsxBook{
		opts:   opts,
		budget: &unzipBudget{ctx: ctx, limit: opts.MaxUnzipSize, left: opts.MaxUnzipSize},
		parts:  map[string]*zip.File{},
		size:   size,
	}
	for _, f := range zr.File {
		wb.parts[strings.ToLower(f.Name)] = f
	}
	if err := wb.load(); err != nil {
		return wb.fail(err)
	}
	return wb.fail(streamWorkbook(wb, accept, e))
}

// xlsxBook is a workbook's globals: its worksheets, shared strings and
// number formats.
type xlsxBook struct {
	opts     Options
	budget   *unzipBudget
	parts    map[string]*zip.File
	size     int64    // the file's
	sheets   []string // part names of the worksheets, in order
	date1904 bool
	sst      sharedStrings
	xfFormat []uint16
	formats  map[uint16]string
}

// fail maps the errors of reading parts to caller-safe ones.
func (b *xlsxBook) fail(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errUnzipBudget):
		return tooLargeUnzipped(b.budget.limit)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return timeBudget(b.budget.ctx, b.opts)
	case errors.Is(err, errTextBudget):
		return tooLargef(b.opts.MaxText, 0, "the workbook's shared strings hold more than %s of text (the limit of text one file may store)", sizeText(b.opts.MaxText))
	case errors.Is(err, errNotUTF8):
		return invalidf(0, "the workbook's shared strings hold text that is not valid UTF-8, as the XML of a workbook must be")
	case errors.Is(err, errXMLText):
		return invalidf(0, "the workbook holds a text longer than %d characters (the cell length limit)", b.opts.MaxCellLen)
	}
	return invalid(err, msgXLSX)
}

// open opens a part through the budget; nil when the part is absent.
func (b *xlsxBook) openPart(name string) (io.ReadCloser, io.Reader, error) {
	f := b.parts[strings.ToLower(strings.TrimPrefix(name, "/"))]
	if f == nil {
		return nil, nil, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, nil, err
	}
	return rc, &budgetReader{r: rc, b: b.budget}, nil
}

// scanPart runs fn on every tag of a part; a missing part is no tags.
func (b *xlsxBook) scanPart(name string, maxText int, fn func(s *xmlScanner) error) error {
	rc, r, err := b.openPart(name)
	if err != nil || rc == nil {
		return err
	}
	defer rc.Close()
	s := newXMLScanner(r, maxText)
	for {
		if err := s.next(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if err := fn(s); err != nil {
			return err
		}
	}
}

// relation is one relationship of a part.
type relation struct{ kind, target string }

// relations reads the relationships of a part, targets resolved against
// the part's folder.
func (b *xlsxBook) relations(part string) (map[string]relation, error) {
	dir, file := path.Split(part)
	rels := map[string]relation{}
	err := b.scanPart(dir+"_rels/"+file+".rels", 0, func(s *xmlScanner) error {
		if !s.is("Relationship") || s.attrString("TargetMode") == "External" {
			return nil
		}
		typ := s.attrString("Type")
		target := s.attrString("Target")
		if !strings.HasPrefix(target, "/") {
			target = path.Join("/"+dir, target)
		}
		rels[s.attrString("Id")] = relation{kind: typ[strings.LastIndexByte(typ, '/')+1:], target: strings.TrimPrefix(path.Clean(target), "/")}
		return nil
	})
	return rels, err
}

// load reads the package relationships, the workbook, its styles and its
// shared strings.
func (b *xlsxBook) load() error {
	root, err := b.relations("")
	if err != nil {
		return err
	}
	book := "xl/workbook.xml"
	for _, r := range root {
		if r.kind == "officeDocument" {
			book = r.target
		}
	}
	if b.parts[strings.ToLower(book)] == nil {
		return invalidf(0, "%s: it holds no workbook part", msgXLSX)
	}
	rels, err := b.relations(book)
	if err != nil {
		return err
	}
	if err := b.readWorkbook(book, rels); err != nil {
		return err
	}
	for _, r := range rels {
		switch r.kind {
		case "styles":
			err = b.readStyles(r.target)
		case "sharedStrings":
			err = b.readSharedStrings(r.target)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (b *xlsxBook) readWorkbook(part string, rels map[string]relation) error {
	return b.scanPart(part, 0, func(s *xmlScanner) error {
		switch {
		case s.is("workbookPr"):
			v := s.attrString("date1904")
			b.date1904 = v == "1" || v == "true"
		case s.is("sheet"):
			// Chart sheets and dialog sheets hold no cells.
			if r, ok := rels[s.attrString("id")]; ok && r.kind == "worksheet" {
				b.sheets = append(b.sheets, r.target)
			}
		}
		return nil
	})
}

func (b *xlsxBook) readStyles(part string) error {
	b.formats = map[uint16]string{}
	inXfs := false
	return b.scanPart(part, 0, func(s *xmlScanner) error {
		switch {
		case s.is("numFmt"):
			id, err := strconv.ParseUint(s.attrString("numFmtId"), 10, 16)
			if err == nil && len(b.formats) < maxStyles {
				b.formats[uint16(id)] = s.attrString("formatCode")
			}
		case s.is("cellXfs"):
			inXfs = !s.selfClose
		case s.isEnd("cellXfs"):
			inXfs = false
		case inXfs && s.is("xf") && len(b.xfFormat) < maxStyles:
			id, _ := strconv.ParseUint(s.attrString("numFmtId"), 10, 16)
			b.xfFormat = append(b.xfFormat, uint16(id))
		}
		return nil
	})
}

// format returns the number format code of a cell style index.
func (b *xlsxBook) format(style int) string {
	if style < 0 || style >= len(b.xfFormat) {
		return "General"
	}
	id := b.xfFormat[style]
	if c, ok := b.formats[id]; ok {
		return c
	}
	if c, ok := builtinFormats[id]; ok {
		return c
	}
	return "General"
}

func (b *xlsxBook) sheetCount() int { return len(b.sheets) }

func (b *xlsxBook) open(i int) (sheetRows, error) {
	rc, r, err := b.openPart(b.sheets[i])
	if err != nil {
		return nil, b.fail(err)
	}
	if rc == nil {
		return emptyRows{}, nil
	}
	whole := int64(b.parts[strings.ToLower(strings.TrimPrefix(b.sheets[i], "/"))].UncompressedSize64 & (1<<62 - 1))
	r = withProgress(r, whole, b.size, b.opts)
	return &xlsxRows{book: b, rc: rc, s: newXMLScanner(r, rawTextCap(b.opts.MaxCellLen))}, nil
}

// rawTextCap is the most bytes of XML text a cell of maxLen characters can
// take: character references take up to 10 bytes each.
func rawTextCap(maxLen int) int { return 10*maxLen + 64 }

type emptyRows struct{}

func (emptyRows) next() (int, []string, error) { return 0, nil, io.EOF }
func (emptyRows) close()                       {}
