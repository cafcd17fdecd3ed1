package sheet

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

func readBytes(t testing.TB, b []byte, kind Kind, opts Options, accept func([]string) bool) (*Table, error) {
	t.Helper()
	return Read(context.Background(), bytes.NewReader(b), int64(len(b)), kind, limited(opts), accept)
}

func utf16le(s string, bom bool) []byte {
	enc := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder()
	b, _ := enc.Bytes([]byte(s))
	if bom {
		b = append([]byte{0xFF, 0xFE}, b...)
	}
	return b
}

func utf16be(s string, bom bool) []byte {
	enc := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder()
	b, _ := enc.Bytes([]byte(s))
	if bom {
		b = append([]byte{0xFE, 0xFF}, b...)
	}
	return b
}

func cp1252(s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

func TestKindFromName(t *testing.T) {
	tests := []struct {
		name string
		want Kind
		ok   bool
	}{
		{"topics.csv", KindCSV, true},
		{"TOPICS.CSV", KindCSV, true},
		{"a.b.Xls", KindXLS, true},
		{"book.xlsx", KindXLSX, true},
		{`C:\Users\me\Book.XLSX`, KindXLSX, true},
		{"dir.csv/book.xlsx", KindXLSX, true},
		{"book.xlsm", 0, false},
		{"book.txt", 0, false},
		{"csv", 0, false},
		{"", 0, false},
		{"book.csv ", 0, false},
	}
	for _, tt := range tests {
		got, err := KindFromName(tt.name)
		if tt.ok != (err == nil) || got != tt.want {
			t.Errorf("KindFromName(%q) = %v, %v; want %v, ok %v", tt.name, got, err, tt.want, tt.ok)
		}
		if err != nil && errorCode(err) != codeUnsupported {
			t.Errorf("KindFromName(%q): code %q, want %q", tt.name, errorCode(err), codeUnsupported)
		}
	}
}

func TestCSV(t *testing.T) {
	tests := []struct {
		name     string
		in       []byte
		opts     Options
		header   []string
		rows     [][]string
		nums     []int
		encoding string
		code     string // expected error code
		msg      string // part of the expected message
	}{
		{
			name:     "comma",
			in:       []byte("Index,Label,Terms\n1,Food,burger\n1.1,Burgers,cheeseburger\n"),
			header:   []string{"Index", "Label", "Terms"},
			rows:     [][]string{{"1", "Food", "burger"}, {"1.1", "Burgers", "cheeseburger"}},
			nums:     []int{2, 3},
			encoding: "UTF-8",
		},
		{
			name:   "semicolon with commas in cells",
			in:     []byte("Index;Label;Terms\n1;Food;burger, fries, chips\n2;Drinks;soda, cola\n"),
			header: []string{"Index", "Label", "Terms"},
			rows:   [][]string{{"1", "Food", "burger, fries, chips"}, {"2", "Drinks", "soda, cola"}},
			nums:   []int{2, 3},
		},
		{
			name:   "tab",
			in:     []byte("Index\tLabel\tTerms\r\n1\tFood, snacks\tburger, fries\r\n"),
			header: []string{"Index", "Label", "Terms"},
			rows:   [][]string{{"1", "Food, snacks", "burger, fries"}},
			nums:   []int{2},
		},
		{
			name:   "pipe",
			in:     []byte("Index|Label|Terms\n1|Food; snacks|burger, fries\n"),
			header: []string{"Index", "Label", "Terms"},
			rows:   [][]string{{"1", "Food; snacks", "burger, fries"}},
		},
		{
			name:   "one column",
			in:     []byte("Terms\nburger\nfries\n"),
			header: []string{"Terms"},
			rows:   [][]string{{"burger"}, {"fries"}},
		},
		{
			name:   "delimiter inside quotes is not counted",
			in:     []byte("Index,Label,Terms\n1,\"a;b;c;d\",\"x;y\"\n2,\"e;f\",z\n"),
			header: []string{"Index", "Label", "Terms"},
			rows:   [][]string{{"1", "a;b;c;d", "x;y"}, {"2", "e;f", "z"}},
		},
		{
			name:   "quotes with delimiters, doubled quotes and newlines",
			in:     []byte("Index,Label,Terms\n1,\"Food, \"\"fast\"\"\",\"burger,\nfries\"\n2,Drinks,soda\n"),
			header: []string{"Index", "Label", "Terms"},
			rows:   [][]string{{"1", `Food, "fast"`, "burger,\nfries"}, {"2", "Drinks", "soda"}},
			nums:   []int{2, 4},
		},
		{
			name:   "CRLF inside quotes",
			in:     []byte("A;B\r\n\"x\r\ny\";2\r\n3;4\r\n"),
			header: []string{"A", "B"},
			rows:   [][]string{{"x\ny", "2"}, {"3", "4"}},
			nums:   []int{2, 4},
		},
		{
			name:   "blank rows skipped, numbering kept",
			in:     []byte("\n\nIndex,Label\n\n1,Food\n , \n,,\n2,Drinks\n"),
			header: []string{"Index", "Label"},
			rows:   [][]string{{"1", "Food"}, {"2", "Drinks"}},
			nums:   []int{5, 8},
		},
		{
			name:   "ragged rows padded, cells past the header dropped",
			in:     []byte("A,B,C\n1\n1,2,3,4\n1,2,3,,\n,,,x\n"),
			header: []string{"A", "B", "C"},
			rows:   [][]string{{"1", "", ""}, {"1", "2", "3"}, {"1", "2", "3"}},
		},
		{
			name:   "cells are not trimmed",
			in:     []byte("A,B\n  x , y\n"),
			header: []string{"A", "B"},
			rows:   [][]string{{"  x ", " y"}},
		},
		{
			name:   "Excel's sep= line",
			in:     []byte("sep=;\r\nIndex;Label,x\r\n1;Food, drinks\r\n"),
			header: []string{"Index", "Label,x"},
			rows:   [][]string{{"1", "Food, drinks"}},
			nums:   []int{3},
		},
		{
			name: "sep= line only",
			in:   []byte("sep=|"),
			code: codeInvalid,
			msg:  "no header row",
		},
		{
			name:     "UTF-8 BOM stripped",
			in:       append(append([]byte{}, bomUTF8...), "Index,Label\n1,Café\n"...),
			header:   []string{"Index", "Label"},
			rows:     [][]string{{"1", "Café"}},
			encoding: "UTF-8",
		},
		{
			name:     "UTF-16LE BOM",
			in:       utf16le("Index;Label\n1;smörgås 日本\n", true),
			header:   []string{"Index", "Label"},
			rows:     [][]string{{"1", "smörgås 日本"}},
			encoding: "UTF-16LE",
		},
		{
			name:     "UTF-16BE BOM",
			in:       utf16be("Index\tLabel\n1\tsmörgås\n", true),
			header:   []string{"Index", "Label"},
			rows:     [][]string{{"1", "smörgås"}},
			encoding: "UTF-16BE",
		},
		{
			name:     "UTF-16LE given, no BOM",
			in:       utf16le("Index,Label\n1,smörgås\n", false),
			opts:     limited(Options{Encoding: "utf-16le"}),
			header:   []string{"Index", "Label"},
			rows:     [][]string{{"1", "smörgås"}},
			encoding: "UTF-16LE",
		},
		{
			name:     "UTF-16 without BOM and no encoding is binary",
			in:       utf16le("Index,Label\n1,x\n", false),
			code:     codeUnsupported,
			encoding: "",
		},
		{
			name:     "windows-1252 guessed",
			in:       cp1252("Index;Label;Terms\n1;Smörgåsbord;smörgås, räksmörgås\n2;Café;crème brûlée, €\n"),
			header:   []string{"Index", "Label", "Terms"},
			rows:     [][]string{{"1", "Smörgåsbord", "smörgås, räksmörgås"}, {"2", "Café", "crème brûlée, €"}},
			encoding: "windows-1252",
		},
		{
			name:     "latin1 label is windows-1252 (WHATWG)",
			in:       cp1252("A\nsmörgås €\n"),
			opts:     limited(Options{Encoding: "latin1"}),
			header:   []string{"A"},
			rows:     [][]string{{"smörgås €"}},
			encoding: "windows-1252",
		},
		{
			name:     "IANA name",
			in:       []byte("A\nsm\xf6rg\xe5s \xa4\n"),
			opts:     limited(Options{Encoding: "ISO-8859-15"}),
			header:   []string{"A"},
			rows:     [][]string{{"smörgås €"}},
			encoding: "ISO-8859-15",
		},
		{
			name: "Shift_JIS given",
			in: func() []byte {
				b, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte("Index,Label\n1,日本茶\n"))
				return b
			}(),
			opts:     limited(Options{Encoding: "shift_jis"}),
			header:   []string{"Index", "Label"},
			rows:     [][]string{{"1", "日本茶"}},
			encoding: "Shift_JIS",
		},
		{
			name:     "UTF-8 given, file is UTF-8",
			in:       []byte("A\nsmörgås\n"),
			opts:     limited(Options{Encoding: " UTF8 "}),
			header:   []string{"A"},
			rows:     [][]string{{"smörgås"}},
			encoding: "UTF-8",
		},
		{
			name:     "a BOM wins over the given encoding",
			in:       append(append([]byte{}, bomUTF8...), "A\nsmörgås\n"...),
			opts:     limited(Options{Encoding: "windows-1252"}),
			header:   []string{"A"},
			rows:     [][]string{{"smörgås"}},
			encoding: "UTF-8",
		},
		{
			name: "unknown encoding",
			in:   []byte("A\n1\n"),
			opts: limited(Options{Encoding: "klingon-8"}),
			code: codeInvalid,
			msg:  `unknown encoding "klingon-8"`,
		},
		{
			name: "replacement encoding is unknown",
			in:   []byte("A\n1\n"),
			opts: limited(Options{Encoding: "iso-2022-kr"}),
			code: codeInvalid,
			msg:  "unknown encoding",
		},
		{
			name: "xlsx content",
			in:   []byte("PK\x03\x04\x14\x00\x00\x00rest of a zip"),
			code: codeUnsupported,
			msg:  "does not match its .csv name: it is a zip archive",
		},
		{
			name: "xls content",
			in:   append(append([]byte{}, magicOLE2...), make([]byte, 600)...),
			code: codeUnsupported,
		},
		{
			name: "NUL bytes",
			in:   []byte("A,B\n1,\x00\x01\x02\n"),
			code: codeUnsupported,
		},
		{
			name: "NUL byte with a given encoding",
			in:   []byte("A,B\n1,\x00\n"),
			opts: limited(Options{Encoding: "windows-1252"}),
			code: codeUnsupported,
		},
		{
			name: "bare quote",
			in:   []byte("A,B\n1,2\n3,a \"b\" c\n"),
			code: codeInvalid,
			msg:  "line 3",
		},
		{
			name: "unclosed quote",
			in:   []byte("A,B\n1,2\n3,\"abc\n4,5\n"),
			code: codeInvalid,
			msg:  "line 3",
		},
		{
			name: "empty file",
			in:   []byte{},
			code: codeInvalid,
			msg:  "no header row",
		},
		{
			name: "only blank lines",
			in:   []byte("\n \n,,\n"),
			code: codeInvalid,
			msg:  "no header row",
		},
		{
			name: "too many rows",
			in:   []byte("A\n1\n2\n\n3\n"),
			opts: limited(Options{MaxRows: 2}),
			code: codeTooLarge,
			msg:  "more than 2 rows",
		},
		{
			name:   "rows at the limit",
			in:     []byte("A\n1\n\n2\n"),
			opts:   limited(Options{MaxRows: 2}),
			header: []string{"A"},
			rows:   [][]string{{"1"}, {"2"}},
		},
		{
			name: "cell too long",
			in:   []byte("A,B\n1,2\n3,ååååå\n"),
			opts: limited(Options{MaxCellLen: 4}),
			code: codeInvalid,
			msg:  "row 3",
		},
		{
			name:   "cell length counts characters, not bytes",
			in:     []byte("A,B\n3,åååå\n"),
			opts:   limited(Options{MaxCellLen: 4}),
			header: []string{"A", "B"},
			rows:   [][]string{{"3", "åååå"}},
		},
		{
			name: "header cell too long",
			in:   []byte("Index,Labelxxxx\n"),
			opts: limited(Options{MaxCellLen: 5}),
			code: codeInvalid,
			msg:  "row 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := readBytes(t, tt.in, KindCSV, tt.opts, nil)
			if tt.code != "" {
				if err == nil {
					t.Fatalf("no error; want code %s (table %+v)", tt.code, tab)
				}
				if got := errorCode(err); got != tt.code {
					t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
				}
				if !strings.Contains(errorMessage(err), tt.msg) {
					t.Fatalf("message %q does not contain %q", errorMessage(err), tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tab.Header, tt.header) {
				t.Errorf("header %q, want %q", tab.Header, tt.header)
			}
			if !reflect.DeepEqual(tab.Rows, tt.rows) {
				t.Errorf("rows %q, want %q", tab.Rows, tt.rows)
			}
			if tt.nums != nil && !reflect.DeepEqual(tab.RowNumbers, tt.nums) {
				t.Errorf("row numbers %v, want %v", tab.RowNumbers, tt.nums)
			}
			if len(tab.RowNumbers) != len(tab.Rows) {
				t.Errorf("%d row numbers for %d rows", len(tab.RowNumbers), len(tab.Rows))
			}
			if tt.encoding != "" && tab.Encoding != tt.encoding {
				t.Errorf("encoding %q, want %q", tab.Encoding, tt.encoding)
			}
		})
	}
}

func TestCSVHeaderRow(t *testing.T) {
	tab, err := readBytes(t, []byte("\n;;\nIndex;Label\n1;x\n"), KindCSV, limited(Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if tab.HeaderRow != 3 {
		t.Errorf("header row %d, want 3", tab.HeaderRow)
	}
}

func TestDetectDelimiter(t *testing.T) {
	tests := []struct {
		in    string
		atEOF bool
		want  rune
	}{
		{"a,b,c\n1,2,3\n", true, ','},
		{"a;b;c\n1;2,5;3\n", true, ';'},
		{"a\tb\n1\t2\n", true, '\t'},
		{"a|b\n1|2\n", true, '|'},
		{"a\n1\n", true, ','},
		{"", true, ','},
		{"a;b,c\n1;2,3\n4;5,6\n", true, ','}, // tie: the order of preference
		{"a;b;c\n1;2;3\n4;5", false, ';'},    // the cut last line is ignored
		{"a,b\n\"x,y,z\",1\n", true, ','},
		{"x;y\n\"multi\nline;;;\";2\n", true, ';'},
		{"Index,Label,Terms;\n1,Food,a;b\n2,Drinks,c;d\n", true, ','},
	}
	for _, tt := range tests {
		got, _ := detectDelimiter([]byte(tt.in), tt.atEOF)
		if got != tt.want {
			t.Errorf("detectDelimiter(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLookupEncoding(t *testing.T) {
	tests := map[string]string{
		"utf-8":        "UTF-8",
		"UTF8":         "UTF-8",
		"cp1252":       "windows-1252",
		"ISO-8859-1":   "windows-1252",
		"iso-8859-2":   "ISO-8859-2",
		"Shift_JIS":    "Shift_JIS",
		"utf-16be":     "UTF-16BE",
		"UTF-16":       "UTF-16LE",
		"macintosh":    "macintosh",
		"windows-1251": "windows-1251",
		"koi8-r":       "KOI8-R",
		"gbk":          "GBK",
		"IBM437":       "IBM437",
	}
	for in, want := range tests {
		got, err := LookupEncoding(in)
		if err != nil || got != want {
			t.Errorf("LookupEncoding(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := LookupEncoding(strings.Repeat("x", 500)); err == nil || len(errorMessage(err)) > 80 {
		t.Errorf("long unknown name: %v", err)
	}
}

// A record that never ends is refused before it fills memory.
func TestCSVRecordTooLong(t *testing.T) {
	in := append([]byte("A,B\n1,\""), bytes.Repeat([]byte("x"), 3<<20)...)
	_, err := readBytes(t, in, KindCSV, limited(Options{MaxCellLen: 1000}), nil)
	if errorCode(err) != codeTooLarge || !strings.Contains(errorMessage(err), "line 2") {
		t.Fatalf("got %v", err)
	}
}

// Invalid UTF-8 split across the scan's chunks is still found; valid
// UTF-8 split across them is not taken as invalid.
func TestScanTextChunks(t *testing.T) {
	for _, pad := range []int{256<<10 - 1, 256<<10 - 2, 256<<10 - 3, 256 << 10} {
		valid := append(bytes.Repeat([]byte("a"), pad), "smörgås 日本茶 😀\n"...)
		opts := limited(Options{MaxCellLen: 1 << 20})
		tab, err := readBytes(t, append([]byte("A\n"), valid...), KindCSV, opts, nil)
		if err != nil || tab.Encoding != "UTF-8" {
			t.Fatalf("pad %d: %v %v", pad, tab, err)
		}
		invalid := append(bytes.Repeat([]byte("a"), pad), cp1252("smörgås\n")...)
		tab, err = readBytes(t, append([]byte("A\n"), invalid...), KindCSV, opts, nil)
		if err != nil || tab.Encoding != "windows-1252" {
			t.Fatalf("pad %d: %v %v", pad, tab, err)
		}
	}
}

func TestStreamStopsOnCallbackError(t *testing.T) {
	in := []byte("A\n1\n2\n3\n")
	stop := errors.New("row 3: bad")
	var seen []int
	_, err := Stream(context.Background(), bytes.NewReader(in), int64(len(in)), KindCSV, limited(Options{}), nil,
		func([]string) error { return nil },
		func(num int, cells []string) error {
			seen = append(seen, num)
			if num == 3 {
				return stop
			}
			return nil
		})
	if err != stop {
		t.Fatalf("got %v, want the callback's error", err)
	}
	if !reflect.DeepEqual(seen, []int{2, 3}) {
		t.Fatalf("rows seen %v", seen)
	}
	_, err = Stream(context.Background(), bytes.NewReader(in), int64(len(in)), KindCSV, limited(Options{}), nil,
		func([]string) error { return stop }, nil)
	if err != stop {
		t.Fatalf("header callback error: got %v", err)
	}
}
