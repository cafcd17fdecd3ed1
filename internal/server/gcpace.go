package server

import (
	"context"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The collector's pace. Go collects when the heap has grown by GOGC % of
// what was live after the last collection; its CPU cost per byte
// allocated falls as GOGC rises, and a request's garbage is what a write
// of a model mostly makes (the decoded body, the versions' parts): at
// Go's default of 100 the collector took a fifth of a one-term PUT's CPU.
// PaceCollector runs it at smallHeapGCPercent while the live heap is
// small, where the extra garbage allowed is small in bytes (at most
// smallHeap), and at Go's default above that, so a server holding large
// word spaces keeps its peak. It leaves the collector alone when the
// operator set GOGC, and whenever the percent is one it did not set (a
// word space conversion lowers it for its duration: wordspace's
// collectOften).
const (
	smallHeapGCPercent = 200
	defaultGCPercent   = 100
	smallHeap          = 64 << 20
)

// PaceCollector sets the collector's percent from the live heap every
// period until ctx ends; without effect when GOGC is set.
func PaceCollector(ctx context.Context, period time.Duration) {
	if os.Getenv("GOGC") != "" {
		return
	}
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/gogc:percent"}}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		paceOnce(samples)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// paceOnce reads the live heap and the percent and sets the percent the
// live heap calls for, unless the percent is not one of its own.
func paceOnce(samples []metrics.Sample) {
	metrics.Read(samples)
	if samples[0].Value.Kind() != metrics.KindUint64 || samples[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	if want, now := gcPercentFor(samples[0].Value.Uint64()), samples[1].Value.Uint64(); now != want &&
		(now == smallHeapGCPercent || now == defaultGCPercent) {
		debug.SetGCPercent(int(want))
	}
}

// gcPercentFor is the percent for a live heap of live bytes.
func gcPercentFor(live uint64) uint64 {
	if live < smallHeap {
		return smallHeapGCPercent
	}
	return defaultGCPercent
}
