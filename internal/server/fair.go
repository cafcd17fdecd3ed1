package server

import (
	"crypto/tls"
	"net/netip"
	"time"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Fair connections. At the total cap (--max-conns) a new connection is not
// refused while the server holds a connection that has never carried an
// authenticated request, has none being handled and is older than
// EvictAfter: the one of those from the address holding most of them
// (the oldest there) is closed with a reset to make room. So a client
// holding thousands of idle connections from many addresses loses them
// before anyone signed in is refused; a connection on which a request
// was authenticated (Basic, a token or a page session) is never closed
// to make room. Refusals and evictions are counted in the metrics
// (explorer_connections_closed_total by reason) and logged at most once
// a second per reason.

// Reasons a connection is closed by the listener.
const (
	reasonMaxConns      = "max-conns"
	reasonMaxConnsPerIP = "max-conns-per-ip"
	reasonEvicted       = "evicted-idle"
)

// setIdle puts lc in the idle set or takes it out; l.mu is held.
func (l *edgeListener) setIdle(lc *lingerConn, idle bool) {
	if lc.idle == idle {
		return
	}
	lc.idle = idle
	if l.idle == nil {
		l.idle = map[netip.Addr]map[*lingerConn]struct{}{}
	}
	set := l.idle[lc.ip]
	if idle {
		if set == nil {
			set = map[*lingerConn]struct{}{}
			l.idle[lc.ip] = set
		}
		set[lc] = struct{}{}
		return
	}
	delete(set, lc)
	if len(set) == 0 {
		delete(l.idle, lc.ip)
	}
}

// pickIdle takes out of the idle set the connection to close for room:
// from the address with the most idle ones old enough (older than
// EvictAfter at now), its oldest; nil when there is none. An address
// whose idle connections are all new does not shield the others. l.mu is
// held.
func (l *edgeListener) pickIdle(now time.Time) *lingerConn {
	var victim *lingerConn
	most := 0
	for _, set := range l.idle {
		if len(set) < most || (len(set) == most && victim != nil) {
			continue
		}
		var oldest *lingerConn
		for c := range set {
			if now.Sub(c.opened) >= l.cfg.EvictAfter && (oldest == nil || c.opened.Before(oldest.opened)) {
				oldest = c
			}
		}
		if oldest != nil {
			victim, most = oldest, len(set)
		}
	}
	if victim != nil {
		l.setIdle(victim, false)
	}
	return victim
}

// requestStarted marks lc busy: a request is being handled.
func (l *edgeListener) requestStarted(lc *lingerConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lc.busy = true
	l.setIdle(lc, false)
}

// requestDone marks lc's request handled; an authenticated one proves
// the connection for good, else it is idle again.
func (l *edgeListener) requestDone(lc *lingerConn, authenticated bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lc.busy = false
	lc.proven = lc.proven || authenticated
	if !lc.proven {
		l.setIdle(lc, true)
	}
}

// trackConn tells the listener when a connection carries a request and
// whether it was authenticated (the handlers put the user in the
// request's context). Connections of other listeners pass untouched.
func trackConn(c *fiber.Ctx) error {
	conn := c.Context().Conn()
	if tc, ok := conn.(*tls.Conn); ok {
		conn = tc.NetConn()
	}
	lc, ok := conn.(*lingerConn)
	if !ok || lc.listener == nil {
		return c.Next()
	}
	l := lc.listener
	l.requestStarted(lc)
	defer func() { l.requestDone(lc, explorer.UserFromContext(c.UserContext()) != nil) }()
	return c.Next()
}
