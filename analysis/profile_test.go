package analysis

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func profile(cells []string, detect func([]string) (string, bool)) ColumnProfile {
	p := NewProfiler()
	for _, c := range cells {
		p.Add(c)
	}
	return p.Profile(detect)
}

// fakeDetect answers EN when most sampled texts contain an English stop
// word, else it does not know.
func fakeDetect(sample []string) (string, bool) {
	en := 0
	for _, s := range sample {
		for _, w := range strings.Fields(strings.ToLower(s)) {
			if IsStopWord(w, "EN") {
				en++
				break
			}
		}
	}
	if len(sample) > 0 && 2*en > len(sample) {
		return "en", true
	}
	return "", false
}

func TestProfile(t *testing.T) {
	comments := []string{"The delivery was late again", "Great app, easy to use", "Staff were friendly and helpful"}
	tests := []struct {
		name  string
		cells []string
		want  ColumnProfile
	}{
		{"no cells", nil, ColumnProfile{}},
		{"only empty cells", []string{"", "  ", "\t"},
			ColumnProfile{Cells: 3, DataSize: 3, EmptyCells: 3}},
		{"data size counts runes of raw cells", []string{"åäö", " x ", ""},
			ColumnProfile{Cells: 3, DataSize: 6, EmptyCells: 1, Distinct: 2, Filterable: true}},
		{"dates", []string{"2024-01-01", "", "2024-01-02", "2024-01-02"},
			ColumnProfile{Cells: 4, DataSize: 30, EmptyCells: 1, TimeSeries: true, Distinct: 2, Filterable: true}},
		{"mixed date formats", []string{"2024-01-01", "02/01/2024", "Jan 3, 2024"},
			ColumnProfile{Cells: 3, DataSize: 31, TimeSeries: true, Distinct: 3, Filterable: true}},
		{"one non-date spoils dates", []string{"2024-01-01", "soon"},
			ColumnProfile{Cells: 2, DataSize: 14, Distinct: 2, Filterable: true}},
		{"NPS", []string{"0", "10", "7", "", "07"},
			ColumnProfile{Cells: 5, DataSize: 6, EmptyCells: 1, NPS: true, Distinct: 4, Filterable: true}},
		{"11 is not NPS", []string{"0", "11"},
			ColumnProfile{Cells: 2, DataSize: 3, Distinct: 2, Filterable: true}},
		{"negative is not NPS", []string{"-1", "5"},
			ColumnProfile{Cells: 2, DataSize: 3, Distinct: 2, Filterable: true}},
		{"decimal is not NPS", []string{"7.5"},
			ColumnProfile{Cells: 1, DataSize: 3, Distinct: 1}},
		{"one value is not filterable", []string{"a", "a", " a "},
			ColumnProfile{Cells: 3, DataSize: 5, Distinct: 1}},
		{"trimmed values are one value", []string{"Gold", " Gold", "Silver"},
			ColumnProfile{Cells: 3, DataSize: 15, Distinct: 2, Filterable: true}},
		{"text gets a language", comments,
			ColumnProfile{Cells: 3, DataSize: 80, Distinct: 3, Filterable: true, Text: true, Language: "EN"}},
		{"short labels are not text", []string{"North East", "South", "West"},
			ColumnProfile{Cells: 3, DataSize: 19, Distinct: 3, Filterable: true}},
		{"numbers are not text", []string{"12 13 14 15", "1 2 3 4"},
			ColumnProfile{Cells: 2, DataSize: 18, Distinct: 2, Filterable: true}},
		{"unknown language", []string{"zzz qqq vvv", "kkk jjj xxx"},
			ColumnProfile{Cells: 2, DataSize: 22, Distinct: 2, Filterable: true, Text: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := profile(tt.cells, fakeDetect); got != tt.want {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestProfileFilterableBounds(t *testing.T) {
	for _, tt := range []struct {
		distinct   int
		filterable bool
		reported   int
	}{{1, false, 1}, {2, true, 2}, {50, true, 50}, {51, false, 51}, {52, false, 51}, {5000, false, 51}} {
		p := NewProfiler()
		for i := range 3 * tt.distinct {
			p.Add("v" + strconv.Itoa(i%tt.distinct))
		}
		got := p.Profile(nil)
		if got.Filterable != tt.filterable || got.Distinct != tt.reported {
			t.Errorf("%d distinct: Filterable %v Distinct %d, want %v %d",
				tt.distinct, got.Filterable, got.Distinct, tt.filterable, tt.reported)
		}
	}
}

func TestProfileTextRule(t *testing.T) {
	tests := []struct {
		name  string
		cells []string
		text  bool
	}{
		{"three words on average", []string{"one two three", "four five six"}, true},
		{"under three words on average", []string{"one two three", "four five"}, false},
		{"empty cells do not lower the average", []string{"one two three", "", "", ""}, true},
		{"apostrophes stay inside words", []string{"don't won't can't", "isn't it's"}, false},
		{"half the cells without letters", []string{"one two three four", "1 2 3 4"}, false},
		{"most cells with letters", []string{"one two three", "four five six", "1 2 3"}, true},
		{"Chinese counts characters", []string{"送货很快", "服务很好"}, true},
		{"Japanese", []string{"配達が早い", "とても良い"}, true},
		{"dates are never text", []string{"Mon, 02 Jan 2006 15:04:05 MST"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			got := profile(tt.cells, func([]string) (string, bool) { called = true; return "xx", true })
			if got.Text != tt.text || called != tt.text || (got.Language == "XX") != tt.text {
				t.Errorf("Text %v, detect called %v, Language %q; want text %v", got.Text, called, got.Language, tt.text)
			}
		})
	}
}

func TestProfileSampleIsBounded(t *testing.T) {
	p := NewProfiler()
	long := strings.Repeat("word ", 1_000) // 5 kB
	p.Add("日本語" + strings.Repeat("é", SampleCellBytes))
	for i := range 20_000 {
		p.Add(long + strconv.Itoa(i))
	}
	var sample []string
	cp := p.Profile(func(s []string) (string, bool) { sample = s; return "EN", true })
	if len(sample) != SampleCells {
		t.Errorf("sample of %d cells, want %d", len(sample), SampleCells)
	}
	for i, s := range sample {
		if len(s) > SampleCellBytes || !utf8.ValidString(s) {
			t.Fatalf("sample cell %d: %d bytes, valid %v", i, len(s), utf8.ValidString(s))
		}
	}
	if len(p.distinct) > MaxFilterable+1 {
		t.Errorf("%d distinct hashes kept", len(p.distinct))
	}
	if cp.Cells != 20_001 || cp.Distinct != 51 || !cp.Text || cp.Language != "EN" {
		t.Errorf("profile %+v", cp)
	}
	// The sample handed out is a copy: changing it leaves the profiler's.
	sample[0] = "changed"
	p.Profile(func(s []string) (string, bool) {
		if s[0] == "changed" {
			t.Error("sample shared with the caller")
		}
		return "", false
	})
}

func TestProfileNilDetect(t *testing.T) {
	got := profile([]string{"The delivery was late again"}, nil)
	if !got.Text || got.Language != "" {
		t.Errorf("%+v", got)
	}
}

// surveyTable is the acceptance table: columns id, date, score (0-10 with
// blanks), segment (5 values) and an English comment (some empty), with
// its header, as CSV text; and the empty cells of each column.
func surveyTable(rows int) (string, map[string]int) {
	rng := rand.New(rand.NewPCG(1, 2))
	segments := []string{"Consumer", "Small business", "Enterprise", "Public sector", "Education"}
	subjects := []string{"the delivery", "the app", "customer service", "the price", "the staff",
		"the checkout", "the website", "my order", "the refund", "the support team"}
	verbs := []string{"was", "is", "has been", "seemed", "felt"}
	adjectives := []string{"slow", "fast", "friendly", "confusing", "great", "expensive",
		"helpful", "late", "easy to use", "disappointing"}
	tails := []string{"", " and I will order again", " but the packaging was damaged",
		", thanks for the quick reply", " so I called twice", " compared to last year"}
	empty := map[string]int{}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"id", "date", "score", "segment", "comment"})
	start := time.Date(2023, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := range rows {
		score := strconv.Itoa(rng.IntN(11))
		if rng.IntN(20) == 0 {
			score = []string{"", " "}[rng.IntN(2)]
			empty["score"]++
		}
		comment := fmt.Sprintf("%s %s %s%s.", subjects[rng.IntN(len(subjects))],
			verbs[rng.IntN(len(verbs))], adjectives[rng.IntN(len(adjectives))], tails[rng.IntN(len(tails))])
		comment = strings.ToUpper(comment[:1]) + comment[1:]
		if rng.IntN(8) == 0 {
			comment = []string{"", "  ", "\t"}[rng.IntN(3)]
			empty["comment"]++
		}
		at := start.Add(time.Duration(i) * 37 * time.Minute)
		date := at.Format("2006-01-02")
		if i%3 == 0 {
			date = at.Format("2006-01-02 15:04")
		}
		w.Write([]string{strconv.Itoa(i + 1), date, score, segments[rng.IntN(len(segments))], comment})
	}
	w.Flush()
	return buf.String(), empty
}

// profileCSV profiles every column of a CSV text with a header row.
func profileCSV(tb testing.TB, text string, detect func([]string) (string, bool)) ([]string, []ColumnProfile, int) {
	r := csv.NewReader(strings.NewReader(text))
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		tb.Fatal(err)
	}
	header = append([]string(nil), header...)
	ps := make([]*Profiler, len(header))
	for i := range ps {
		ps[i] = NewProfiler()
	}
	rows := 0
	for {
		rec, err := r.Read()
		if err != nil {
			break
		}
		rows++
		for i, c := range rec {
			ps[i].Add(c)
		}
	}
	out := make([]ColumnProfile, len(ps))
	for i, p := range ps {
		out[i] = p.Profile(detect)
	}
	return header, out, rows
}

func TestAcceptanceSurvey10k(t *testing.T) {
	text, empty := surveyTable(10_000)
	header, profiles, rows := profileCSV(t, text, fakeDetect)
	if rows != 10_000 {
		t.Fatalf("rows %d", rows)
	}
	if empty["score"] == 0 || empty["comment"] == 0 {
		t.Fatalf("table without blanks: %v", empty)
	}
	// Independent sizes from the raw CSV.
	size := map[string]int{}
	r := csv.NewReader(strings.NewReader(text))
	recs, _ := r.ReadAll()
	for _, rec := range recs[1:] {
		for i, c := range rec {
			size[header[i]] += utf8.RuneCountInString(c)
		}
	}
	byName := map[string]ColumnProfile{}
	for i, h := range header {
		byName[h] = profiles[i]
		p := profiles[i]
		if p.Cells != 10_000 {
			t.Errorf("%s: %d cells", h, p.Cells)
		}
		if p.DataSize != size[h] {
			t.Errorf("%s: DataSize %d, want %d", h, p.DataSize, size[h])
		}
		if p.EmptyCells != empty[h] {
			t.Errorf("%s: EmptyCells %d, want %d", h, p.EmptyCells, empty[h])
		}
		t.Logf("%-8s %+v", h, p)
	}
	check := func(col string, got, want ColumnProfile) {
		t.Helper()
		got.Cells, got.DataSize, got.EmptyCells = 0, 0, 0
		if got != want {
			t.Errorf("%s: got %+v\nwant %+v", col, got, want)
		}
	}
	check("id", byName["id"], ColumnProfile{Distinct: 51})
	check("date", byName["date"], ColumnProfile{TimeSeries: true, Distinct: 51})
	check("score", byName["score"], ColumnProfile{NPS: true, Filterable: true, Distinct: 11})
	check("segment", byName["segment"], ColumnProfile{Filterable: true, Distinct: 5})
	check("comment", byName["comment"], ColumnProfile{Text: true, Language: "EN", Distinct: 51})

	// The text column is the one with the largest DataSize.
	largest := 0
	for i := range profiles {
		if profiles[i].DataSize > profiles[largest].DataSize {
			largest = i
		}
	}
	if header[largest] != "comment" {
		t.Errorf("largest column %s", header[largest])
	}
}

func BenchmarkProfile10k(b *testing.B) {
	text, _ := surveyTable(10_000)
	r := csv.NewReader(strings.NewReader(text))
	recs, err := r.ReadAll()
	if err != nil {
		b.Fatal(err)
	}
	recs = recs[1:]
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		ps := make([]*Profiler, len(recs[0]))
		for i := range ps {
			ps[i] = NewProfiler()
		}
		for _, rec := range recs {
			for i, c := range rec {
				ps[i].Add(c)
			}
		}
		for _, p := range ps {
			p.Profile(fakeDetect)
		}
	}
}
