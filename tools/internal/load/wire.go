package load

import (
	"context"
	"net"
	"sync/atomic"
)

// Wire counts the bytes read from every connection it dialled (status
// lines, headers and bodies: what the answers weigh on the wire). Give
// Dial as an http.Transport's DialContext.
type Wire struct{ Read atomic.Int64 }

// Dial dials addr and counts what is read from the connection.
func (w *Wire) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: conn, n: &w.Read}, nil
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	k, err := c.Conn.Read(p)
	c.n.Add(int64(k))
	return k, err
}
