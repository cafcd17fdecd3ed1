package sheet

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"explorer/internal/attack"
)

// The attacks of the hardening issue, generated in code: each is refused
// naming its limit, or read correctly, and the bytes allocated while
// reading stay far below what the file claims (measured with
// runtime.MemStats, never with a clock).

// measure streams a file, discarding its rows, and returns the rows, the
// bytes allocated and the live heap growth meanwhile, and the error.
func measure(t *testing.T, b []byte, kind Kind, opts Options, accept func([]string) bool) (rows int, alloc, heap uint64, err error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Stream(context.Background(), bytes.NewReader(b), int64(len(b)), kind, limited(opts), accept,
		func([]string) error { return nil },
		func(int, []string) error { rows++; return nil })
	runtime.ReadMemStats(&after)
	alloc = after.TotalAlloc - before.TotalAlloc
	if after.HeapInuse > before.HeapInuse {
		heap = after.HeapInuse - before.HeapInuse
	}
	return rows, alloc, heap, err
}

func wantLimit(t *testing.T, err error, code, words string) {
	t.Helper()
	if errorCode(err) != code || !strings.Contains(errorMessage(err), words) {
		t.Fatalf("got %v, want %s naming %q", err, code, words)
	}
}

func TestAttackWideColumn(t *testing.T) {
	for _, rows := range []int{4_000, 100_000} {
		b := attack.WideColumn(rows)
		n, alloc, _, err := measure(t, b, KindXLSX, limited(Options{}), nil)
		// The cells in XFD are past the header: nothing to read.
		if err != nil || n != 0 {
			t.Fatalf("%d rows: %d rows read, %v", rows, n, err)
		}
		if alloc > 64<<20 {
			t.Errorf("%d rows in XFD (%d KB): allocated %d MB", rows, len(b)>>10, alloc>>20)
		}
	}
	// A header reaching XFD is refused naming the column limit.
	b := attack.XLSX(attack.Deflate("xl/worksheets/sheet1.xml", []byte(`<worksheet><sheetData><row r="1"><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`)), nil)
	_, _, _, err := measure(t, b, KindXLSX, limited(Options{}), nil)
	wantLimit(t, err, codeTooLarge, "column limit")
}

func TestAttackSharedStringRefs(t *testing.T) {
	b := attack.SharedRefs(100_000, 32_000)
	n, alloc, _, err := measure(t, b, KindXLSX, limited(Options{}), nil)
	if err != nil || n != 100_000 {
		t.Fatalf("%d rows, %v", n, err)
	}
	// 100,000 rows × 2 references × 32,000 characters would be 6.4 GB
	// copied; references cost a string header each.
	if alloc > 256<<20 {
		t.Errorf("%d KB file: allocated %d MB", len(b)>>10, alloc>>20)
	}
	// Kept in memory, the rows still share the one string.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tab, err := readBytes(t, b, KindXLSX, limited(Options{}), nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if err != nil || len(tab.Rows) != 100_000 || len(tab.Rows[99_999][1]) != 32_000 {
		t.Fatalf("read: %v", err)
	}
	if grow := int64(after.HeapInuse) - int64(before.HeapInuse); grow > 128<<20 {
		t.Errorf("the table holds %d MB", grow>>20)
	}
}

func TestAttackWhitespace(t *testing.T) {
	if raceEnabled {
		t.Skip("240 MB of XML under the race detector")
	}
	b := attack.Whitespace(240 << 20)
	if len(b) > 1<<20 {
		t.Fatalf("%d bytes", len(b))
	}
	// Past the decompression budget.
	_, alloc, _, err := measure(t, b, KindXLSX, limited(Options{MaxUnzipSize: 200 << 20}), nil)
	wantLimit(t, err, codeTooLarge, "limit of decompressed bytes")
	if alloc > 32<<20 {
		t.Errorf("allocated %d MB", alloc>>20)
	}
	// Within it: read, streaming past the spaces.
	n, alloc, _, err := measure(t, b, KindXLSX, limited(Options{MaxUnzipSize: 512 << 20}), nil)
	if err != nil || n != 1 {
		t.Fatalf("%d rows, %v", n, err)
	}
	if alloc > 32<<20 {
		t.Errorf("allocated %d MB streaming 240 MB of spaces", alloc>>20)
	}
}

