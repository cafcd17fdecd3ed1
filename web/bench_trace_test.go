package web_test

import (
	"bytes"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are what a Chrome performance trace of the openings
// records: the main thread's tasks, style, layout and paint, V8 and
// Blink's (Oilpan) collector, and the page's own marks.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
	"v8", "v8.execute", "blink", "blink.gc", "disabled-by-default-v8.gc",
	"blink.user_timing", "loading", "latencyInfo", "cc", "gpu", "viz",
	"disabled-by-default-devtools.timeline.frame", "benchmark", "renderer.scheduler",
	"disabled-by-default-renderer.scheduler", "sequence_manager",
}

// startTrace starts a Chrome trace of b's tab when EXPLORER_BENCH_TRACE
// names a file; the func it answers stops it and writes the trace there
// (a JSON array of trace events, for chrome://tracing or Perfetto).
func startTrace(t *testing.T, b *tab, name string) func() {
	file := os.Getenv("EXPLORER_BENCH_TRACE")
	if file == "" {
		return func() {}
	}
	var mu sync.Mutex
	var buf bytes.Buffer
	done := make(chan struct{})
	buf.WriteString("[")
	first, over := true, false
	if err := chromedp.Listen(b.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			if over {
				return
			}
			for _, v := range ev.Value {
				if !first {
					buf.WriteString(",\n")
				}
				first = false
				buf.Write(v)
			}
		case *tracing.EventTracingComplete:
			mu.Lock()
			defer mu.Unlock()
			if !over {
				over = true
				close(done)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(b.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{RecordMode: tracing.TraceConfigRecordModeRecordAsMuchAsPossible, IncludedCategories: traceCategories},
	}); err != nil {
		t.Fatal(err)
	}
	return func() {
		if _, err := chromedp.Call(b.ctx, tracing.End, cdp.Empty{}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatal("the trace did not complete")
		}
		mu.Lock()
		buf.WriteString("]")
		err := os.WriteFile(file+"-"+name+".json", buf.Bytes(), 0o644)
		mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
	}
}
