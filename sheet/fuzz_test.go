package sheet

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The fuzz targets check that no input makes a reader panic or hang, that
// every error is an *Error of a kind callers map, and that the
// tables read keep their invariants. Their seeds are the f.Add calls
// (the LibreOffice workbooks of testdata among them) and the inputs that
// once failed, in testdata/fuzz/<target>; the seeds run as ordinary tests.

var fuzzOpts = limited(Options{MaxRows: 10_000, MaxColumns: 64, MaxCellLen: 10_000, MaxUnzipSize: 1 << 20})

// allocBound is the most bytes streaming an input may allocate: a fixed
// part for buffers, and a multiple of what the input holds (its bytes, and
// for a workbook its decompressed bytes, bounded by MaxUnzipSize). A file
// claiming a column such as XFD, a count or a size costs nothing more.
func allocBound(data []byte, kind Kind, opts Options) uint64 {
	n := uint64(16<<20) + 128*uint64(len(data))
	if kind == KindXLSX {
		n += 64 * uint64(opts.MaxUnzipSize)
	}
	return n
}

// checkAlloc streams the input (as uploads are read) and fails when it
// allocates more than allocBound.
func checkAlloc(t *testing.T, data []byte, kind Kind, opts Options) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _ = Stream(context.Background(), bytes.NewReader(data), int64(len(data)), kind, opts, hasIndex,
		func([]string) error { return nil }, func(int, []string) error { return nil })
	runtime.ReadMemStats(&after)
	if alloc, bound := after.TotalAlloc-before.TotalAlloc, allocBound(data, kind, opts); alloc > bound {
		t.Fatalf("a %d byte input allocated %d bytes (bound %d)", len(data), alloc, bound)
	}
}

func checkRead(t *testing.T, data []byte, kind Kind, opts Options) {
	checkAlloc(t, data, kind, opts)
	tab, err := readBytes(t, data, kind, opts, hasIndex)
	if err != nil {
		var xe *Error
		if !errors.As(err, &xe) {
			t.Fatalf("error is not an *Error: %T %v", err, err)
		}
		switch xe.Kind {
		case Invalid, Unsupported, TooLarge:
		default:
			t.Fatalf("unexpected kind %d: %v", xe.Kind, err)
		}
		return
	}
	if len(tab.Header) == 0 || isBlank(tab.Header) {
		t.Fatalf("blank header %q", tab.Header)
	}
	if len(tab.Rows) != len(tab.RowNumbers) {
		t.Fatalf("%d rows, %d numbers", len(tab.Rows), len(tab.RowNumbers))
	}
	prev := tab.HeaderRow
	for i, row := range tab.Rows {
		if len(row) < len(tab.Header) {
			t.Fatalf("row %d has %d cells, header %d", i, len(row), len(tab.Header))
		}
		if isBlank(row) {
			t.Fatalf("blank row %d", i)
		}
		if tab.RowNumbers[i] <= prev {
			t.Fatalf("row numbers not increasing: %v after %d", tab.RowNumbers[i], prev)
		}
		prev = tab.RowNumbers[i]
	}
}

func FuzzCSV(f *testing.F) {
	f.Add([]byte("Index,Label,Terms\n1,Food,\"burger, fries\"\n"), "")
	f.Add([]byte("Index;Label\n1;\"a\nb\"\n\n2;x\n"), "")
	f.Add(utf16le("Index\tLabel\n1\tsmörgås\n", true), "")
	f.Add(cp1252("Index|Label\n1|smörgås\n"), "windows-1252")
	f.Add([]byte("\xEF\xBB\xBFA,B\n\"x\"\"y\",z\n"), "utf-8")
	f.Add([]byte("Index,Label,Terms\r\n1,\"a \"\"b\"\", c\",\"x\r\ny\"\r\n"), "")
	f.Add(utf16be("A;B\n1;smörgås\n", true), "")
	f.Add([]byte("A,B\n1,\x93\xfa\x96\x7b\n"), "shift_jis")
	f.Add([]byte("A,B\n1,a\"b\n"), "")
	f.Add([]byte("A|B|C\n1\n1|2|3|4|5\n\n |\n"), "")
	f.Fuzz(func(t *testing.T, data []byte, enc string) {
		opts := fuzzOpts
		opts.Encoding = enc
		checkRead(t, data, KindCSV, opts)
	})
}

