package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"explorer/internal/testcert"
)

// syncBuffer is a buffer the server's output goes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// proc is a serve process started by the tests of this file.
type proc struct {
	cmd  *exec.Cmd
	addr string
	logs *syncBuffer
	done chan struct{}
}

// startProc starts cmd and waits until ok says the server answers.
func startProc(t *testing.T, cmd *exec.Cmd, addr string, ok func() bool) *proc {
	t.Helper()
	p := &proc{cmd: cmd, addr: addr, logs: &syncBuffer{}, done: make(chan struct{})}
	cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD=admin-password")
	cmd.Stdout, cmd.Stderr = p.logs, p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-p.done })
	deadline := time.Now().Add(30 * time.Second)
	for !ok() {
		if time.Now().After(deadline) || p.exited() {
			t.Fatalf("server did not start:\n%s", p.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return p
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// healthzFrom asks GET /healthz from the loopback address from, on a new
// connection; it returns the status, 0 when there is no answer.
func healthzFrom(addr, from string) int {
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext, DisableKeepAlives: true}
	resp, err := (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Get("http://" + addr + "/healthz")
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// startWithFileLimit starts serve with an open-file limit of nofile, soft
// and hard (so that the server cannot raise it), through sh's ulimit.
func startWithFileLimit(t *testing.T, bin string, nofile int, extra ...string) *proc {
	t.Helper()
	addr := freeAddr(t)
	args := append([]string{"-c", `ulimit -n "$0" && exec "$@"`, strconv.Itoa(nofile), bin, "serve", "--addr", addr, "--data", t.TempDir()}, extra...)
	return startProc(t, exec.Command("sh", args...), addr, func() bool { return healthzFrom(addr, "127.0.0.1") == 200 })
}

// idle opens n idle connections to addr from the loopback address from
// (those the server resets at once are not kept).
func idle(t *testing.T, addr, from string, n int) []net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	var conns []net.Conn
	for range n {
		c, err := d.Dial("tcp", addr)
		if errors.Is(err, syscall.ECONNRESET) {
			continue
		}
		if err != nil {
			t.Fatalf("dial from %s: %v", from, err)
		}
		conns = append(conns, c)
	}
	t.Cleanup(func() { closeConns(conns) })
	return conns
}

func closeConns(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// stillOpen counts the connections the server has not closed: reads
// that wait until a deadline, all at the same time (a read after its
// deadline would not look at the socket).
func stillOpen(conns []net.Conn) int {
	deadline := time.Now().Add(300 * time.Millisecond)
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

// settled is stillOpen once at most want connections are open, or after
// 10 s: the server accepts (and closes those over its caps) at its pace.
func settled(conns []net.Conn, want int) int {
	deadline := time.Now().Add(10 * time.Second)
	n := stillOpen(conns)
	for n > want && time.Now().Before(deadline) {
		n = stillOpen(conns)
	}
	return n
}

// waitHealthz waits until /healthz answers 200 from 127.0.0.1.
func (p *proc) waitHealthz(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for healthzFrom(p.addr, "127.0.0.1") != 200 {
		if p.exited() {
			t.Fatalf("the server exited:\n%s", p.logs)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no /healthz after the flood:\n%s", p.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestIdleFloodWithinCaps floods a server whose open-file limit is 256
// with idle connections: one address gets --max-conns-per-ip of them,
// another address is served meanwhile; many addresses together get
// --max-conns (three quarters of the limit); the server stays up and
// answers once they close.
func TestIdleFloodWithinCaps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	p := startWithFileLimit(t, buildBinary(t), 256, "--max-conns-per-ip", "50")
	if !strings.Contains(p.logs.String(), "max-conns=192") {
		t.Fatalf("the default cap does not follow the limit of 256:\n%s", p.logs)
	}
	flood := idle(t, p.addr, "127.0.0.1", 100)
	// The start's health checks may still be closing (lingering) and
	// count against the address.
	if n := settled(flood, 50); n < 48 || n > 50 {
		t.Fatalf("%d of 100 connections of one address held, want 50", n)
	}
	if got := healthzFrom(p.addr, "127.0.0.2"); got != 200 {
		t.Fatalf("another address during the flood: %d", got)
	}
	var wide []net.Conn
	for i := range 10 {
		wide = append(wide, idle(t, p.addr, "127.0.1."+strconv.Itoa(i+1), 30)...)
	}
	if n := settled(append(flood, wide...), 192); n > 192 {
		t.Fatalf("%d connections held over --max-conns 192", n)
	}
	closeConns(flood)
	closeConns(wide)
	p.waitHealthz(t)
	if !strings.Contains(p.logs.String(), "--max-conns connections") {
		t.Fatalf("the total cap was never reached:\n%s", p.logs)
	}
}

// TestIdleFloodPastFileLimit takes the caps away: 400 idle connections
// exhaust the 256 open files, every accept fails with "too many open
// files" meanwhile, and the server neither exits nor stops serving once
// they close; the failures are logged at most once a second.
func TestIdleFloodPastFileLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	p := startWithFileLimit(t, buildBinary(t), 256, "--max-conns", "0", "--max-conns-per-ip", "0")
	start := time.Now()
	flood := idle(t, p.addr, "127.0.0.1", 400)
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(p.logs.String(), "too many open files") {
		if time.Now().After(deadline) {
			t.Fatalf("the flood never exhausted the open files:\n%s", p.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(2 * time.Second)
	if p.exited() {
		t.Fatalf("the server exited:\n%s", p.logs)
	}
	closeConns(flood)
	p.waitHealthz(t)
	req, _ := http.NewRequest("GET", "http://"+p.addr+"/v1/account/settings", nil)
	req.SetBasicAuth("admin", "admin-password")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a signed-in request after the flood: %v %v\n%s", resp, err, p.logs)
	}
	resp.Body.Close()
	lines := strings.Count(p.logs.String(), "accepting a connection failed")
	if secs := time.Since(start).Seconds(); lines < 1 || float64(lines) > secs+1 {
		t.Fatalf("%d lines of failed accepts in %.1fs:\n%s", lines, secs, p.logs)
	}
}

// TestServeTLS serves HTTPS with a self-signed certificate, marks cookies
// Secure, and serves a new certificate after SIGHUP; a broken one on the
// next SIGHUP leaves the new one in use.
func TestServeTLS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	certFile, keyFile, first := testcert.SelfSigned(t, dir)
	addr := freeAddr(t)
	cmd := exec.Command(buildBinary(t), "serve", "--addr", addr, "--data", filepath.Join(dir, "data"), "--tls-cert", certFile, "--tls-key", keyFile)
	p := startProc(t, cmd, addr, func() bool { return httpsStatus(addr, first, "/healthz") == 200 })
	if got := httpsStatus(addr, first, "/healthz"); got != 200 {
		t.Fatalf("HTTPS /healthz: %d", got)
	}
	// The sign-in page sets its cookie Secure.
	resp, err := httpsClient(first).Get("https://" + addr + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ck := resp.Header.Values("Set-Cookie"); len(ck) == 0 || !strings.Contains(strings.ToLower(ck[0]), "; secure") {
		t.Fatalf("cookies over TLS: %q", ck)
	}
	_, _, second := testcert.SelfSigned(t, dir)
	if httpsStatus(addr, second, "/healthz") != 0 {
		t.Fatal("the new certificate is served before SIGHUP")
	}
	if err := p.cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for httpsStatus(addr, second, "/healthz") != 200 {
		if time.Now().After(deadline) || p.exited() {
			t.Fatalf("the new certificate is not served after SIGHUP:\n%s", p.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := os.WriteFile(certFile, []byte("broken"), 0o600); err != nil {
		t.Fatal(err)
	}
	p.cmd.Process.Signal(syscall.SIGHUP)
	for !strings.Contains(p.logs.String(), "the previous one stays") {
		if time.Now().After(deadline) {
			t.Fatalf("a broken certificate on SIGHUP not logged:\n%s", p.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := httpsStatus(addr, second, "/healthz"); got != 200 || p.exited() {
		t.Fatalf("after a broken reload: %d\n%s", got, p.logs)
	}
}

// httpsClient trusts only cert.
func httpsClient(cert *x509.Certificate) *http.Client {
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, DisableKeepAlives: true}}
}

// httpsStatus is the status of GET path over HTTPS trusting only cert,
// 0 when the handshake or the request fails.
func httpsStatus(addr string, cert *x509.Certificate, path string) int {
	resp, err := httpsClient(cert).Get("https://" + addr + path)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestMetricsAddr moves /metrics to its own listener: the public one no
// longer serves it.
func TestMetricsAddr(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	metrics := freeAddr(t)
	s := startServer(t, buildBinary(t), t.TempDir(), "--metrics-addr", metrics)
	if got := s.get(t, "/metrics", func(*http.Request) {}); got != 404 {
		t.Fatalf("public /metrics: %d", got)
	}
	resp, err := http.Get("http://" + metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `explorer_http_requests_total{method="GET",route="/healthz",status="200"}`) {
		t.Fatalf("metrics listener: %d\n%.2000s", resp.StatusCode, b)
	}
	if resp, err := http.Get("http://" + metrics + "/healthz"); err != nil || resp.StatusCode != 404 {
		t.Fatalf("the metrics listener serves more than /metrics: %v %v", resp, err)
	}
	// Without the flag, the public listener serves it.
	s2 := startServer(t, buildBinary(t), t.TempDir())
	if got := s2.get(t, "/metrics", func(*http.Request) {}); got != 200 {
		t.Fatalf("public /metrics without --metrics-addr: %d", got)
	}
}

// TestVersionStamped builds the binary with the -ldflags of make build
// and checks explorer version prints what they set, and the Go version.
func TestVersionStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"-X main.version=", "-X main.commit=", "-X main.date="} {
		if !strings.Contains(string(mk), v) {
			t.Fatalf("make build does not set %s", v)
		}
	}
	bin := filepath.Join(t.TempDir(), "explorer")
	ld := "-X main.version=v1.2.3 -X main.commit=0123456789abcdef0123456789abcdef01234567 -X main.date=2026-01-02T03:04:05Z"
	build := exec.Command("go", "build", "-ldflags", ld, "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "explorer v1.2.3\ncommit: 0123456789abcdef0123456789abcdef01234567\nbuilt: 2026-01-02T03:04:05Z\ngo: go1."
	if !strings.HasPrefix(string(out), want) {
		t.Fatalf("version:\n%s", out)
	}
}
