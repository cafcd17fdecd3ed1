package server

import (
	"io"
	"net"
	"net/netip"
	"sync"
	"time"
)

// A server that answers before it has read a whole request (413 for a
// body over the limit, 431 for headers too large, 417, 401 before an
// upload) and then closes the connection while the client still sends
// makes the kernel reset it, and the reset throws away the answer before
// the client reads it: the client sees "connection reset" instead of the
// problem. Connections are therefore closed lingering, as Apache and
// nginx do: the server's side is shut for writing (the answer is sent,
// then the end), and what the client still sends is read and discarded
// until it closes, for at most lingerTime and lingerBytes, on a goroutine
// of its own.
const (
	lingerTime  = 2 * time.Second
	lingerBytes = 64 << 20
)

// lingerConn is an accepted connection; release, when set, is called once
// its socket is closed. The fields below once are the listener's, kept
// under its lock (fair.go).
type lingerConn struct {
	*net.TCPConn
	once    sync.Once
	release func()
	// released guards release: an eviction of a lingering connection
	// releases it at once, and its lingering goroutine then does not.
	releaseOnce sync.Once

	listener *edgeListener
	ip       netip.Addr
	opened   time.Time
	// busy: a request is being handled; proven: a request on it was
	// authenticated; idle: it is in the listener's idle set.
	busy, proven, idle bool
}

// evict closes the connection at once with a reset (no lingering, no
// TIME_WAIT): it is taken to make room for another.
func (c *lingerConn) evict() {
	// A connection already lingering (closed by the server, draining what
	// the client still sends) is reset too: it counts until released, and
	// an eviction that left it counted would make no room.
	c.once.Do(func() {})
	_ = c.TCPConn.SetLinger(0)
	_ = c.TCPConn.Close()
	c.released()
}

// Close shuts the connection for writing and drains it in the background;
// it never waits for the client.
func (c *lingerConn) Close() error {
	var err error
	c.once.Do(func() {
		if err = c.TCPConn.CloseWrite(); err != nil {
			err = c.TCPConn.Close()
			c.released()
			return
		}
		go c.linger()
	})
	return err
}

func (c *lingerConn) linger() {
	defer c.released()
	defer c.TCPConn.Close()
	if c.TCPConn.SetReadDeadline(time.Now().Add(lingerTime)) != nil {
		return
	}
	_, _ = io.CopyN(io.Discard, c.TCPConn, lingerBytes)
}

func (c *lingerConn) released() {
	c.releaseOnce.Do(func() {
		if c.release != nil {
			c.release()
		}
	})
}
