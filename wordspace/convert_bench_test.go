package wordspace

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkConvertVec converts the generated .vec (benchWords × 300,
// EXPLORER_BENCH_WORDS words; `make wordspace-convert-bench`) as a first
// start does (OpenServed with a cache folder: parse, clustered index,
// probes tuned, the conversion written) and reports the peak resident
// memory of the process during it over the space's float32 vector bytes
// (issue 22: goal ≤ 1.5), and its growth over the memory before.
func BenchmarkConvertVec(b *testing.B) {
	vec, _ := benchFiles(b)
	var peak, growth float64
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		runtime.GC()
		debug.FreeOSMemory()
		before := rss()
		resetPeakRSS(b)
		s, err := OpenServed(context.Background(), vec, dir, LoadOptions{Lang: "XX"})
		if err != nil {
			b.Fatal(err)
		}
		hwm := peakRSS(b)
		vb := float64(s.VectorBytes())
		peak, growth = float64(hwm)/vb, float64(hwm-before)/vb
		runtime.KeepAlive(s)
	}
	b.ReportMetric(peak, "peak-rss/vector-bytes")
	b.ReportMetric(growth, "peak-growth/vector-bytes")
}

// resetPeakRSS resets the process's peak resident set size (Linux).
func resetPeakRSS(b *testing.B) {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		b.Skipf("cannot reset the peak RSS: %v", err)
	}
}

// peakRSS reads the process's peak resident set size since the last reset.
func peakRSS(b *testing.B) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			kb, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return kb * 1024
		}
	}
	b.Fatal("no VmHWM")
	return 0
}
