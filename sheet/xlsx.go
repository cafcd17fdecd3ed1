package sheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	explorer "explorer"
)

const (
	msgXLSX = "the file is not a readable XLSX workbook"
	// maxZipEntries bounds the parts of an XLSX file.
	maxZipEntries = 10_000
	// xmlInMemory is the size above which excelize spills a worksheet or
	// the shared strings to a temporary file instead of memory.
	xmlInMemory = 16 << 20
)

// checkZip reads the central directory of a zip archive and refuses it when
// its parts would decompress to more than limit bytes. archive/zip (which
// excelize uses) stops reading a part past its declared size, so the
// declared sizes bound what decompression can produce.
func checkZip(r io.ReaderAt, size int64, limit int64) error {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return invalid(err, msgXLSX)
	}
	if len(zr.File) > maxZipEntries {
		return explorer.Errorf(explorer.ETOOLARGE, "the workbook has too many parts")
	}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > uint64(limit) || total > uint64(limit) {
			return tooLargeUnzipped(limit)
		}
	}
	// excelize ignores read errors of parts and would read a damaged part
	// (bad deflate data, a wrong checksum, more data than declared) as if
	// it ended early: decompress every part once to find those.
	buf := make([]byte, 32<<10)
	for _, f := range zr.File {
		if err := checkPart(f, buf); err != nil {
			return &explorer.Error{Code: explorer.EINVALID, Message: msgXLSX + ": it is damaged", Err: err}
		}
	}
	return nil
}

func checkPart(f *zip.File, buf []byte) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.CopyBuffer(io.Discard, rc, buf)
	return err
}

func tooLargeUnzipped(limit int64) error {
	return explorer.Errorf(explorer.ETOOLARGE, "the workbook decompresses to more than %d MB", limit>>20)
}

func streamXLSX(r io.ReaderAt, size int64, opts Options, accept func([]string) bool, e *emitter) error {
	head, err := readHead(r, size, 8)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(head, magicZip) {
		return mismatch(KindXLSX, r, size, head)
	}
	if err := checkZip(r, size, opts.MaxUnzipSize); err != nil {
		return err
	}
	f, err := openXLSX(r, size, opts)
	if err != nil {
		return err
	}
	defer f.Close()
	wb := &xlsxBook{f: f}
	if err := wb.list(); err != nil {
		return err
	}
	return streamWorkbook(wb, accept, e)
}

func openXLSX(r io.ReaderAt, size int64, opts Options) (f *excelize.File, err error) {
	defer guard(&err, msgXLSX)
	xmlLimit := int64(xmlInMemory)
	if xmlLimit > opts.MaxUnzipSize {
		xmlLimit = opts.MaxUnzipSize
	}
	f, err = excelize.OpenReader(io.NewSectionReader(r, 0, size), excelize.Options{
		UnzipSizeLimit:    opts.MaxUnzipSize,
		UnzipXMLSizeLimit: xmlLimit,
	})
	if err != nil {
		if f != nil {
			f.Close()
		}
		// checkZip refuses those first; this is a second line of defence.
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, tooLargeUnzipped(opts.MaxUnzipSize)
		}
		return nil, invalid(err, msgXLSX)
	}
	return f, nil
}

type xlsxBook struct {
	f      *excelize.File
	sheets []string
}

func (b *xlsxBook) list() (err error) {
	defer guard(&err, msgXLSX)
	b.sheets = b.f.GetSheetList()
	return nil
}

func (b *xlsxBook) sheetCount() int { return len(b.sheets) }

func (b *xlsxBook) open(i int) (rows sheetRows, err error) {
	defer guard(&err, msgXLSX)
	r, err := b.f.Rows(b.sheets[i])
	if err != nil {
		// A chart sheet or a missing part: no rows.
		return emptyRows{}, nil
	}
	return &xlsxRows{rows: r}, nil
}

type emptyRows struct{}

func (emptyRows) next() (int, []string, error) { return 0, nil, io.EOF }
func (emptyRows) close()                       {}

type xlsxRows struct {
	rows *excelize.Rows
	num  int
}

func (x *xlsxRows) next() (num int, cells []string, err error) {
	defer guard(&err, msgXLSX)
	if !x.rows.Next() {
		if err := x.rows.Error(); err != nil {
			return 0, nil, invalid(err, msgXLSX)
		}
		return 0, nil, io.EOF
	}
	x.num++
	if x.num > maxSheetRows {
		return 0, nil, explorer.Errorf(explorer.EINVALID, "%s: a row number is past %d", msgXLSX, maxSheetRows)
	}
	cells, err = x.rows.Columns()
	if err != nil {
		return 0, nil, invalid(err, msgXLSX)
	}
	return x.num, cells, nil
}

func (x *xlsxRows) close() {
	defer func() { _ = recover() }()
	x.rows.Close()
}
