package server

import (
	"context"
	"runtime/debug"
	"sync"
	"time"
)

// Memory returns after a burst. The Go runtime keeps the heap a burst
// grew until a collection finds it garbage (at the latest the forced one
// every two minutes when idle) and then gives pages back to the system
// only gradually, so an idle server kept most of its peak resident for
// minutes. ReturnMemoryWhenIdle frees it once the burst is over: after
// idle without a request answered (checked every idle/3), it collects and
// returns what is free to the system (debug.FreeOSMemory) once per burst;
// it never runs while requests come in. Probes (/healthz, /readyz,
// /metrics) are not counted: a monitor asking every idle or sooner would
// otherwise keep it from ever running. release (nil: none) runs first: it
// lets go of what the server keeps only to answer faster (caches that
// fill again at their next use). Last, the pages of the executable the
// burst touched are given back (dropBinaryPages). It returns when ctx
// ends.
func ReturnMemoryWhenIdle(ctx context.Context, m *Metrics, idle time.Duration, release *Releasers) {
	tick := time.NewTicker(max(idle/3, time.Second))
	defer tick.Stop()
	seen, quietSince, owed := m.served.Load(), time.Now(), false
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if n := m.served.Load(); n != seen {
				seen, quietSince, owed = n, now, true
				continue
			}
			if owed && now.Sub(quietSince) >= idle {
				release.Release()
				debug.FreeOSMemory()
				dropBinaryPages()
				owed = false
			}
		}
	}
}

// Releasers are what the server lets go of once idle, before it returns
// its memory: caches that fill again at their next use (the compressed
// answers, the encoded structures, the service's versions, the word
// spaces loaded at first use). The zero value is ready to use.
type Releasers struct {
	mu  sync.Mutex
	fns []func()
}

// Add adds fn to what Release runs.
func (r *Releasers) Add(fn func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fns = append(r.fns, fn)
}

// Release runs every function added, in order; a nil r runs none.
func (r *Releasers) Release() {
	if r == nil {
		return
	}
	r.mu.Lock()
	fns := append([]func(){}, r.fns...)
	r.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}
