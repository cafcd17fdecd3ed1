package sheet

import (
	"errors"
	"testing"

	"explorer/internal/attack"
)

// Text that is not valid UTF-8 is refused, never passed on: a CSV after a
// UTF-8 byte order mark (which wins over any given encoding), the shared
// strings and the cells of a workbook.
func TestInvalidUTF8Refused(t *testing.T) {
	_, err := readBytes(t, []byte("\xef\xbb\xbfIndex,Label,Terms\n1,a\xffb,c\n"), KindCSV, limited(Options{}), nil)
	wantLimit(t, err, codeInvalid, "byte order mark but is not valid UTF-8")
	if se := (*Error)(nil); !errors.As(err, &se) || se.Reason != "is not valid UTF-8 text" {
		t.Errorf("no reason about the whole file: %#v", err)
	}
	_, err = readBytes(t, []byte("\xef\xbb\xbfIndex,Label,Terms\n1,a\xed\xb0\x80b,c\n"), KindCSV, limited(Options{}), nil)
	wantLimit(t, err, codeInvalid, "not valid UTF-8")

	sheetXML := func(cells string) attack.Part {
		return attack.Deflate("xl/worksheets/sheet1.xml", []byte(`<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Index</t></is></c><c t="inlineStr"><is><t>Label</t></is></c></row><row r="2"><c><v>1</v></c>`+cells+`</row></sheetData></worksheet>`))
	}
	sst := attack.Deflate("xl/sharedStrings.xml", []byte("<sst><si><t>ok</t></si><si><t>a\xed\xb0\x80b</t></si></sst>"))
	_, err = readBytes(t, attack.XLSX(sheetXML(`<c t="s"><v>0</v></c>`), &sst), KindXLSX, limited(Options{}), nil)
	wantLimit(t, err, codeInvalid, "shared strings hold text that is not valid UTF-8")
	_, err = readBytes(t, attack.XLSX(sheetXML("<c t=\"inlineStr\"><is><t>a\xffb</t></is></c>"), nil), KindXLSX, limited(Options{}), nil)
	wantLimit(t, err, codeInvalid, "row 2: a cell is not valid UTF-8")
}

// Office's _xHHHH_ escapes: a surrogate pair is one character, half of
// one stays as written.
func TestOOXMLEscapeSurrogates(t *testing.T) {
	for in, want := range map[string]string{
		"a_x000D_b":          "a\rb",
		"_xD83D__xDE00_":     "😀",
		"x_xDC00_y":          "x_xDC00_y",
		"_xD83D_":            "_xD83D_",
		"_xD83D__x0041_":     "_xD83D_A",
		"_xD83D__xDE00__x00": "😀_x00",
	} {
		if got := string(unescapeOOXML([]byte(in))); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
