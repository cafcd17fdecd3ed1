package identity

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"

	"explorer"
)

// Password verification is the one operation anyone may ask for that
// costs tens of milliseconds of CPU (bcrypt). It runs in a bounded pool:
// at most HashSlots verifications at once (so sign-ins, failed or not,
// Take at most that many cores), at most HashQueue more waiting, each for
// at most HashWait; past that the sign-in is refused with 429 and
// Retry-After, without a hash, without counting as a failure and without
// an audit record (as the throttle's refusals).

// Defaults of the pool.
const (
	DefaultHashQueue = 64
	DefaultHashWait  = 2 * time.Second
)

// DefaultHashSlots is half the processors Go uses, at least one.
func DefaultHashSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// hashPool bounds concurrent password verifications.
type hashPool struct {
	slots   chan struct{}
	queued  atomic.Int64
	queue   int64
	wait    time.Duration
	refused atomic.Int64
}

func newHashPool(slots, queue int, wait time.Duration) *hashPool {
	return &hashPool{slots: make(chan struct{}, slots), queue: int64(queue), wait: wait}
}

// busy is the refusal of a verification the pool has no room for.
func (p *hashPool) busy() error {
	p.refused.Add(1)
	secs := max(1, int(p.wait/time.Second))
	return &explorer.Error{Code: explorer.ETHROTTLED, Message: "the server is busy checking passwords; try again in a moment", RetryAfter: secs}
}

// run runs f in a slot: at once when one is free, else after waiting in
// the queue at most the pool's wait (or until ctx ends).
func (p *hashPool) run(ctx context.Context, f func() error) error {
	select {
	case p.slots <- struct{}{}:
	default:
		if p.queued.Add(1) > p.queue {
			p.queued.Add(-1)
			return p.busy()
		}
		t := time.NewTimer(p.wait)
		select {
		case p.slots <- struct{}{}:
			t.Stop()
			p.queued.Add(-1)
		case <-t.C:
			p.queued.Add(-1)
			return p.busy()
		case <-ctx.Done():
			t.Stop()
			p.queued.Add(-1)
			return p.busy()
		}
	}
	defer func() { <-p.slots }()
	return f()
}

// HashRefused counts the verifications the pool refused (for metrics).
func (s *Service) HashRefused() int64 { return s.hashes.refused.Load() }
