package server

import (
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"
)

// ListenConfig bounds the connections the server holds open. Every
// connection costs an open file; a client that opens idle connections
// until the process runs out of them would otherwise end it (the Fiber
// server stops serving at the first failed accept).
type ListenConfig struct {
	// MaxConns is the most connections open at once (0: no cap); one
	// accepted over it is closed at once.
	MaxConns int
	// MaxConnsPerIP is the most connections open at once from one TCP
	// peer address (0: no cap). Trusted proxies are exempt: they carry
	// many clients, and only MaxConns bounds them.
	MaxConnsPerIP int
	// TrustedProxies are the CIDRs or addresses of the trusted proxies.
	TrustedProxies []string
	// TLS, when set, makes the listener serve TLS.
	TLS *tls.Config
	// Logger receives the refusals and the failed accepts, at most one
	// line a second; nil is slog.Default().
	Logger *slog.Logger
	// Metrics, when set, counts the connections refused and closed to
	// make room, by reason.
	Metrics *Metrics
	// EvictAfter is how long a connection may stay without an
	// authenticated request before it may be closed to make room for a
	// new one at the cap (default 1 s: time for a TLS handshake and a
	// request on a slow link).
	EvictAfter time.Duration
}

// Listen listens on the TCP address addr. The connections it accepts
// close lingering (see linger.go) and are counted against lc's caps; a
// failed accept (such as "too many open files") is retried after a pause
// that grows to one second, never returned to the server.
func Listen(addr string, lc ListenConfig) (net.Listener, error) {
	px, err := parseProxies(lc.TrustedProxies)
	if err != nil {
		return nil, err
	}
	if lc.Logger == nil {
		lc.Logger = slog.Default()
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	if lc.EvictAfter <= 0 {
		lc.EvictAfter = time.Second
	}
	el := &edgeListener{Listener: ln, cfg: lc, proxies: px, perIP: map[netip.Addr]int{}, idle: map[netip.Addr]map[*lingerConn]struct{}{}}
	el.log.logger = lc.Logger
	if lc.TLS != nil {
		return tls.NewListener(el, lc.TLS), nil
	}
	return el, nil
}

// edgeListener counts the open connections, in total and per peer address.
type edgeListener struct {
	net.Listener
	cfg     ListenConfig
	proxies *proxies
	log     rateLog

	mu    sync.Mutex
	total int
	perIP map[netip.Addr]int
	// idle holds, by address, the connections without an authenticated
	// request and without a request being handled (fair.go).
	idle map[netip.Addr]map[*lingerConn]struct{}
}

// Accept returns the next connection within the caps. It returns an error
// only once the listener is closed.
func (l *edgeListener) Accept() (net.Conn, error) {
	var pause time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil, err
			}
			pause = min(max(2*pause, 5*time.Millisecond), time.Second)
			l.log.warn("accepting a connection failed; retrying", "err", err, "pause", pause)
			time.Sleep(pause)
			continue
		}
		pause = 0
		if ac := l.admit(c); ac != nil {
			return ac, nil
		}
	}
}

// admit counts c, or closes it when a cap is reached (nil). At the total
// cap, an idle connection that never had an authenticated request is
// closed to make room first (fair.go).
func (l *edgeListener) admit(c net.Conn) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	var ip netip.Addr
	if ra, ok := tc.RemoteAddr().(*net.TCPAddr); ok {
		ip = ra.AddrPort().Addr().Unmap()
	}
	capped := l.cfg.MaxConnsPerIP > 0 && ip.IsValid() && !l.proxies.trusted(ip)
	lc := &lingerConn{TCPConn: tc, listener: l, ip: ip, opened: time.Now()}
	lc.release = func() { l.release(lc, capped) }
	reason := l.reserve(lc, capped)
	if reason == "" {
		return lc
	}
	// A reset frees the socket at once, with no TIME_WAIT kept.
	_ = tc.SetLinger(0)
	_ = tc.Close()
	l.cfg.Metrics.connClosed(reason)
	if reason == reasonMaxConns {
		l.log.warn("connection refused: the server holds --max-conns connections", "max", l.cfg.MaxConns)
	} else {
		l.log.warn("connection refused: its address holds --max-conns-per-ip connections", "ip", ip.String(), "max", l.cfg.MaxConnsPerIP)
	}
	return nil
}

// reserve counts lc when the caps allow, making room at the total cap by
// evicting idle connections; it answers why not otherwise ("" when
// counted).
func (l *edgeListener) reserve(lc *lingerConn, capped bool) string {
	for range 4 {
		l.mu.Lock()
		if capped && l.perIP[lc.ip] >= l.cfg.MaxConnsPerIP {
			l.mu.Unlock()
			return reasonMaxConnsPerIP
		}
		if l.cfg.MaxConns <= 0 || l.total < l.cfg.MaxConns {
			l.total++
			if capped {
				l.perIP[lc.ip]++
			}
			l.setIdle(lc, true)
			l.mu.Unlock()
			return ""
		}
		victim := l.pickIdle(lc.opened)
		l.mu.Unlock()
		if victim == nil {
			return reasonMaxConns
		}
		victim.evict()
		l.cfg.Metrics.connClosed(reasonEvicted)
		l.log.warn("idle connection closed to make room: it sent no authenticated request", "ip", victim.ip.String(), "max", l.cfg.MaxConns)
	}
	return reasonMaxConns
}

func (l *edgeListener) release(lc *lingerConn, capped bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.setIdle(lc, false)
	l.total--
	if capped {
		if l.perIP[lc.ip]--; l.perIP[lc.ip] <= 0 {
			delete(l.perIP, lc.ip)
		}
	}
}

// Open is the number of connections open (counted until their socket is
// closed, lingering included).
func (l *edgeListener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

// rateLog writes at most one warning a second of each message; the next
// one counts those left out. Each kind of refusal keeps its own second, so
// a flood of one kind never hides the other.
type rateLog struct {
	logger *slog.Logger
	mu     sync.Mutex
	last   map[string]time.Time
	left   map[string]int
}

func (r *rateLog) warn(msg string, args ...any) {
	r.logAt(slog.LevelWarn, msg, msg, args...)
}

// logAt writes msg at level unless a line of the same key was written in
// the last second; the next one counts those left out.
func (r *rateLog) logAt(level slog.Level, key, msg string, args ...any) {
	r.mu.Lock()
	if r.last == nil {
		r.last, r.left = map[string]time.Time{}, map[string]int{}
	}
	now := time.Now()
	if now.Sub(r.last[key]) < time.Second {
		r.left[key]++
		r.mu.Unlock()
		return
	}
	left := r.left[key]
	r.last[key], r.left[key] = now, 0
	r.mu.Unlock()
	if left > 0 {
		args = append(args, "not logged since the last line", left)
	}
	r.logger.Log(context.Background(), level, msg, args...)
}

// DefaultMaxConns is the default cap on open connections for an open-file
// limit: three quarters of it, leaving the rest to the database, uploads
// and word spaces, and at most 10,000 (0: unknown limit, 10,000).
func DefaultMaxConns(fileLimit uint64) int {
	const most = 10_000
	if fileLimit == 0 || fileLimit > most*4/3 {
		return most
	}
	return max(16, int(fileLimit*3/4))
}
