package api_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// bigModel creates a model of groups × topics × terms for user through the
// Service and returns its id.
func bigModel(tb testing.TB, e *testkit.Env, user string, groups, topics, terms int) int64 {
	tb.Helper()
	var gs []explorer.Group
	for g := 0; g < groups; g++ {
		grp := explorer.Group{Title: fmt.Sprintf("Group %d", g+1), Pinned: g%7 == 0}
		for t := 0; t < topics; t++ {
			tp := explorer.Topic{Title: fmt.Sprintf("Topic %d.%d", g+1, t+1)}
			for k := 0; k < terms; k++ {
				tp.Terms = append(tp.Terms, fmt.Sprintf("term %d %d %d", g, t, k))
			}
			grp.Topics = append(grp.Topics, tp)
		}
		gs = append(gs, grp)
	}
	p := e.CreateProject(user, "Big", gs)
	m, err := e.Svc.CreateModelFromProject(e.As(user), p.ID, models.ModelUpdate{})
	if err != nil {
		tb.Fatal(err)
	}
	return m.ID
}

// BenchmarkGetModelVsHealthz measures, in one run on a real server on
// loopback, authenticated GET /v1/models/{id} of a model of 30 groups × 10
// topics × 10 terms against /healthz, and reports their ratio (the goal is
// at least 0.4), with a client reading every answer in full over kept-alive
// connections.
func BenchmarkGetModelVsHealthz(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	id := bigModel(b, e, "ann", 30, 10, 10)
	base := e.Serve()
	const n, workers = 10000, 8
	url := fmt.Sprintf("%s/v1/models/%d", base, id)
	load(b, url, "ann", 200, workers) // warm up: credential cache, pools
	var health, model float64
	for i := 0; i < b.N; i++ {
		health = load(b, base+"/healthz", "", n, workers)
		model = load(b, url, "ann", n, workers)
	}
	b.ReportMetric(health, "healthz_req/s")
	b.ReportMetric(model, "model_req/s")
	b.ReportMetric(model/health, "ratio")
}

// peakHeap samples the heap while fn runs and returns the largest growth
// over the heap before it, in bytes.
func peakHeap(fn func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	fn()
	close(done)
	<-stopped
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}

// xlsxRows builds a model workbook of n rows: groups of 10 topics (N.M),
// each with 10 terms, and a Pinned column.
func xlsxRows(tb testing.TB, n int) []byte {
	rows := [][]any{{"Index", "Label", "Terms", "Pinned"}}
	for i := 0; i < n; i++ {
		g, t := i/10+1, i%10+1
		terms := make([]string, 10)
		for k := range terms {
			terms[k] = fmt.Sprintf("word%d_%d", i, k)
		}
		rows = append(rows, []any{fmt.Sprintf("%d.%d", g, t), fmt.Sprintf("Topic %d", i+1), strings.Join(terms, ", "), t == 1})
	}
	return testkit.XLSX(tb, map[string][][]any{"Topics": rows})
}

// BenchmarkUploadXLSX50k uploads a 50,000-row XLSX through POST /v1/models
// (multipart decoding, reading, rows to groups, storing, the answer) and
// reports the time and the peak heap growth per upload (goals: 2 s and
// 200 MB).
func BenchmarkUploadXLSX50k(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	file := xlsxRows(b, 50_000)
	body, ct := testkit.Multipart(b, "big.xlsx", file, nil)
	b.ReportMetric(float64(len(file))/(1<<20), "file_MB")
	// The test server detects languages by stop words (testkit); lingua's
	// own cost is measured by package language's benchmark.
	var peak uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := peakHeap(func() {
			r := e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: "ann", Body: body, ContentType: ct})
			if r.Status != 201 {
				b.Fatalf("upload: %d %.300s", r.Status, r.Body)
			}
		})
		peak = max(peak, p)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak_heap_MB")
}
