// Package attack builds the hostile files of the hardening issue (a
// spreadsheet claiming far more than it holds, or holding far more than it
// weighs) in code, so that neither the regression tests nor cmd/attack need
// large files in the repository.
package attack

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"strings"
)

// Part is one part of an XLSX file: its name and its deflated content
// (as made by Deflate or Repeat) with the uncompressed size.
type Part struct {
	Name string
	Data []byte
	Size uint64
}

// Deflate compresses a part's content.
func Deflate(name string, content []byte) Part {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(content)
	w.Close()
	return Part{Name: name, Data: b.Bytes(), Size: uint64(len(content))}
}

// Repeat compresses prefix, count copies of unit and suffix without ever
// holding them: one compressed block of whole units is written once and
// copied, which is valid since its back-references only reach earlier
// copies of the unit.
func Repeat(name string, prefix, unit []byte, count int, suffix []byte) Part {
	per := max(1, (1<<20)/len(unit))
	if count < 4*per {
		return Deflate(name, append(append(append([]byte(nil), prefix...), bytes.Repeat(unit, count)...), suffix...))
	}
	chunk := bytes.Repeat(unit, per)
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(prefix)
	fw.Write(chunk)
	fw.Flush()
	fw.Write(chunk)
	fw.Flush()
	start := comp.Len()
	fw.Write(chunk)
	fw.Flush()
	block := append([]byte(nil), comp.Bytes()[start:]...)
	done := 3 * per
	for ; done+per <= count; done += per {
		comp.Write(block)
	}
	// A fresh stream for the rest: it refers to nothing before it.
	fw.Reset(&comp)
	fw.Write(bytes.Repeat(unit, count-done))
	fw.Write(suffix)
	fw.Close()
	size := uint64(len(prefix)) + uint64(count)*uint64(len(unit)) + uint64(len(suffix))
	return Part{Name: name, Data: comp.Bytes(), Size: size}
}

const (
	mainNS  = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	relNS   = `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	pkgRels = `http://schemas.openxmlformats.org/package/2006/relationships`
	docRels = `http://schemas.openxmlformats.org/officeDocument/2006/relationships`
)

