//go:build !unix

package server

import (
	"context"
	"net"
)

// watchConn is not available on this platform: a request's context ends at
// its deadline only.
func watchConn(context.Context, net.Conn, context.CancelFunc) {}
