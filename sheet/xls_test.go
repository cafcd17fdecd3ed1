package sheet

import (
	"bytes"
	"encoding/binary"
	"os"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// testdata/topics.xls and topics.xlsx were made by LibreOffice 7.4 from
// testdata/topics.fods (see testdata/README).
func TestXLSLibreOffice(t *testing.T) {
	b, err := os.ReadFile("testdata/topics.xls")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := readBytes(t, b, KindXLS, limited(Options{}), hasIndex)
	if err != nil {
		t.Fatal(err)
	}
	// LibreOffice stores 0, not the text, as the result of a string
	// formula in XLS files.
	checkTopicsFixture(t, tab, "0")

	// Without an acceptable header, the first sheet.
	tab, err = readBytes(t, b, KindXLS, limited(Options{}), func([]string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tab.Header, []string{"Read me"}) {
		t.Errorf("fallback header %q", tab.Header)
	}
}

// sstSplit is an SST whose strings cross CONTINUE records: a 16-bit string
// continued in 8-bit characters, an 8-bit string continued in 16-bit ones,
// a rich string whose formatting runs cross the boundary, and a string
// header at the start of a CONTINUE record.
func sstSplit(w *biffWriter) {
	var sst bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&sst, le, uint32(6))
	binary.Write(&sst, le, uint32(5))
	sst.Write(latinStr("Index"))
	sst.Write(latinStr("Label"))
	// "smörgåsbord" in 16-bit characters, cut after "smör".
	binary.Write(&sst, le, uint16(11))
	sst.WriteByte(1)
	for _, c := range "smör" {
		binary.Write(&sst, le, uint16(c))
	}
	w.rec(recSST, sst.Bytes())
	// CONTINUE: option byte 0 (8-bit), "gåsbord"; then "Café" 8-bit, cut
	// after "Ca", with 4 formatting runs.
	var c1 bytes.Buffer
	c1.WriteByte(0)
	c1.Write(cp1252("gåsbord"))
	binary.Write(&c1, le, uint16(4))
	c1.WriteByte(0x08)
	binary.Write(&c1, le, uint16(2)) // 2 runs
	c1.WriteString("Ca")
	w.rec(recContinue, c1.Bytes())
	// CONTINUE: option byte 1 (16-bit), "fé", the runs (8 bytes) cut in
	// the middle.
	var c2 bytes.Buffer
	c2.WriteByte(1)
	for _, c := range "fé" {
		binary.Write(&c2, le, uint16(c))
	}
	c2.Write([]byte{0, 0, 1, 0})
	w.rec(recContinue, c2.Bytes())
	var c3 bytes.Buffer
	c3.Write([]byte{2, 0, 0, 0})
	// A whole string header at the start of a record.
	c3.Write(u16str("日本茶"))
	w.rec(recContinue, c3.Bytes())
}

func TestXLSGenerated(t *testing.T) {
	book := buildXLS(t, xlsBookSpec{
		formats: map[uint16]string{164: "#,##0.0", 165: `"TRUE";"TRUE";"FALSE"`},
		// XF 0 General, 1 "0.00", 2 date, 3 custom, 4 percent, 5 boolean
		xfs: []uint16{0, 2, 14, 164, 10, 165},
		sst: sstSplit,
		sheets: []xlsSheet{
			{name: "Empty"},
			{name: "Notes", cells: func(w *biffWriter) {
				labelCell(w, 0, 0, "Nothing here")
			}},
			{name: "Topics", cells: func(w *biffWriter) {
				// Header from the SST, in row 3 (0-based 2).
				w.rec(recLabelSST, uint16(2), uint16(0), uint16(0), uint32(0))
				w.rec(recLabelSST, uint16(2), uint16(1), uint16(0), uint32(1))
				labelCell(w, 2, 2, "Value")
				labelCell(w, 2, 3, "D")
				labelCell(w, 2, 4, "E")
				labelCell(w, 2, 5, "F")
				// Row 4: RK integer, SST string across CONTINUEs, NUMBER 3.1.
				w.rec(recRK, uint16(3), uint16(0), uint16(0), rkInt(1))
				w.rec(recLabelSST, uint16(3), uint16(1), uint16(0), uint32(2))
				numberCell(w, 3, 2, 0, 3.1)
				// Row 5: MULRK 1.1 (float RK /100 form: 110/100) and 7.
				w.rec(recMulRK, uint16(4), uint16(0), uint16(0), rkInt(110)|0x01, uint16(1), rkInt(7), uint16(1))
				w.rec(recLabelSST, uint16(4), uint16(2), uint16(0), uint32(3))
				// Row 6: blank cells only: skipped.
				w.rec(0x0201, uint16(5), uint16(0), uint16(0))
				// Row 7: formulas: a string (STRING record), a number, a
				// boolean; a BOOLERR error.
				w.rec(recFormula, uint16(6), uint16(0), uint16(0), []byte{0, 0, 0, 0, 0, 0, 0xFF, 0xFF}, uint16(0), uint32(0), []byte{0, 0})
				w.rec(recString, u16str("Drinks"))
				w.rec(recFormula, uint16(6), uint16(1), uint16(1), 2.0/3, uint16(0), uint32(0), []byte{0, 0})
				w.rec(recFormula, uint16(6), uint16(2), uint16(0), []byte{1, 0, 1, 0, 0, 0, 0xFF, 0xFF}, uint16(0), uint32(0), []byte{0, 0})
				w.rec(recBoolErr, uint16(6), uint16(3), uint16(0), uint8(0x07), uint8(1))
				// Row 8, written before row 8's neighbours: a date, a
				// custom format, a percentage, a boolean format, an RK
				// float; the LABEL of an 8-bit string.
				w.rec(recNumber, uint16(7), uint16(0), uint16(2), 45322.0)
				w.rec(recNumber, uint16(7), uint16(1), uint16(3), 1234.56)
				w.rec(recNumber, uint16(7), uint16(2), uint16(4), 0.125)
				w.rec(recRK, uint16(7), uint16(3), uint16(5), rkInt(1))
				w.rec(recRK, uint16(7), uint16(4), uint16(0), rkFloat(0.5))
				w.rec(recLabel, uint16(7), uint16(5), uint16(0), latinStr("smörgås"))
				// A cell past column 255 and an SST index out of range are
				// ignored; a BOOLERR boolean.
				w.rec(recLabelSST, uint16(8), uint16(300), uint16(0), uint32(0))
				w.rec(recLabelSST, uint16(8), uint16(1), uint16(0), uint32(99))
				w.rec(recBoolErr, uint16(8), uint16(0), uint16(0), uint8(1), uint8(0))
				// Row 10 before row 9 in the stream.
				labelCell(w, 9, 0, "ten")
				labelCell(w, 8, 2, "nine")
				// An embedded chart substream: its cells are not the sheet's.
				w.rec(recBOF, uint16(0x0600), uint16(0x0020), uint32(0), uint32(0), uint32(0))
				labelCell(w, 20, 0, "chart")
				w.rec(recEOF)
			}},
		},
	})
	tab, err := readBytes(t, book, KindXLS, limited(Options{}), hasIndex)
	if err != nil {
		t.Fatal(err)
	}
	want := &Table{
		Header: []string{"Index", "Label", "Value", "D", "E", "F"},
		Rows: [][]string{
			{"1", "smörgåsbord", "3.1", "", "", ""},
			{"1.1", "7.00", "Café", "", "", ""},
			{"Drinks", "0.67", "TRUE", "#DIV/0!", "", ""},
			{"2024-01-31", "1,234.6", "12.50%", "TRUE", "0.5", "smörgås"},
			{"TRUE", "", "nine", "", "", ""},
			{"ten", "", "", "", "", ""},
		},
		RowNumbers: []int{4, 5, 7, 8, 9, 10},
		HeaderRow:  3,
	}
	if !reflect.DeepEqual(tab, want) {
		t.Errorf("got\n%+v\nwant\n%+v", *tab, *want)
	}
	if len(sstStrings(t, book)) != 5 {
		t.Errorf("SST: %q", sstStrings(t, book))
	}
}

func sstStrings(t *testing.T, book []byte) []string {
	stream, err := workbookStream(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	wb, err := parseGlobals(stream)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Index", "Label", "smörgåsbord", "Café", "日本茶"}; !reflect.DeepEqual(wb.sst, want) {
		t.Errorf("SST %q, want %q", wb.sst, want)
	}
	return wb.sst
}

func TestXLSDates1904(t *testing.T) {
	book := buildXLS(t, xlsBookSpec{
		date1904: true,
		formats:  map[uint16]string{164: "yyyy-mm-dd hh:mm", 165: "[h]:mm:ss", 166: "hh:mm"},
		xfs:      []uint16{0, 14, 164, 165, 166},
		sheets: []xlsSheet{{name: "S", cells: func(w *biffWriter) {
			labelCell(w, 0, 0, "When")
			numberCell(w, 1, 0, 1, 0)
			numberCell(w, 2, 0, 2, 43860.5)
			numberCell(w, 3, 0, 3, 1.25)
			numberCell(w, 4, 0, 4, 0.75)
		}}},
	})
	tab, err := readBytes(t, book, KindXLS, limited(Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"1904-01-01"}, {"2024-01-31 12:00"}, {"30:00:00"}, {"18:00"}}
	if !reflect.DeepEqual(tab.Rows, want) {
		t.Errorf("got %q, want %q", tab.Rows, want)
	}
}

// buildBIFF5 writes an Excel 5/95 workbook (a Book stream) with a code page.
func buildBIFF5(codePage uint16, label []byte) []byte {
	var g biffWriter
	g.rec(recBOF, uint16(0x0500), uint16(0x0005), uint32(0))
	g.rec(recCodePage, codePage)
	g.rec(recXF, uint16(0), uint16(0), make([]byte, 12))
	pos := g.Len() + 4
	g.rec(recBoundSheet, uint32(0), uint8(0), uint8(0), uint8(5), "Sheet")
	g.rec(recEOF)
	stream := g.Bytes()
	binary.LittleEndian.PutUint32(stream[pos:], uint32(len(stream)))
	var w biffWriter
	w.rec(recBOF, uint16(0x0500), uint16(0x0010), uint32(0))
	w.rec(recLabel, uint16(0), uint16(0), uint16(0), uint16(4), "Name")
	w.rec(recLabel, uint16(0), uint16(1), uint16(0), uint16(1), "N")
	w.rec(recLabel, uint16(1), uint16(0), uint16(0), uint16(len(label)), label)
	w.rec(recRK, uint16(1), uint16(1), uint16(0), rkInt(-3))
	w.rec(recEOF)
	return cfbFile("Book", append(stream, w.Bytes()...))
}

func TestXLSBIFF5(t *testing.T) {
	cyr, _ := charmap.Windows1251.NewEncoder().Bytes([]byte("Привет"))
	tab, err := readBytes(t, buildBIFF5(1251, cyr), KindXLS, limited(Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"Привет", "-3"}}; !reflect.DeepEqual(tab.Rows, want) || tab.Header[0] != "Name" {
		t.Errorf("got %q %q", tab.Header, tab.Rows)
	}
	tab, err = readBytes(t, buildBIFF5(1252, cp1252("smörgås")), KindXLS, limited(Options{}), nil)
	if err != nil || tab.Rows[0][0] != "smörgås" {
		t.Errorf("got %v %v", tab, err)
	}
}

func TestXLSErrors(t *testing.T) {
	good := buildXLS(t, xlsBookSpec{sheets: []xlsSheet{{name: "S", cells: func(w *biffWriter) {
		labelCell(w, 0, 0, "Index")
		labelCell(w, 1, 0, "1")
	}}}})
	var g biffWriter
	g.rec(recBOF, uint16(0x0600), uint16(0x0005), uint32(0), uint32(0), uint32(0))
	g.rec(recFilePass, make([]byte, 54))
	g.rec(recEOF)
	encrypted := cfbFile("Workbook", g.Bytes())
	var old biffWriter
	old.rec(0x0409, uint16(0), uint16(0x0010), uint16(0))
	tests := []struct {
		name string
		in   []byte
		code string
		msg  string
	}{
		{"xlsx content", buildXLSX(t, []string{"S"}, [][][]any{{{"A"}}}), codeUnsupported, "does not match its .xls name: it is a zip archive"},
		{"csv content", []byte("Index,Label\n1,x\n"), codeUnsupported, ""},
		{"html saved as xls", []byte("<html><table><tr><td>Index</td></tr></table></html>"), codeUnsupported, ""},
		{"empty", nil, codeUnsupported, ""},
		{"OLE2 header only", good[:512], codeInvalid, ""},
		{"truncated", good[:len(good)-3000], codeInvalid, ""},
		{"no Workbook stream", cfbFile("WordDocument", []byte("hello")), codeInvalid, "no workbook"},
		{"not BIFF", cfbFile("Workbook", []byte("hello, world")), codeInvalid, ""},
		{"encrypted", encrypted, codeInvalid, "password"},
		{"BIFF4", cfbFile("Workbook", old.Bytes()), codeUnsupported, "old format"},
		{"no sheets", buildXLS(t, xlsBookSpec{}), codeInvalid, "no header row"},
		{"empty sheet", buildXLS(t, xlsBookSpec{sheets: []xlsSheet{{name: "S"}}}), codeInvalid, "no header row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readBytes(t, tt.in, KindXLS, limited(Options{}), nil)
			if got := errorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
			if !strings.Contains(errorMessage(err), tt.msg) {
				t.Fatalf("message %q does not contain %q", errorMessage(err), tt.msg)
			}
		})
	}
	if _, err := readBytes(t, good, KindXLS, limited(Options{}), nil); err != nil {
		t.Fatalf("good file: %v", err)
	}
}