// XLSX builds a workbook of one worksheet (xl/worksheets/sheet1.xml) and,
// when sst is true, a shared string table (xl/sharedStrings.xml); the
// caller gives those parts.
func XLSX(sheet Part, sst *Part) []byte {
	rels := `<Relationship Id="rId1" Type="` + docRels + `/worksheet" Target="worksheets/sheet1.xml"/>`
	if sst != nil {
		rels += `<Relationship Id="rId2" Type="` + docRels + `/sharedStrings" Target="sharedStrings.xml"/>`
	}
	parts := []Part{
		Deflate("[Content_Types].xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`)),
		Deflate("_rels/.rels", []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="`+pkgRels+`"><Relationship Id="rId1" Type="`+docRels+`/officeDocument" Target="xl/workbook.xml"/></Relationships>`)),
		Deflate("xl/workbook.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><workbook `+mainNS+` `+relNS+`><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`)),
		Deflate("xl/_rels/workbook.xml.rels", []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="`+pkgRels+`">`+rels+`</Relationships>`)),
		sheet,
	}
	if sst != nil {
		parts = append(parts, *sst)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, p := range parts {
		// CRC32 0: archive/zip does not check it, so the repeated
		// streams need no checksum over gigabytes.
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.Name, Method: zip.Deflate,
			CompressedSize64: uint64(len(p.Data)), UncompressedSize64: p.Size})
		if err != nil {
			panic(err)
		}
		w.Write(p.Data)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return out.Bytes()
}

func sheetPart(header string, unit []byte, count int) Part {
	prefix := []byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet ` + mainNS + `><sheetData>` + header)
	return Repeat("xl/worksheets/sheet1.xml", prefix, unit, count, []byte(`</sheetData></worksheet>`))
}

// modelHeader is row 1 with Index, Label and Terms as inline strings.
const modelHeader = `<row r="1"><c r="A1" t="inlineStr"><is><t>Index</t></is></c><c r="B1" t="inlineStr"><is><t>Label</t></is></c><c r="C1" t="inlineStr"><is><t>Terms</t></is></c></row>`

// WideColumn is a workbook whose rows after the header each hold one
// cell in the last column, XFD (the reader that keeps full-width rows
// grows by 16,384 strings a row).
func WideColumn(rows int) []byte {
	return XLSX(sheetPart(modelHeader, []byte(`<row><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row>`), rows), nil)
}

// SharedRefs is a workbook of rows whose Label and Terms refer to one
// shared string of strLen characters (the reader that copies a shared
// string per reference, or a store that keeps every reference, grows by
// rows × strLen).
func SharedRefs(rows, strLen int) []byte {
	word := strings.Repeat("lorem ", strLen/6+1)[:strLen]
	sst := Deflate("xl/sharedStrings.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><sst `+mainNS+` count="1" uniqueCount="1"><si><t>`+word+`</t></si></sst>`))
	return XLSX(sheetPart(modelHeader, []byte(`<row><c t="inlineStr"><is><t>1</t></is></c><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>`), rows), &sst)
}

// Whitespace is a workbook whose worksheet holds n bytes of spaces after a
// header and one row.
func Whitespace(n int) []byte {
	header := modelHeader + `<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>Food</t></is></c><c r="C2" t="inlineStr"><is><t>burger</t></is></c></row>`
	return XLSX(sheetPart(header, []byte("        "), n/8), nil)
}

// ManyStrings is a workbook whose shared string table holds n strings
// (one a row would be enough for the worksheet's 3 rows).
func ManyStrings(n int) []byte {
	sst := Repeat("xl/sharedStrings.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><sst `+mainNS+` count="`+fmt.Sprint(n)+`" uniqueCount="`+fmt.Sprint(n)+`">`),
		[]byte(`<si><t>x</t></si>`), n, []byte(`</sst>`))
	sheet := Deflate("xl/worksheets/sheet1.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet `+mainNS+`><sheetData>`+modelHeader+
		`<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c></row></sheetData></worksheet>`))
	return XLSX(sheet, &sst)
}

// HugeLineCSV is a CSV file whose second line is n bytes without a line
// end.
func HugeLineCSV(n int) []byte {
	return append([]byte("Index,Label,Terms\n1,"), bytes.Repeat([]byte("a"), n)...)
}

// HugeCountsXLS is an XLS file whose shared string table declares 2^32-1
// strings (with 3 present) and whose cells name far rows and columns.
func HugeCountsXLS() []byte {
	var b bytes.Buffer
	rec := func(id uint16, body []byte) {
		binary.Write(&b, binary.LittleEndian, id)
		binary.Write(&b, binary.LittleEndian, uint16(len(body)))
		b.Write(body)
	}
	u16 := func(v ...uint16) []byte {
		out := make([]byte, 2*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint16(out[2*i:], x)
		}
		return out
	}
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	str := func(s string) []byte { return append(append(u16(uint16(len(s))), 0), s...) }
	bof := append(u16(0x0600, 0x0005), make([]byte, 12)...)
	rec(0x0809, bof)
	sst := append(u32(0xFFFFFFFF), u32(0xFFFFFFFF)...)
	for _, s := range []string{"Index", "Label", "Terms"} {
		sst = append(sst, str(s)...)
	}
	rec(0x00FC, sst)
	// BOUNDSHEET: the position is filled in once the globals are written.
	sheetAt := b.Len()
	bound := append(u32(0), 0, 0)
	bound = append(bound, 1, 0, 'S')
	rec(0x0085, bound)
	rec(0x000A, nil)
	pos := uint32(b.Len())
	binary.LittleEndian.PutUint32(b.Bytes()[sheetAt+4:], pos)
	rec(0x0809, append(u16(0x0600, 0x0010), make([]byte, 12)...))
	// DIMENSIONS claiming 2^32-1 rows and 256 columns.
	rec(0x0200, append(append(u32(0), u32(0xFFFFFFFF)...), u16(0, 256, 0)...))
	for col := uint16(0); col < 3; col++ {
		rec(0x00FD, append(u16(0, col, 0), u32(uint32(col))...))
	}
	// Cells at the last row and column, and labels referring to strings
	// that are not there.
	rec(0x00FD, append(u16(0xFFFF, 0xFF, 0), u32(0xFFFFFFF0)...))
	rec(0x00FD, append(u16(1, 0, 0), u32(7)...))
	rec(0x000A, nil)
	return CFB("Workbook", b.Bytes())
}

// BlankLinesCSV is a CSV file of n line ends and nothing else.
func BlankLinesCSV(n int) []byte { return bytes.Repeat([]byte("\n"), n) }
