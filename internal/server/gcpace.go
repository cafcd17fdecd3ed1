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
// PaceCollector runs it at busyGCPercent while the server is busy (it
// answered at least busyRequests requests, probes aside, in one of its
// last quietPeriods periods) and the live heap is small, where the extra garbage allowed is
// small in bytes (at most smallHeap); otherwise at Go's default, so a
// quiet server (a fresh one, one between bursts) and one holding large
// word spaces keep their size. It leaves the collector alone when the
// operator set GOGC, and whenever the percent is one it did not set (a
// word space conversion lowers it for its duration: wordspace's
// collectOften).
const (
	busyGCPercent    = 200
	defaultGCPercent = 100
	smallHeap        = 64 << 20
	busyRequests     = 5
	quietPeriods     = 20
)

// PaceCollector sets the collector's percent from the requests m counted
// and the live heap every period until ctx ends; without effect when GOGC
// is set.
func PaceCollector(ctx context.Context, m *Metrics, period time.Duration) {
	if os.Getenv("GOGC") != "" {
		return
	}
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/gogc:percent"}}
	tick := time.NewTicker(period)
	defer tick.Stop()
	seen, lastBusy := m.served.Load(), time.Time{}
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			n := m.served.Load()
			if n-seen >= busyRequests {
				lastBusy = now
			}
			paceOnce(samples, !lastBusy.IsZero() && now.Sub(lastBusy) < quietPeriods*period)
			seen = n
		}
	}
}

// paceOnce reads the live heap and the percent and sets the percent that
// busy and the live heap call for, unless the percent is not one of its
// own.
func paceOnce(samples []metrics.Sample, busy bool) {
	metrics.Read(samples)
	if samples[0].Value.Kind() != metrics.KindUint64 || samples[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	if want, now := gcPercentFor(busy, samples[0].Value.Uint64()), samples[1].Value.Uint64(); now != want &&
		(now == busyGCPercent || now == defaultGCPercent) {
		debug.SetGCPercent(int(want))
	}
}

// gcPercentFor is the percent for a server busy or not with a live heap
// of live bytes.
func gcPercentFor(busy bool, live uint64) uint64 {
	if busy && live < smallHeap {
		return busyGCPercent
	}
	return defaultGCPercent
}