func TestAttackManySharedStrings(t *testing.T) {
	if raceEnabled {
		t.Skip("200 MB of XML under the race detector")
	}
	b := attack.ManyStrings(12_000_000)
	if len(b) > 1<<20 {
		t.Fatalf("%d bytes", len(b))
	}
	// 204 MB of XML: past a budget of 128 MiB.
	_, _, _, err := measure(t, b, KindXLSX, limited(Options{MaxUnzipSize: 128 << 20}), nil)
	wantLimit(t, err, codeTooLarge, "limit of decompressed bytes")
	// Within the default budget: 4 bytes an entry (48 MB, grown by
	// doubling) plus the text, never a string header or a structure per
	// entry (excelize: 79 s and gigabytes).
	n, alloc, heap, err := measure(t, b, KindXLSX, limited(Options{}), nil)
	if err != nil || n != 1 {
		t.Fatalf("%d rows, %v", n, err)
	}
	if alloc > 400<<20 || heap > 192<<20 {
		t.Errorf("12 million strings: allocated %d MB, heap %d MB", alloc>>20, heap>>20)
	}
}

func TestAttackHugeCountsXLS(t *testing.T) {
	b := attack.HugeCountsXLS()
	n, alloc, _, err := measure(t, b, KindXLS, limited(Options{}), nil)
	if err != nil {
		if errorCode(err) != codeInvalid {
			t.Fatalf("got %v", err)
		}
	} else if n > 2 {
		t.Fatalf("%d rows", n)
	}
	if alloc > uint64(64*len(b)+1<<20) {
		t.Errorf("%d byte file: allocated %d KB", len(b), alloc>>10)
	}
}

func TestAttackHugeLineCSV(t *testing.T) {
	b := attack.HugeLineCSV(64 << 20)
	_, alloc, _, err := measure(t, b, KindCSV, limited(Options{}), nil)
	wantLimit(t, err, codeTooLarge, "line 2")
	if alloc > 128<<20 {
		t.Errorf("a 64 MB line: allocated %d MB", alloc>>20)
	}
}

