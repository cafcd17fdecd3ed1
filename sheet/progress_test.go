package sheet

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// progressSeen streams a file and keeps the progress figures reported,
// and the one last reported when the first row was handed over.
func progressSeen(t *testing.T, data []byte, kind Kind, opts Options) (seen []int64, atFirst int64) {
	t.Helper()
	atFirst = -1
	opts.Progress = func(done, total int64) {
		if total != int64(len(data)) {
			t.Fatalf("progress total %d, the file has %d bytes", total, len(data))
		}
		seen = append(seen, done)
	}
	_, err := Stream(context.Background(), bytes.NewReader(data), int64(len(data)), kind, limited(opts), nil,
		func([]string) error { return nil },
		func(int, []string) error {
			if atFirst < 0 {
				atFirst = 0
				if len(seen) > 0 {
					atFirst = seen[len(seen)-1]
				}
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return seen, atFirst
}

// checkRises: the figures rise from well below the file's size when the
// first row is handed over, to the whole file, never back.
func checkRises(t *testing.T, seen []int64, atFirst, size int64) {
	t.Helper()
	if atFirst < 0 || atFirst > size/4 {
		t.Fatalf("progress %d of %d when the first row was handed over: the bar stands near the end before the rows are stored", atFirst, size)
	}
	if len(seen) < 4 || seen[len(seen)-1] != size {
		t.Fatalf("progress %v… (%d figures) does not end at %d", seen[:min(len(seen), 5)], len(seen), size)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] || seen[i] > size {
			t.Fatalf("progress goes %d → %d (size %d)", seen[i-1], seen[i], size)
		}
	}
}

// TestProgressIsTheRowPass: a CSV file whose encoding is guessed (read
// whole first) reports progress only as its rows are read, so the bar
// does not stand at 100 % while the rows are stored (issue 31: it did,
// for 4 s of a 1M-row import).
func TestProgressIsTheRowPass(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,text\n")
	for i := range 40000 {
		fmt.Fprintf(&b, "%d,the room was quiet and the staff were kind %d\n", i, i)
	}
	data := []byte(b.String())
	for _, enc := range []string{"", "UTF-8", "windows-1252"} {
		seen, atFirst := progressSeen(t, data, KindCSV, Options{Encoding: enc})
		checkRises(t, seen, atFirst, int64(len(data)))
	}
}

// TestProgressXLSX: an XLSX file's progress follows its worksheet's rows
// (the archive's directory, at its end, is read first and moves nothing).
func TestProgressXLSX(t *testing.T) {
	rows := [][]any{{"id", "text"}}
	for i := range 20000 {
		rows = append(rows, []any{i, fmt.Sprintf("breakfast was cold on day %d", i)})
	}
	data := buildXLSX(t, []string{"Reviews"}, [][][]any{rows})
	seen, atFirst := progressSeen(t, data, KindXLSX, Options{})
	if atFirst > int64(len(data))/4 {
		t.Fatalf("progress %d of %d at the first row", atFirst, len(data))
	}
	if len(seen) < 4 {
		t.Fatalf("%d progress figures for 20,000 rows", len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] || seen[i] > int64(len(data)) {
			t.Fatalf("progress goes %d → %d (size %d)", seen[i-1], seen[i], len(data))
		}
	}
}
