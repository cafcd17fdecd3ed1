//go:build unix

package server

import (
	"context"
	"errors"
	"net"
	"syscall"
	"time"
)

// watchEvery is how often a running request's connection is looked at.
const watchEvery = 250 * time.Millisecond

// watchConn cancels the request when its client has closed the connection,
// until ctx ends. It peeks at the socket without consuming anything, so
// bytes of a body or of the next request stay for the server to read.
func watchConn(ctx context.Context, conn net.Conn, cancel context.CancelFunc) {
	// A TLS connection is watched on its TCP socket.
	if tc, ok := conn.(interface{ NetConn() net.Conn }); ok {
		conn = tc.NetConn()
	}
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return
	}
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	buf := make([]byte, 1)
	for {
		if closed(raw, buf) {
			cancel()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// closed reports whether the peer has closed or reset the connection.
func closed(raw syscall.RawConn, buf []byte) bool {
	gone := false
	err := raw.Read(func(fd uintptr) bool {
		n, _, rerr := syscall.Recvfrom(int(fd), buf, syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case rerr == nil:
			gone = n == 0 // orderly close: end of stream
		case errors.Is(rerr, syscall.EAGAIN), errors.Is(rerr, syscall.EWOULDBLOCK), errors.Is(rerr, syscall.EINTR):
		default:
			gone = true
		}
		return true // never wait for the socket to become readable
	})
	return gone || err != nil
}
