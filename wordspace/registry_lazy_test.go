package wordspace

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"explorer"
)

// A space loaded at first use is loaded once in the background, whatever
// the number of first requests at once; a request whose deadline passes
// before the load ends is answered EUNAVAILABLE with a Retry-After (it does
// not wait for the load), and the load, going on, serves the next one.
func TestRegistryLazyLoadHonoursDeadlineAndIsShared(t *testing.T) {
	r := NewRegistry(nil)
	release := make(chan struct{})
	var loads atomic.Int32
	sp := randomSpace(t, 50, 8, 4, 3)
	r.lazy("DE", "test", sp.Len(), func(ctx context.Context, _ LoadOptions) (*Space, error) {
		loads.Add(1)
		select {
		case <-release:
			return sp, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}, nil)
	terms := []explorer.WeightedTerm{{Term: sp.Word(0), Weight: 1}}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, err := r.Suggest(ctx, "de", terms, nil, 5)
			errs <- err
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		close(release)
		t.Fatal("first requests waited for the load past their deadline")
	}
	close(errs)
	for err := range errs {
		e, ok := err.(*explorer.Error)
		if !ok || e.Code != explorer.EUNAVAILABLE || e.RetryAfter <= 0 {
			t.Fatalf("a first request past its deadline: %v", err)
		}
	}
	if n := loads.Load(); n != 1 {
		t.Fatalf("%d loads for 8 first requests, want 1", n)
	}
	close(release)
	got, err := r.Suggest(context.Background(), "DE", terms, nil, 5)
	if err != nil || len(got) == 0 {
		t.Fatalf("after the load: %v %v", got, err)
	}
	if n := loads.Load(); n != 1 {
		t.Fatalf("loaded again: %d", n)
	}
}