// Many BOUNDSHEET records pointing at one big sheet cannot multiply the
// work: the parse budget runs out.
func TestXLSSheetBudget(t *testing.T) {
	spec := xlsBookSpec{}
	big := func(w *biffWriter) {
		for r := uint16(1); r < 2000; r++ {
			w.rec(recRK, r, uint16(0), uint16(0), rkInt(int32(r)))
		}
	}
	spec.sheets = append(spec.sheets, xlsSheet{name: "S", cells: big})
	for i := 0; i < 400; i++ {
		spec.sheets = append(spec.sheets, xlsSheet{name: "T"})
	}
	book := buildXLS(t, spec)
	// Point every sheet at the first one.
	stream, _ := workbookStream(bytes.NewReader(book), int64(len(book)))
	wb, _ := parseGlobals(stream)
	for i := range wb.sheets {
		wb.sheets[i] = wb.sheets[0]
	}
	e := &emitter{opts: limited(Options{})}
	err := streamWorkbook(wb, func([]string) bool { return false }, e)
	if errorCode(err) != codeInvalid {
		t.Fatalf("got %v", err)
	}
}

func TestXLSLimits(t *testing.T) {
	book := buildXLS(t, xlsBookSpec{sheets: []xlsSheet{{name: "S", cells: func(w *biffWriter) {
		labelCell(w, 0, 0, "A")
		for r := uint16(1); r <= 5; r++ {
			labelCell(w, r, 0, strings.Repeat("x", int(r)))
		}
	}}}})
	_, err := readBytes(t, book, KindXLS, limited(Options{MaxRows: 4}), nil)
	if errorCode(err) != codeTooLarge || !strings.Contains(errorMessage(err), "more than 4 rows") {
		t.Errorf("MaxRows: %v", err)
	}
	_, err = readBytes(t, book, KindXLS, limited(Options{MaxCellLen: 4}), nil)
	if errorCode(err) != codeInvalid || !strings.Contains(errorMessage(err), "row 6") {
		t.Errorf("MaxCellLen: %v", err)
	}
}
