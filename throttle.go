package explorer

import (
	"sync"
	"time"
)

// limiter counts failures per key in a sliding window. A key with max
// failures inside the window is blocked until the oldest one leaves it.
// It is kept in memory: each instance throttles what it sees.
type limiter struct {
	max    int
	window time.Duration
	mu     sync.Mutex
	fails  map[string][]time.Time
	sweep  time.Time
}

func newLimiter(max int, window time.Duration) *limiter {
	return &limiter{max: max, window: window, fails: map[string][]time.Time{}}
}

// blocked returns how long key stays blocked at now (0 when it is not).
func (l *limiter) blocked(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	f := l.prune(key, now)
	if len(f) < l.max {
		return 0
	}
	return f[0].Add(l.window).Sub(now)
}

// fail records a failure of key at now.
func (l *limiter) fail(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f := append(l.prune(key, now), now)
	if len(f) > l.max {
		f = f[len(f)-l.max:]
	}
	l.fails[key] = f
	if now.Sub(l.sweep) > l.window {
		l.sweep = now
		for k := range l.fails {
			l.prune(k, now)
		}
	}
}

// reset forgets the failures of key.
func (l *limiter) reset(key string) {
	l.mu.Lock()
	delete(l.fails, key)
	l.mu.Unlock()
}

// prune drops failures of key older than the window; l.mu is held.
func (l *limiter) prune(key string, now time.Time) []time.Time {
	f := l.fails[key]
	i := 0
	for i < len(f) && now.Sub(f[i]) >= l.window {
		i++
	}
	f = f[i:]
	if len(f) == 0 {
		delete(l.fails, key)
		return nil
	}
	l.fails[key] = f
	return f
}
