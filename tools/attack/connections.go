package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// connectionAttacks are the idle-connection floods of issue 18: an
// anonymous client opens connections and sends nothing, first from one
// address, then from many, past the default caps (256 per address, at
// most 10,000 in total).
func connectionAttacks() []attack {
	return []attack{
		{"idle connections: 1,000 from one address, 15,000 from 75", (*runner).idleFlood},
	}
}

// idleFlood holds the flood open while it looks at what the server kept
// and whether another client is served, closes it, and answers with the
// /healthz that follows.
func (r *runner) idleFlood() (*http.Response, error) {
	addr := strings.TrimPrefix(r.srv.Base, "http://")
	var all []net.Conn
	defer func() { closeIdle(all) }()
	one, err := openIdle(addr, "127.0.0.1", 1000)
	all = append(all, one...)
	if err != nil {
		return nil, err
	}
	heldOne := settledHeld(one)
	during := healthzFrom(addr, "127.0.0.2")
	var wide []net.Conn
	for i := range 75 {
		conns, err := openIdle(addr, fmt.Sprintf("127.0.2.%d", i+1), 200)
		wide = append(wide, conns...)
		all = append(all, conns...)
		if err != nil {
			return nil, err
		}
	}
	heldWide := settledHeld(wide)
	// With the total cap reached, a new client is refused: /healthz after
	// the flood closes says whether the server is still up.
	full := healthzFrom(addr, "127.0.3.1")
	closeIdle(all)
	all = nil
	start := time.Now()
	for time.Since(start) < 10*time.Second {
		resp, err := healthzResponse(addr, "127.0.3.2")
		if err == nil {
			r.note = fmt.Sprintf("held %d of 1,000 from one address (another address: %d), %d of 15,000 from 75 (a new client: %d); /healthz %.1fs after closing",
				heldOne, during, heldWide, full, time.Since(start).Seconds())
			return resp, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, errors.New("no /healthz within 10 s after the flood closed")
}

// openIdle opens n connections to addr from the loopback address from;
// those the server resets at once are not kept.
func openIdle(addr, from string, n int) ([]net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	var conns []net.Conn
	for range n {
		c, err := d.Dial("tcp", addr)
		if errors.Is(err, syscall.ECONNRESET) {
			continue
		}
		if err != nil {
			return conns, fmt.Errorf("dial from %s: %w", from, err)
		}
		conns = append(conns, c)
	}
	return conns, nil
}

// settledHeld is held once the count stops falling (the server accepts,
// and closes those over its caps, at its pace), or after 10 s.
func settledHeld(conns []net.Conn) int {
	deadline := time.Now().Add(10 * time.Second)
	n := held(conns)
	for time.Now().Before(deadline) {
		m := held(conns)
		if m >= n {
			return m
		}
		n = m
	}
	return n
}

// held counts the connections the server keeps open: reads that wait
// until a deadline instead of ending at once (all at the same time: a
// read after its deadline would not look at the socket).
func held(conns []net.Conn) int {
	deadline := time.Now().Add(500 * time.Millisecond)
	var n atomic.Int64
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(deadline)
			_, err := c.Read(make([]byte, 1))
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				n.Add(1)
			}
		})
	}
	wg.Wait()
	return int(n.Load())
}

func closeIdle(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// healthzFrom is the status of GET /healthz from the loopback address
// from, 0 without an answer.
func healthzFrom(addr, from string) int {
	resp, err := healthzResponse(addr, from)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func healthzResponse(addr, from string) (*http.Response, error) {
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext, DisableKeepAlives: true}
	return (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Get("http://" + addr + "/healthz")
}
