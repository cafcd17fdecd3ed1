package server

import (
	"context"
	"runtime/debug"
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
// otherwise keep it from ever running. It returns when ctx ends.
func ReturnMemoryWhenIdle(ctx context.Context, m *Metrics, idle time.Duration) {
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
				debug.FreeOSMemory()
				owed = false
			}
		}
	}
}
