package server

import (
	"fmt"
	"net"
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// proxies are the trusted proxies' networks.
type proxies struct{ nets []netip.Prefix }

// parseProxies reads CIDRs ("10.0.0.0/8") or single addresses.
func parseProxies(list []string) (*proxies, error) {
	p := &proxies{}
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !strings.Contains(s, "/") {
			a, err := netip.ParseAddr(s)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: not an address or CIDR", s)
			}
			s = netip.PrefixFrom(a, a.BitLen()).String()
		}
		n, err := netip.ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: not an address or CIDR", s)
		}
		p.nets = append(p.nets, n.Masked())
	}
	return p, nil
}

// CheckTrustedProxies reports the first entry of list that is neither a
// CIDR nor an address.
func CheckTrustedProxies(list []string) error {
	_, err := parseProxies(list)
	return err
}

func (p *proxies) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, n := range p.nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr makes c.IP() the client's address. When the connection comes
// from a trusted proxy, the client is the right-most address of
// X-Forwarded-For that is not itself a trusted proxy (the left part of the
// header is whatever the client wrote); from any other peer the header is
// ignored. The peer is the connection's own address, and the address is
// set on every request: fasthttp keeps the request context of a keep-alive
// connection, so one set for an earlier request would otherwise stay.
func (e *edge) clientAddr(c *fiber.Ctx) error {
	if len(e.proxies.nets) == 0 {
		return c.Next()
	}
	conn := c.Context().Conn()
	if conn == nil {
		return c.Next()
	}
	tcp, ok := conn.RemoteAddr().(*net.TCPAddr)
	if !ok {
		return c.Next()
	}
	client := tcp
	if peer, ok := netip.AddrFromSlice(tcp.IP); ok && e.proxies.trusted(peer) {
		if a, ok := e.proxies.forwardedClient(c.Request().Header.PeekAll(fiber.HeaderXForwardedFor)); ok {
			client = &net.TCPAddr{IP: a.AsSlice()}
		}
	}
	c.Context().SetRemoteAddr(client)
	return c.Next()
}

// forwardedClient walks the X-Forwarded-For values from the right. It
// stops at the first address that is not a trusted proxy; a malformed
// entry ends the walk at the last good address.
func (p *proxies) forwardedClient(values [][]byte) (netip.Addr, bool) {
	var hops []string
	for _, v := range values {
		hops = append(hops, strings.Split(string(v), ",")...)
	}
	var last netip.Addr
	found := false
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		last, found = a.Unmap(), true
		if !p.trusted(a) {
			break
		}
	}
	return last, found
}
