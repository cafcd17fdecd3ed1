package identity

import (
	"fmt"
	"math"
	"sync"
	"time"

	"explorer"
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

// The sign-in throttle counts failures per (username, client address)
// pair, at most explorer.Options.UserFailures in Options.FailureWindow, and per
// client address, at most Options.AddrFailures: failing for admin from one
// address never locks admin out of another, and one address cannot lock
// out others. The address is the client's as the HTTP edge sees it (behind
// trusted proxies, from X-Forwarded-For). Verified credentials pass
// without asking the throttle (AuthenticatePassword and
// AuthenticateBearer).

// pairKey is the throttle's key of a username and a client address.
func pairKey(username, addr string) string {
	return explorer.UsernameKey(username) + "\x00" + addr
}

// throttled returns an ETHROTTLED error, with how long to wait, when the
// (username, address) pair or the address has failed too often. An empty
// username asks about the address alone; an empty address (a signed-in
// user's own password check) about the username alone.
func (s *Service) throttled(username, addr string, now time.Time) error {
	var wait time.Duration
	if username != "" {
		wait = s.userLimit.blocked(pairKey(username, addr), now)
	}
	if addr != "" {
		wait = max(wait, s.addrLimit.blocked(addr, now))
	}
	if wait <= 0 {
		return nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	return &explorer.Error{Code: explorer.ETHROTTLED, Message: fmt.Sprintf("too many failed sign-ins; try again in %d seconds", secs), RetryAfter: secs}
}

// failed records a failure of username (may be empty) from addr.
func (s *Service) failed(username, addr string, now time.Time) {
	if username != "" {
		s.userLimit.fail(pairKey(username, addr), now)
	}
	if addr != "" {
		s.addrLimit.fail(addr, now)
	}
}

// succeeded forgets the failures of the pair once its password was right.
func (s *Service) succeeded(username, addr string) {
	s.userLimit.reset(pairKey(username, addr))
}