// FuzzXLSX reads the input as an XLSX file and, since mutated zips rarely
// pass their checksums, also as the worksheet XML of a valid workbook.
func FuzzXLSX(f *testing.F) {
	f.Add(buildXLSX(f, []string{"Topics"}, [][][]any{{{"Index", "Label"}, {1, "Food"}, {1.1, "Burgers"}}}))
	f.Add([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Index</t></is></c><c r="B1" t="s"><v>0</v></c></row><row r="3"><c r="A3" s="1"><v>3.1</v></c><c r="C3" t="b"><v>1</v></c><c t="e"><v>#N/A</v></c><c r="D3" t="str"><f>A3</f><v>x</v></c></row></sheetData></worksheet>`))
	f.Add(testdataFile(f, "topics.xlsx"))
	f.Add(bombXLSX(f, 4<<20, 1<<20))
	base := buildXLSX(f, []string{"Sheet1"}, [][][]any{{{"Index", "Label"}}})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, KindXLSX, fuzzOpts)
		if !bytes.HasPrefix(data, magicZip) {
			checkRead(t, withSheetXML(t, base, data), KindXLSX, fuzzOpts)
		}
	})
}

// withSheetXML replaces the first worksheet of an XLSX file.
func withSheetXML(t testing.TB, book, sheet []byte) []byte {
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		if f.Name == "xl/worksheets/sheet1.xml" {
			w.Write(sheet)
			continue
		}
		rc, _ := f.Open()
		io.Copy(w, rc)
		rc.Close()
	}
	zw.Close()
	return out.Bytes()
}

// FuzzXLS reads the input as an XLS file and, since mutated compound files
// rarely get to the BIFF records, also as the Workbook stream of a valid
// compound file.
func FuzzXLS(f *testing.F) {
	book := buildXLS(f, xlsBookSpec{
		xfs: []uint16{0, 2},
		sst: sstSplit,
		sheets: []xlsSheet{{name: "S", cells: func(w *biffWriter) {
			w.rec(recLabelSST, uint16(0), uint16(0), uint16(0), uint32(0))
			w.rec(recRK, uint16(1), uint16(0), uint16(1), rkInt(3))
			w.rec(recLabelSST, uint16(1), uint16(1), uint16(0), uint32(2))
			w.rec(recFormula, uint16(2), uint16(0), uint16(0), []byte{0, 0, 0, 0, 0, 0, 0xFF, 0xFF}, uint16(0), uint32(0), []byte{0, 0})
			w.rec(recString, u16str("Drinks"))
			w.rec(recMulRK, uint16(3), uint16(0), uint16(0), rkInt(110)|0x01, uint16(1), rkInt(7), uint16(1))
		}}},
	})
	f.Add(book)
	stream, err := workbookStream(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(bytes.TrimRight(stream, "\x00"))
	f.Add(buildBIFF5(1251, []byte{0xcf, 0xf0, 0xe8}))
	f.Add(testdataFile(f, "topics.xls"))
	f.Add(buildBIFF5(1252, cp1252("smörgås")))
	f.Add(encryptedXLS())
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, KindXLS, fuzzOpts)
		if !bytes.HasPrefix(data, magicOLE2) {
			checkRead(t, cfbFile("Workbook", data), KindXLS, fuzzOpts)
		}
	})
}

// testdataFile reads a file of testdata.
func testdataFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// encryptedXLS is a workbook whose stream says it is encrypted.
func encryptedXLS() []byte {
	var g biffWriter
	g.rec(recBOF, uint16(0x0600), uint16(0x0005), uint32(0), uint32(0), uint32(0))
	g.rec(recFilePass, make([]byte, 54))
	g.rec(recEOF)
	return cfbFile("Workbook", g.Bytes())
}
