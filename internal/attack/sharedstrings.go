package attack

import (
	"fmt"
	"strings"
)

// SharedStrings is a workbook whose shared string table holds n strings
// of strLen characters each (5,000 × 32,000: 160 MB of text from a file
// of a few hundred KB, within the decompression budget), every one
// referred to once, by the Label of a row. The strings are equal, which
// changes nothing for a reader (it keeps each) and lets Repeat compress
// the table without ever holding it.
func SharedStrings(n, strLen int) []byte {
	word := strings.Repeat("lorem ipsum dolor ", strLen/18+1)[:strLen]
	sst := Repeat("xl/sharedStrings.xml",
		[]byte(fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?><sst %s count="%d" uniqueCount="%d">`, mainNS, n, n)),
		[]byte(`<si><t>`+word+`</t></si>`), n, []byte(`</sst>`))
	var rows strings.Builder
	rows.WriteString(`<?xml version="1.0" encoding="UTF-8"?><worksheet ` + mainNS + `><sheetData>` + modelHeader)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&rows, `<row r="%d"><c t="inlineStr"><is><t>%d</t></is></c><c t="s"><v>%d</v></c><c t="inlineStr"><is><t>w</t></is></c></row>`, i+2, i+1, i)
	}
	rows.WriteString(`</sheetData></worksheet>`)
	return XLSX(Deflate("xl/worksheets/sheet1.xml", []byte(rows.String())), &sst)
}
