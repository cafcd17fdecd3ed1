package server

import (
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

func TestGCPercentFollowsTheLiveHeap(t *testing.T) {
	for live, want := range map[uint64]uint64{0: 200, smallHeap - 1: 200, smallHeap: 100, 1 << 34: 100} {
		if got := gcPercentFor(live); got != want {
			t.Errorf("live %d: percent %d, want %d", live, got, want)
		}
	}
}

// TestPaceLeavesOtherPercentsAlone: the pacer moves the percent between
// its own two values only; a percent someone else set (a word space
// conversion's 10, an operator's 150) stays.
func TestPaceLeavesOtherPercentsAlone(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/gogc:percent"}}
	paceOnce(samples) // this test binary's live heap is small
	if got := debug.SetGCPercent(10); got != smallHeapGCPercent {
		t.Fatalf("a small heap at 100 was paced to %d, want %d", got, smallHeapGCPercent)
	}
	for _, other := range []int{10, 150} {
		debug.SetGCPercent(other)
		paceOnce(samples)
		if got := debug.SetGCPercent(other); got != other {
			t.Fatalf("a percent of %d was changed to %d", other, got)
		}
	}
}

func TestPaceCollectorLeavesAnOperatorsGOGC(t *testing.T) {
	t.Setenv("GOGC", "100")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	PaceCollector(t.Context(), 1) // returns at once
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GOGC set by the operator, the percent became %d", got)
	}
}
