package sheet

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"

	"explorer/internal/attack"
)

// This file builds XLS and XLSX files for the tests.

// cfbFile wraps a stream named name in an OLE2 compound file.
func cfbFile(name string, stream []byte) []byte { return attack.CFB(name, stream) }

// biffWriter writes BIFF records.
type biffWriter struct{ bytes.Buffer }

func (w *biffWriter) rec(id uint16, parts ...any) {
	var body bytes.Buffer
	for _, p := range parts {
		switch v := p.(type) {
		case []byte:
			body.Write(v)
		case string:
			body.WriteString(v)
		case int:
			panic("ambiguous int")
		default:
			binary.Write(&body, binary.LittleEndian, v)
		}
	}
	binary.Write(w, binary.LittleEndian, id)
	binary.Write(w, binary.LittleEndian, uint16(body.Len()))
	w.Write(body.Bytes())
}

// u16str is a BIFF8 XLUnicodeString in 16-bit characters.
func u16str(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 3+2*len(u))
	binary.LittleEndian.PutUint16(b, uint16(len(u)))
	b[2] = 1
	for i, c := range u {
		binary.LittleEndian.PutUint16(b[3+2*i:], c)
	}
	return b
}

// latinStr is a BIFF8 XLUnicodeString in 8-bit (compressed) characters.
func latinStr(s string) []byte {
	r := []rune(s)
	b := make([]byte, 3+len(r))
	binary.LittleEndian.PutUint16(b, uint16(len(r)))
	for i, c := range r {
		b[3+i] = byte(c)
	}
	return b
}

// xlsSheet describes a worksheet for buildXLS: records for its cells.
type xlsSheet struct {
	name  string
	cells func(w *biffWriter)
}

// xlsBookSpec describes a BIFF8 workbook for buildXLS.
type xlsBookSpec struct {
	date1904 bool
	formats  map[uint16]string // custom formats, index >= 164
	xfs      []uint16          // format index of each XF
	sst      func(w *biffWriter)
	sheets   []xlsSheet
	// extra global records, written before the sheets' BOUNDSHEETs
	globals func(w *biffWriter)
}

// buildXLS writes a BIFF8 workbook in an OLE2 file.
func buildXLS(t testing.TB, spec xlsBookSpec) []byte {
	t.Helper()
	var g biffWriter
	g.rec(recBOF, uint16(0x0600), uint16(0x0005), uint32(0), uint32(0), uint32(0))
	g.rec(recCodePage, uint16(1200))
	if spec.date1904 {
		g.rec(recDateMode, uint16(1))
	}
	for id, code := range spec.formats {
		g.rec(recFormat, id, u16str(code))
	}
	for _, f := range spec.xfs {
		g.rec(recXF, uint16(0), f, make([]byte, 16))
	}
	if spec.globals != nil {
		spec.globals(&g)
	}
	// BOUNDSHEETs with offsets patched below.
	patch := make([]int, len(spec.sheets))
	for i, s := range spec.sheets {
		patch[i] = g.Len() + 4
		g.rec(recBoundSheet, uint32(0), uint8(0), uint8(0), uint8(len(s.name)), uint8(0), s.name)
	}
	if spec.sst != nil {
		spec.sst(&g)
	}
	g.rec(recEOF)
	stream := g.Bytes()
	for i, s := range spec.sheets {
		binary.LittleEndian.PutUint32(stream[patch[i]:], uint32(len(stream)))
		var w biffWriter
		w.rec(recBOF, uint16(0x0600), uint16(0x0010), uint32(0), uint32(0), uint32(0))
		if s.cells != nil {
			s.cells(&w)
		}
		w.rec(recEOF)
		stream = append(stream, w.Bytes()...)
	}
	return cfbFile("Workbook", stream)
}

// Cell records.
func labelCell(w *biffWriter, row, col uint16, s string) {
	w.rec(recLabel, row, col, uint16(0), u16str(s))
}

func numberCell(w *biffWriter, row, col, xf uint16, v float64) {
	w.rec(recNumber, row, col, xf, v)
}

func rkInt(v int32) uint32 { return uint32(v)<<2 | 0x02 }

func rkFloat(v float64) uint32 {
	return uint32(math.Float64bits(v) >> 32)
}

// buildXLSX writes a workbook with excelize: each sheet's rows, in order.
func buildXLSX(t testing.TB, sheets []string, rows [][][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, name := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				t.Fatal(err)
			}
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		for r, row := range rows[i] {
			if row == nil {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(1, r+1)
			if err := f.SetSheetRow(name, cell, &row); err != nil {
				t.Fatal(err)
			}
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
