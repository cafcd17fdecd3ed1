package attack

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
)

// Repeat's stream inflates to exactly its declared content.
func TestRepeat(t *testing.T) {
	unit := []byte(`<si><t>x</t></si>`)
	count := 300_000
	p := Repeat("xl/worksheets/sheet1.xml", []byte("<a>"), unit, count, []byte("</a>"))
	b := XLSX(p, nil)
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != "xl/worksheets/sheet1.xml" {
			continue
		}
		rc, _ := f.Open()
		got, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		want := append(append([]byte("<a>"), bytes.Repeat(unit, count)...), "</a>"...)
		if !bytes.Equal(got, want) || uint64(len(got)) != p.Size {
			t.Fatalf("inflated %d bytes, want %d", len(got), len(want))
		}
		if len(p.Data) > len(want)/50 {
			t.Fatalf("%d compressed bytes for %d", len(p.Data), len(want))
		}
		return
	}
	t.Fatal("no worksheet part")
}
