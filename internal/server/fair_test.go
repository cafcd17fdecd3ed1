package server_test

import (
	"encoding/base64"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"
)

// TestFairConnections is the attack of item 1: idle connections from
// several addresses fill --max-conns; a signed-in user is still served
// (an idle connection that never carried an authenticated request is
// closed to make room, from the address holding most), the user's own
// kept-alive connection is never the one closed while the flood goes on,
// and the evictions are counted in the metrics.
func TestFairConnections(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := server.NewMetrics()
	ln, err := server.Listen("127.0.0.1:0", server.ListenConfig{MaxConns: 24, MaxConnsPerIP: 8, Metrics: m,
		EvictAfter: 50 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = e.App.Listener(ln) }()
	t.Cleanup(func() { _ = e.App.ShutdownWithTimeout(5 * time.Second) })
	addr := ln.Addr().String()
	// The flood: 3 addresses × 8 idle connections fill the cap.
	var flood []net.Conn
	for _, from := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		flood = append(flood, dial(t, addr, from, 8)...)
	}
	time.Sleep(100 * time.Millisecond)
	// ann, over one kept-alive connection: served, and then protected.
	ann := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1, DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.1")}}).DialContext}, Timeout: 5 * time.Second}
	auth := "Basic " + base64.StdEncoding.EncodeToString([]byte("ann:"+testkit.Password))
	ok := 0
	for range 10 {
		if annGet(ann, addr, auth) == http.StatusOK {
			ok++
		}
		// The flood reopens what it lost, from its addresses.
		for _, from := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
			flood = append(flood, dialQuiet(addr, from, 8)...)
		}
		time.Sleep(60 * time.Millisecond)
	}
	if ok != 10 {
		t.Fatalf("ann was served %d times of 10 while the flood held the cap", ok)
	}
	// A new connection of ann's (no authenticated request yet) is also
	// served: the flood's idle connections go first.
	fresh := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	if s := annGet(fresh, addr, auth); s != http.StatusOK {
		t.Fatalf("ann's new connection: %d", s)
	}
	if n := counter(t, m, "evicted-idle"); n < 10 {
		t.Fatalf("%v idle connections evicted", n)
	}
	for _, c := range flood {
		c.Close()
	}
}

func annGet(c *http.Client, addr, auth string) int {
	req, _ := http.NewRequest("GET", "http://"+addr+"/v1/account", nil)
	req.Header.Set("Authorization", auth)
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func dial(t *testing.T, addr, from string, n int) []net.Conn {
	t.Helper()
	conns := dialQuiet(addr, from, n)
	if len(conns) != n {
		t.Fatalf("%d of %d connections from %s", len(conns), n, from)
	}
	return conns
}

// dialQuiet opens up to n connections from the loopback address from,
// sending nothing; refused ones are left out.
func dialQuiet(addr, from string, n int) []net.Conn {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	var conns []net.Conn
	for range n {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			continue // refused at the cap
		}
		conns = append(conns, c)
	}
	return conns
}

// counter reads explorer_connections_closed_total{reason}.
func counter(t *testing.T, m *server.Metrics, reason string) float64 {
	t.Helper()
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "explorer_connections_closed_total" {
			continue
		}
		for _, mt := range f.GetMetric() {
			for _, l := range mt.GetLabel() {
				if l.GetName() == "reason" && l.GetValue() == reason {
					return mt.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// TestIdleTimeoutsLogOncePerSecond: 40 idle connections timing out at
// once (408 each) write one log line, not 40, and are all counted.
func TestIdleTimeoutsLogOncePerSecond(t *testing.T) {
	var mu sync.Mutex
	var logs strings.Builder
	logger := slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))
	m := server.NewMetrics()
	e := testkit.New(t)
	app, err := server.New(e.Services, server.Config{Logger: logger, Metrics: m, HeaderTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := server.Listen("127.0.0.1:0", server.ListenConfig{Logger: logger, Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.ShutdownWithTimeout(5 * time.Second) })
	conns := dial(t, ln.Addr().String(), "127.0.0.2", 40)
	for _, c := range conns {
		c.Write([]byte("GET / HT")) // a request begun, never finished
	}
	deadline := time.Now().Add(10 * time.Second)
	for counter(t, m, "header-timeout") < 40 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := counter(t, m, "header-timeout"); n != 40 {
		t.Fatalf("%v header timeouts counted, want 40", n)
	}
	mu.Lock()
	lines := strings.Count(logs.String(), "request refused before routing")
	mu.Unlock()
	if lines < 1 || lines > 3 {
		t.Fatalf("%d log lines for 40 timeouts", lines)
	}
	for _, c := range conns {
		c.Close()
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}
