package tablefile

import (
	"io"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Reading an uploaded table can take a lot of memory for a moment (a
// workbook's shared strings, a model's rows): the Go runtime keeps what
// the heap grew to and hands it back to the system only slowly (its next
// collections are set by the peak, and the scavenger returns pages at a
// bounded pace), so that four large uploads at once left the server at
// 2.3 GB while idle. So when the last upload being read ends and the
// uploads since the first of them allocated at least releaseAfter bytes,
// the memory is returned at once with debug.FreeOSMemory (a full
// collection, a few milliseconds on the server's small live heap). What
// bursts allocate adds up until a release, so large uploads one after
// another are freed too (on an idle machine four large uploads may not
// overlap); a small upload pays only once uploads since the last release
// allocated releaseAfter, and overlapping large ones pay once.
const releaseAfter = 64 << 20

// releaser counts the uploads being read and frees memory after a burst
// of large ones.
type releaser struct {
	mu     sync.Mutex
	active int
	start  uint64 // heap allocations when the burst began
	// pending is what the bursts since the last release allocated.
	pending uint64
	// allocs and free are the runtime's (tests replace them).
	allocs    func() uint64
	free      func()
	threshold uint64
}

// uploads is the process's one releaser: the Go heap it watches is the
// process's too.
var uploads = &releaser{allocs: heapAllocs, free: debug.FreeOSMemory, threshold: releaseAfter}

// heapAllocs is the bytes allocated on the heap since the process started
// (a runtime/metrics counter, read without stopping the world).
func heapAllocs() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// begin counts an upload in; the returned function counts it out (once,
// however often it is called) and frees memory when it ends a large
// burst.
func (r *releaser) begin() func() {
	r.mu.Lock()
	if r.active == 0 {
		r.start = r.allocs()
	}
	r.active++
	r.mu.Unlock()
	var once sync.Once
	return func() { once.Do(r.end) }
}

func (r *releaser) end() {
	r.mu.Lock()
	r.active--
	large := false
	if r.active == 0 {
		r.pending += r.allocs() - r.start
		if large = r.pending >= r.threshold; large {
			r.pending = 0
		}
	}
	r.mu.Unlock()
	if large {
		r.free()
	}
}

// uploadCloser closes an upload's file and counts the upload out.
type uploadCloser struct {
	c   io.Closer
	end func()
}

func (u uploadCloser) Close() error {
	defer u.end()
	return u.c.Close()
}
