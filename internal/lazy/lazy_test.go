package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestValueLoadsOnceUntilReleased: concurrent first Gets load once; after
// Release the next Get loads again, and what was got before stays.
func TestValueLoadsOnceUntilReleased(t *testing.T) {
	var loads atomic.Int32
	v := New(func() *int { n := int(loads.Add(1)); return &n })
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { v.Get() })
	}
	wg.Wait()
	first := v.Get()
	if loads.Load() != 1 || *first != 1 {
		t.Fatalf("%d loads for 9 Gets", loads.Load())
	}
	v.Release()
	if again := v.Get(); *again != 2 || *first != 1 || loads.Load() != 2 {
		t.Fatalf("after Release: got %d (first %d), %d loads", *again, *first, loads.Load())
	}
}