// The time budget stops every kind of reading, naming the limit; a
// cancelled caller ends it too.
func TestTimeBudget(t *testing.T) {
	csv := append([]byte("Index,Label\n"), bytes.Repeat([]byte("1,x\n"), 1<<20)...)
	for _, tt := range []struct {
		name string
		kind Kind
		data []byte
	}{
		{"xlsx", KindXLSX, attack.Whitespace(8 << 20)},
		{"csv", KindCSV, csv},
	} {
		_, _, _, err := measure(t, tt.data, tt.kind, limited(Options{MaxDuration: time.Nanosecond}), nil)
		wantLimit(t, err, codeTooLarge, "takes longer than 1ns (the time limit)")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Stream(ctx, bytes.NewReader(csv), int64(len(csv)), KindCSV, limited(Options{}), nil,
		func([]string) error { return nil }, func(int, []string) error { return nil })
	wantLimit(t, err, codeCancelled, "cancelled")
}

// A 5,000 × 32,000-character shared string table (160 MB of text from a
// small file, within the decompression budget) counts against the file's
// text budget as it is read: a model file (16 MiB) is refused after about
// that much, not after the whole table was kept and copied (+467 MB).
func TestAttackSharedStringTable(t *testing.T) {
	if raceEnabled {
		t.Skip("160 MB of XML under the race detector")
	}
	b := attack.SharedStrings(5_000, 32_000)
	_, alloc, heap, err := measure(t, b, KindXLSX, limited(Options{MaxText: 16 << 20}), nil)
	wantLimit(t, err, codeTooLarge, "shared strings hold more than 16 MiB of text")
	t.Logf("%d KB file, refused: allocated %d MB, heap %d MB", len(b)>>10, alloc>>20, heap>>20)
	if alloc > 48<<20 {
		t.Errorf("refusing the table allocated %d MB", alloc>>20)
	}
	// Within a budget (a project's 160 MiB) it is read, costing its text
	// about once.
	peak := peakHeap(t, func() {
		n, alloc, _, err := measure(t, b, KindXLSX, limited(Options{MaxText: 160 << 20}), nil)
		if err != nil || n != 5_000 {
			t.Fatalf("%d rows, %v", n, err)
		}
		t.Logf("read: allocated %d MB", alloc>>20)
		if alloc > 240<<20 {
			t.Errorf("reading 160 MB of shared strings allocated %d MB", alloc>>20)
		}
	})
	t.Logf("read: peak heap growth %d MB", peak>>20)
	if peak > 220<<20 {
		t.Errorf("reading 160 MB of shared strings: the heap grew by %d MB", peak>>20)
	}
}

// peakHeap runs fn, sampling the heap in use meanwhile, and returns its
// largest growth.
func peakHeap(t *testing.T, fn func()) uint64 {
	t.Helper()
	var base runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	stop, done := make(chan struct{}), make(chan uint64)
	go func() {
		var top uint64
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > base.HeapInuse && m.HeapInuse-base.HeapInuse > top {
				top = m.HeapInuse - base.HeapInuse
			}
			select {
			case <-stop:
				done <- top
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	fn()
	close(stop)
	return <-done
}

// Empty lines cost nothing however many there are: a CSV of 16 million of
// them says so (it was "a record longer than the cell length limit"),
// and a header, 16 million empty lines and a row is read.
func TestAttackBlankLinesCSV(t *testing.T) {
	b := attack.BlankLinesCSV(16_000_000)
	_, alloc, _, err := measure(t, b, KindCSV, limited(Options{}), nil)
	wantLimit(t, err, codeInvalid, "none of its 16000000 lines holds a value")
	if alloc > 8<<20 {
		t.Errorf("16 million empty lines: allocated %d MB", alloc>>20)
	}
	b = append(append([]byte("Index,Label,Terms\r\n"), b...), "1,Food,burger\r\n"...)
	tab, err := readBytes(t, b, KindCSV, limited(Options{}), nil)
	if err != nil || len(tab.Rows) != 1 || tab.RowNumbers[0] != 16_000_002 {
		t.Fatalf("%v, %+v", err, tab)
	}
	// A quoted field of line ends is a cell, not empty lines: too long,
	// naming the line where it starts.
	b = append([]byte("Index,Label,Terms\n\n\n1,\""), attack.BlankLinesCSV(16_000_000)...)
	_, _, _, err = measure(t, b, KindCSV, limited(Options{}), nil)
	wantLimit(t, err, codeTooLarge, "line 4: a record is longer")
}

// A number format of 8,000 zeros and one of 250 characters of literal
// text, on 20 MULRK records of 1,300 cells each (a file of a few hundred
// KB): before, each cell became an 8,000-character string built a digit
// at a time (minutes, hundreds of GB allocated, past the time limit). Now
// a code longer than Excel's 255 characters shows General, a format asks
// for at most 30 digits, and the text numbers show counts against the
// workbook's budget: the file is refused (its text is many times its
// size) having allocated little.
func TestAttackXLSNumberFormats(t *testing.T) {
	const perRecord = 1300
	mulrk := func(w *biffWriter, row uint16, xf uint16) {
		parts := []any{row, uint16(0)}
		for range perRecord {
			parts = append(parts, xf, rkInt(7))
		}
		w.rec(recMulRK, append(parts, uint16(perRecord-1))...)
	}
	book := buildXLS(t, xlsBookSpec{
		formats: map[uint16]string{164: strings.Repeat("0", 8000), 165: `"` + strings.Repeat("x", 250) + `"0`},
		xfs:     []uint16{0, 164, 165},
		sheets: []xlsSheet{{name: "S", cells: func(w *biffWriter) {
			for r := range uint16(20) {
				mulrk(w, r, 1+r%2)
			}
		}}},
	})
	_, alloc, _, err := measure(t, book, KindXLS, limited(Options{}), nil)
	if errorCode(err) != codeInvalid {
		t.Fatalf("%d bytes of cells showing 250 characters each: %v", len(book), err)
	}
	if alloc > 64<<20 {
		t.Errorf("allocated %d MB", alloc>>20)
	}
	if got := formatNumber(7, strings.Repeat("0", 8000), false); got != "7" {
		t.Errorf("an 8,000-character code: %q, want General", got)
	}
	if got := formatNumber(7, strings.Repeat("0", 200), false); got != strings.Repeat("0", 29)+"7" {
		t.Errorf("200 zeros: %q, want 30 digits", got)
	}
}
