package server

import (
	"bytes"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"explorer/internal/testcert"
)

// serveHTTP serves "ok" on ln until the test ends.
func serveHTTP(t *testing.T, ln net.Listener) {
	t.Helper()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
}

// dialFrom opens n connections to addr from the loopback address from;
// reset is how many the server reset before the dial returned.
func dialFrom(t *testing.T, addr, from string, n int) (conns []net.Conn, reset int) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	for range n {
		c, err := d.Dial("tcp", addr)
		if errors.Is(err, syscall.ECONNRESET) {
			reset++
			continue
		}
		if err != nil {
			t.Fatalf("dial from %s: %v", from, err)
		}
		conns = append(conns, c)
	}
	t.Cleanup(func() { closeAll(conns) })
	return conns, reset
}

func closeAll(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// closedByServer counts the connections the server closed: a read ends
// at once instead of waiting.
func closedByServer(conns []net.Conn) int {
	n := 0
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			n++
		}
	}
	return n
}

// getFrom asks GET / from the loopback address from.
func getFrom(addr, from string) (string, error) {
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext, DisableKeepAlives: true}
	resp, err := (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Get("http://" + addr + "/")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// waitOpen waits until the listener counts n open connections.
func waitOpen(t *testing.T, ln net.Listener, n int) {
	t.Helper()
	el := ln.(*edgeListener)
	deadline := time.Now().Add(10 * time.Second)
	for el.Open() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open, want %d", el.Open(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestListenCapsPerAddress(t *testing.T) {
	var logs bytes.Buffer
	ln, err := Listen("127.0.0.1:0", ListenConfig{MaxConnsPerIP: 3, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	serveHTTP(t, ln)
	addr := ln.Addr().String()
	flood, reset := dialFrom(t, addr, "127.0.0.1", 8)
	waitOpen(t, ln, 3)
	if n := reset + closedByServer(flood); n != 5 {
		t.Fatalf("%d of 8 connections closed over a cap of 3 per address", n)
	}
	// Another address is served meanwhile.
	if body, err := getFrom(addr, "127.0.0.2"); err != nil || body != "ok" {
		t.Fatalf("another address during the flood: %q %v", body, err)
	}
	if !strings.Contains(logs.String(), "--max-conns-per-ip") {
		t.Fatalf("refusals not logged:\n%s", logs.String())
	}
	// Once the flood closes, its address is served again.
	closeAll(flood)
	waitOpen(t, ln, 0)
	if body, err := getFrom(addr, "127.0.0.1"); err != nil || body != "ok" {
		t.Fatalf("after the flood: %q %v", body, err)
	}
}

func TestListenCapsInTotal(t *testing.T) {
	ln, err := Listen("127.0.0.1:0", ListenConfig{MaxConns: 4, MaxConnsPerIP: 2, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	serveHTTP(t, ln)
	addr := ln.Addr().String()
	var held []net.Conn
	for _, from := range []string{"127.0.0.1", "127.0.0.2"} {
		conns, _ := dialFrom(t, addr, from, 2)
		held = append(held, conns...)
	}
	waitOpen(t, ln, 4)
	more, reset := dialFrom(t, addr, "127.0.0.3", 2)
	if n := reset + closedByServer(more); n != 2 {
		t.Fatalf("%d of 2 connections over the total closed", n)
	}
	if n := closedByServer(held); n != 0 {
		t.Fatalf("%d held connections closed", n)
	}
	closeAll(held)
	waitOpen(t, ln, 0)
	if body, err := getFrom(addr, "127.0.0.3"); err != nil || body != "ok" {
		t.Fatalf("after: %q %v", body, err)
	}
}

func TestListenTrustedProxyExempt(t *testing.T) {
	ln, err := Listen("127.0.0.1:0", ListenConfig{MaxConnsPerIP: 1, TrustedProxies: []string{"127.0.0.1"}, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	serveHTTP(t, ln)
	conns, _ := dialFrom(t, ln.Addr().String(), "127.0.0.1", 5)
	waitOpen(t, ln, 5)
	if n := closedByServer(conns); n != 0 {
		t.Fatalf("%d connections of a trusted proxy closed", n)
	}
}

// flakyListener fails its first accepts with "too many open files".
type flakyListener struct {
	net.Listener
	mu    sync.Mutex
	fails int
}

func (f *flakyListener) Accept() (net.Conn, error) {
	f.mu.Lock()
	if f.fails > 0 {
		f.fails--
		f.mu.Unlock()
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	}
	f.mu.Unlock()
	return f.Listener.Accept()
}

// TestAcceptErrorsNeverEndTheServer: accepts that fail are retried after
// a growing pause, logged at most once a second, and the connection
// waiting meanwhile is served.
func TestAcceptErrorsNeverEndTheServer(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	el := &edgeListener{Listener: &flakyListener{Listener: inner, fails: 9}, proxies: &proxies{}, perIP: map[netip.Addr]int{}}
	el.log.logger = slog.New(slog.NewTextHandler(&logs, nil))
	serveHTTP(t, el)
	start := time.Now()
	if body, err := getFrom(inner.Addr().String(), "127.0.0.1"); err != nil || body != "ok" {
		t.Fatalf("after failed accepts: %q %v", body, err)
	}
	// 5+10+20+40+80+160+320+640+1000 ms of pauses.
	if d := time.Since(start); d < 2*time.Second {
		t.Fatalf("9 failed accepts retried within %v", d)
	}
	lines := strings.Count(logs.String(), "accepting a connection failed")
	if lines < 2 || lines > 4 || !strings.Contains(logs.String(), "too many open files") {
		t.Fatalf("%d log lines in %v:\n%s", lines, time.Since(start), logs.String())
	}
	inner.Close()
	if _, err := el.Accept(); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("closed listener: %v", err)
	}
}

func TestDefaultMaxConns(t *testing.T) {
	for limit, want := range map[uint64]int{0: 10_000, 1024: 768, 256: 192, 20_000: 10_000, 1 << 20: 10_000, 10: 16} {
		if got := DefaultMaxConns(limit); got != want {
			t.Fatalf("DefaultMaxConns(%d) = %d, want %d", limit, got, want)
		}
	}
}

// servedSerial is the serial number of the certificate addr presents.
func servedSerial(t *testing.T, addr string) *big.Int {
	t.Helper()
	c, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.ConnectionState().PeerCertificates[0].SerialNumber
}

func TestTLSCertificateReload(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, c1 := testcert.SelfSigned(t, dir)
	first := c1.SerialNumber
	cert, err := LoadCertificate(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := Listen("127.0.0.1:0", ListenConfig{TLS: cert.TLSConfig(), MaxConnsPerIP: 10, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	serveHTTP(t, ln)
	addr := ln.Addr().String()
	if got := servedSerial(t, addr); got.Cmp(first) != 0 {
		t.Fatalf("serial %v, want %v", got, first)
	}
	_, _, c2 := testcert.SelfSigned(t, dir)
	second := c2.SerialNumber
	if got := servedSerial(t, addr); got.Cmp(first) != 0 {
		t.Fatal("the certificate changed before Reload")
	}
	if err := cert.Reload(); err != nil {
		t.Fatal(err)
	}
	if got := servedSerial(t, addr); got.Cmp(second) != 0 {
		t.Fatalf("after Reload: serial %v, want %v", got, second)
	}
	// A broken file leaves the certificate in use.
	if err := os.WriteFile(keyFile, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := cert.Reload(); err == nil {
		t.Fatal("a broken key reloaded")
	}
	if got := servedSerial(t, addr); got.Cmp(second) != 0 {
		t.Fatal("a failed reload changed the certificate")
	}
	if _, err := LoadCertificate(certFile, keyFile); err == nil || !strings.Contains(err.Error(), keyFile) {
		t.Fatalf("a broken key loads: %v", err)
	}
}
