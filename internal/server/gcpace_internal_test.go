package server

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestGCPercentFollowsLoadAndTheLiveHeap(t *testing.T) {
	for live, want := range map[uint64]uint64{0: 200, smallHeap - 1: 200, smallHeap: 100, 1 << 34: 100} {
		if got := gcPercentFor(true, live); got != want {
			t.Errorf("busy, live %d: percent %d, want %d", live, got, want)
		}
		if got := gcPercentFor(false, live); got != defaultGCPercent {
			t.Errorf("quiet, live %d: percent %d, want %d", live, got, defaultGCPercent)
		}
	}
}

// TestPaceFollowsTheRequests: a busy period raises the percent, a quiet
// one brings it back to Go's default.
func TestPaceFollowsTheRequests(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	var m Metrics
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { PaceCollector(ctx, &m, time.Millisecond); close(done) }()
	waitPercent := func(want int, busy bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if busy {
				m.served.Add(busyRequests)
			}
			if percent(t) == want {
				return
			}
		}
		t.Fatalf("the percent never became %d", want)
	}
	waitPercent(busyGCPercent, true)
	waitPercent(defaultGCPercent, false)
	cancel()
	<-done
}

// percent reads the collector's percent.
func percent(t *testing.T) int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

// TestPaceLeavesOtherPercentsAlone: the pacer moves the percent between
// its own two values only; a percent someone else set (a word space
// conversion's 10, an operator's 150) stays.
func TestPaceLeavesOtherPercentsAlone(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/gogc:percent"}}
	paceOnce(samples, true) // this test binary's live heap is small
	if got := debug.SetGCPercent(10); got != busyGCPercent {
		t.Fatalf("a busy small heap at 100 was paced to %d, want %d", got, busyGCPercent)
	}
	for _, other := range []int{10, 150} {
		debug.SetGCPercent(other)
		paceOnce(samples, true)
		if got := debug.SetGCPercent(other); got != other {
			t.Fatalf("a percent of %d was changed to %d", other, got)
		}
	}
}

func TestPaceCollectorLeavesAnOperatorsGOGC(t *testing.T) {
	t.Setenv("GOGC", "100")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	PaceCollector(t.Context(), &Metrics{}, 1) // returns at once
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GOGC set by the operator, the percent became %d", got)
	}
}
