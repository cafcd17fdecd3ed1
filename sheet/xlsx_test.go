package sheet

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func hasIndex(h []string) bool {
	for _, c := range h {
		if strings.EqualFold(strings.TrimSpace(c), "index") {
			return true
		}
	}
	return false
}

func TestXLSX(t *testing.T) {
	book := buildXLSX(t, []string{"Notes", "Topics"}, [][][]any{
		{{"Read me"}, {"The topics are on the next sheet"}},
		{
			nil,
			{"Index", "Label", "Terms", "Pinned"},
			{1, "Food", "burger, fries", true},
			{3.1, "Smörgåsbord", "smörgås", false},
			nil,
			{"", " ", ""},
			{2, "Drinks"},
			{2.25, nil, "soda", nil, "extra"},
		},
	})
	tab, err := readBytes(t, book, KindXLSX, limited(Options{}), hasIndex)
	if err != nil {
		t.Fatal(err)
	}
	wantHeader := []string{"Index", "Label", "Terms", "Pinned"}
	wantRows := [][]string{
		{"1", "Food", "burger, fries", "TRUE"},
		{"3.1", "Smörgåsbord", "smörgås", "FALSE"},
		{"2", "Drinks", "", ""},
		{"2.25", "", "soda", ""},
	}
	if !reflect.DeepEqual(tab.Header, wantHeader) || !reflect.DeepEqual(tab.Rows, wantRows) {
		t.Fatalf("got %q %q", tab.Header, tab.Rows)
	}
	if want := []int{3, 4, 7, 8}; !reflect.DeepEqual(tab.RowNumbers, want) {
		t.Errorf("row numbers %v, want %v", tab.RowNumbers, want)
	}
	if tab.HeaderRow != 2 || tab.Encoding != "" {
		t.Errorf("header row %d, encoding %q", tab.HeaderRow, tab.Encoding)
	}

	// No sheet has the header: the first sheet with a row is read.
	tab, err = readBytes(t, book, KindXLSX, limited(Options{}), func([]string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tab.Header, []string{"Read me"}) || len(tab.Rows) != 1 {
		t.Errorf("fallback: got %q %q", tab.Header, tab.Rows)
	}

	// MaxRows.
	_, err = readBytes(t, book, KindXLSX, limited(Options{MaxRows: 3}), hasIndex)
	if errorCode(err) != codeTooLarge {
		t.Errorf("MaxRows: got %v", err)
	}
	// MaxCellLen.
	_, err = readBytes(t, book, KindXLSX, limited(Options{MaxCellLen: 12}), hasIndex)
	if errorCode(err) != codeInvalid || !strings.Contains(errorMessage(err), "row 3") {
		t.Errorf("MaxCellLen: got %v", err)
	}
}

// Numbers come out as Excel shows them, through their number format.
func TestXLSXNumberFormats(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	set := func(cell string, v any, format string) {
		t.Helper()
		if err := f.SetCellValue("Sheet1", cell, v); err != nil {
			t.Fatal(err)
		}
		if format != "" {
			style, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
			if err != nil {
				t.Fatal(err)
			}
			if err := f.SetCellStyle("Sheet1", cell, cell, style); err != nil {
				t.Fatal(err)
			}
		}
	}
	set("A1", "Value", "")
	set("A2", 1, "")
	set("A3", 3.1, "")
	set("A4", 0.1+0.2, "")
	set("A5", 3.1, "0.00")
	set("A6", 1234567.891, "#,##0.00")
	set("A7", 0.125, "0.0%")
	set("A8", 100000000000.0, "")
	set("A9", -2.5, "")
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := readBytes(t, buf.Bytes(), KindXLSX, limited(Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1", "3.1", "0.3", "3.10", "1,234,567.89", "12.5%", "100000000000", "-2.5"}
	for i, w := range want {
		if got := tab.Rows[i][0]; got != w {
			t.Errorf("A%d: %q, want %q", i+2, got, w)
		}
	}
}

// A workbook made by LibreOffice (see testdata/README).
func TestXLSXLibreOffice(t *testing.T) {
	b, err := os.ReadFile("testdata/topics.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := readBytes(t, b, KindXLSX, limited(Options{}), hasIndex)
	if err != nil {
		t.Fatal(err)
	}
	checkTopicsFixture(t, tab, "Drinks")
}

// checkTopicsFixture checks the content of testdata/topics.*. LibreOffice
// keeps no result of string formulas in XLS files: label is what the
// formula cell reads as.
func checkTopicsFixture(t *testing.T, tab *Table, label string) {
	t.Helper()
	wantHeader := []string{"Index", "Label", "Terms", "Pinned", "Score", "Added", "Share"}
	wantRows := [][]string{
		{"1", "Food", "", "1", "3.10", "2024-01-31", "12.5%"},
		{"1.1", "Burgers", "burger, cheeseburger, veggie burger", "", "", "", ""},
		{"1.2", "Smörgåsbord", `smörgås, räksmörgås, "quoted"`, "", "", "", ""},
		{"2", label, "soda, 日本茶, cola", "0", "0.333333333333333", "", ""},
		{"2.1", "Sodas", "soda, pop", "", "1234567.891", "", ""},
	}
	if !reflect.DeepEqual(tab.Header, wantHeader) {
		t.Errorf("header %q", tab.Header)
	}
	if !reflect.DeepEqual(tab.Rows, wantRows) {
		t.Errorf("rows\n%q\nwant\n%q", tab.Rows, wantRows)
	}
	if want := []int{2, 3, 4, 6, 7}; !reflect.DeepEqual(tab.RowNumbers, want) {
		t.Errorf("row numbers %v, want %v", tab.RowNumbers, want)
	}
}

func TestXLSXMismatch(t *testing.T) {
	var plainZip bytes.Buffer
	zw := zip.NewWriter(&plainZip)
	w, _ := zw.Create("hello.txt")
	w.Write([]byte("hello"))
	zw.Close()
	book := buildXLSX(t, []string{"S"}, [][][]any{{{"A"}, {1}}})
	tests := []struct {
		name string
		in   []byte
		code string
		msg  string
	}{
		{"csv content", []byte("Index,Label\n1,x\n"), codeUnsupported, "does not match its .xlsx name: it is neither"},
		{"xls content", buildXLS(t, xlsBookSpec{}), codeUnsupported, "it is an OLE2 compound file, as XLS workbooks are"},
		{"encrypted", cfbFile("EncryptedPackage", []byte("secret")), codeInvalid, "password"},
		{"empty", nil, codeUnsupported, "it is empty"},
		{"zip that is not a workbook", plainZip.Bytes(), codeInvalid, ""},
		{"truncated", book[:len(book)/2], codeInvalid, ""},
		{"zip magic only", []byte("PK\x03\x04"), codeInvalid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readBytes(t, tt.in, KindXLSX, limited(Options{}), nil)
			if got := errorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
			if !strings.Contains(errorMessage(err), tt.msg) {
				t.Fatalf("message %q does not contain %q", errorMessage(err), tt.msg)
			}
		})
	}
}

// bombXLSX builds an XLSX whose first worksheet decompresses to about
// inflated bytes while the file stays small (deflate blocks of spaces
// repeated), declaring declared bytes as its uncompressed size (0: the
// true size).
func bombXLSX(t testing.TB, inflated int64, declared uint64) []byte {
	t.Helper()
	base := buildXLSX(t, []string{"Sheet1"}, [][][]any{{{"Index"}, {1}}})
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	if err != nil {
		t.Fatal(err)
	}
	// The deflate stream: a prefix, one block of 1 MiB of spaces repeated,
	// a suffix. Every back-reference of the repeated block points at
	// spaces, so the repetition is a valid stream.
	const mib = 1 << 20
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	prefix := []byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Index</t></is></c></row>`)
	suffix := []byte(`</sheetData></worksheet>`)
	fw.Write(prefix)
	size := uint64(len(prefix) + len(suffix) + 3*mib)
	spaces := bytes.Repeat([]byte(" "), mib)
	fw.Write(spaces)
	fw.Flush()
	fw.Write(spaces)
	fw.Flush()
	start := comp.Len()
	fw.Write(spaces)
	fw.Flush()
	block := append([]byte(nil), comp.Bytes()[start:]...)
	var stream bytes.Buffer
	stream.Write(comp.Bytes())
	for n := int64(3 * mib); n < inflated; n += mib {
		stream.Write(block)
		size += mib
	}
	if declared == 0 {
		declared = size
	}
	var tail bytes.Buffer
	fw.Reset(&tail)
	fw.Write(suffix)
	fw.Close()
	// The reset writer starts a new stream; its blocks hold no
	// back-references into earlier data, so they can follow.
	stream.Write(tail.Bytes())

	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			w, err := zw.CreateRaw(&zip.FileHeader{
				Name:               f.Name,
				Method:             zip.Deflate,
				CompressedSize64:   uint64(stream.Len()),
				UncompressedSize64: declared,
			})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(stream.Bytes())
			continue
		}
		w, err := zw.CreateHeader(&f.FileHeader)
		if err != nil {
			t.Fatal(err)
		}
		rc, _ := f.Open()
		io.Copy(w, rc)
		rc.Close()
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestXLSXZipBomb(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		name     string
		inflated int64
		declared uint64
		code     string
	}{
		// Honest sizes: refused from the central directory alone.
		{"declares 4 GiB", 4 * gib, 4 * gib, codeTooLarge},
		{"declares 2^64-1", 64 << 20, 1<<64 - 1, codeTooLarge},
		// Lying sizes: decompression stops at the declared size.
		{"declares 1 MiB, holds 4 GiB", 4 * gib, 1 << 20, codeInvalid},
		{"declares 40 MiB, holds 4 GiB", 4 * gib, 40 << 20, codeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bomb := bombXLSX(t, tt.inflated, tt.declared)
			if len(bomb) > 8<<20 {
				t.Fatalf("bomb of %d bytes", len(bomb))
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := readBytes(t, bomb, KindXLSX, limited(Options{}), nil)
			runtime.ReadMemStats(&after)
			if got := errorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
				t.Errorf("allocated %d MB reading a %d byte bomb", alloc>>20, len(bomb))
			}
		})
	}
	// A lower limit refuses smaller workbooks.
	bomb := bombXLSX(t, 8<<20, 0)
	_, err := readBytes(t, bomb, KindXLSX, limited(Options{MaxUnzipSize: 4 << 20}), nil)
	if errorCode(err) != codeTooLarge {
		t.Fatalf("MaxUnzipSize: got %v", err)
	}
	tab, err := readBytes(t, bomb, KindXLSX, limited(Options{}), nil)
	if err != nil || !reflect.DeepEqual(tab.Header, []string{"Index"}) {
		t.Fatalf("8 MiB sheet within the limit: %v %v", tab, err)
	}
}

func TestXLSXTooManyParts(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i <= maxZipEntries; i++ {
		zw.CreateHeader(&zip.FileHeader{Name: "x/" + strings.Repeat("a", i%7) + string(rune('a'+i%26)), Method: zip.Store})
	}
	zw.Close()
	_, err := readBytes(t, buf.Bytes(), KindXLSX, limited(Options{}), nil)
	if errorCode(err) != codeTooLarge {
		t.Fatalf("got %v", err)
	}
}

// A row number past the worksheet's limit is refused rather than iterated.
func TestXLSXHugeRowNumber(t *testing.T) {
	base := buildXLSX(t, []string{"Sheet1"}, [][][]any{{{"Index"}, {1}}})
	zr, _ := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		if f.Name == "xl/worksheets/sheet1.xml" {
			w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Index</t></is></c></row><row r="2000000000"><c r="A2000000000"><v>1</v></c></row></sheetData></worksheet>`))
			continue
		}
		rc, _ := f.Open()
		io.Copy(w, rc)
		rc.Close()
	}
	zw.Close()
	_, err := readBytes(t, out.Bytes(), KindXLSX, limited(Options{}), nil)
	if errorCode(err) != codeInvalid {
		t.Fatalf("got %v", err)
	}
}
