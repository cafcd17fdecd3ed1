package server_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"explorer/domains"
	"explorer/internal/server"
	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// standInProxy forwards requests round-robin to backends, appending the
// client's address to X-Forwarded-For as a load balancer does. It
// connects to the backends from 127.0.0.1.
func standInProxy(t *testing.T, backends ...string) string {
	t.Helper()
	var next atomic.Int64
	targets := make([]*url.URL, len(backends))
	for i, b := range backends {
		targets[i], _ = url.Parse(b)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(targets[int(next.Add(1))%len(targets)])
		r.Out.Header["X-Forwarded-For"] = r.In.Header["X-Forwarded-For"]
		r.SetXForwarded()
	}}
	p := httptest.NewServer(rp)
	t.Cleanup(p.Close)
	return p.URL
}

// clientFrom is an HTTP client whose connections come from the loopback
// address ip (127.0.0.0/8 is all loopback), as a distinct client.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	jar, _ := cookiejar.New(nil)
	return &http.Client{
		Jar:           jar,
		Transport:     &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func get(t *testing.T, c *http.Client, url, user, password string, hdr ...string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.SetBasicAuth(user, password)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// twoInstances are two servers on one database, each with its own
// service (and so its own in-memory throttle), trusting 127.0.0.1.
func twoInstances(t *testing.T) (*testkit.Env, []string) {
	t.Helper()
	e := testkit.New(t)
	var urls []string
	for _, svc := range []*domains.Services{e.Services, domains.New(e.DB, e.Options)} {
		app, err := server.New(svc, server.Config{Logger: e.Options.Logger, TrustedProxies: []string{"127.0.0.1/32"}})
		if err != nil {
			t.Fatal(err)
		}
		urls = append(urls, serve(t, app))
	}
	return e, urls
}

// TestThrottleBehindTrustedProxy: behind a load balancer, failures are
// counted per real client address, so one client cannot lock out another,
// and a verified credential is never throttled.
func TestThrottleBehindTrustedProxy(t *testing.T) {
	e, backends := twoInstances(t)
	e.AddUser("admin", "admin")
	e.AddUser("ann", "")
	proxy := standInProxy(t, backends...)
	attacker, office, neighbour := clientFrom("127.0.0.2"), clientFrom("127.0.0.3"), clientFrom("127.0.0.2")
	models := proxy + "/v1/models"

	// ann, behind the same address as the attacker, signs in on both
	// instances before the attack: her credential is cached on each.
	for i := 0; i < 2; i++ {
		if s := get(t, neighbour, models, "ann", testkit.Password); s != 200 {
			t.Fatalf("ann before the attack: %d", s)
		}
	}
	// 50 failures for admin from the attacker (25 on each instance).
	for i := 0; i < 50; i++ {
		if s := get(t, attacker, models, "admin", fmt.Sprintf("guess-%d", i)); s != 401 && s != 429 {
			t.Fatalf("guess %d: %d", i, s)
		}
	}
	for i := 0; i < 2; i++ {
		if s := get(t, attacker, models, "admin", testkit.Password); s != 429 {
			t.Fatalf("admin from the attacker's address: %d, want 429", s)
		}
		if s := get(t, office, models, "admin", testkit.Password); s != 200 {
			t.Fatalf("admin from the office after 20+ failures elsewhere: %d, want 200", s)
		}
	}
	if s := get(t, office, models, "admin", "guess"); s != 401 {
		t.Fatalf("a wrong guess from the office: %d, want 401", s)
	}
	// A client that writes X-Forwarded-For itself is still its own address
	// (from the office's address the guess would be 401).
	if s := get(t, attacker, models, "admin", "guess", "X-Forwarded-For", "127.0.0.3"); s != 429 {
		t.Fatalf("spoofed X-Forwarded-For through the proxy: %d, want 429", s)
	}
	if s := get(t, attacker, backends[0]+"/v1/models", "admin", "guess", "X-Forwarded-For", "127.0.0.3"); s != 429 {
		t.Fatalf("spoofed X-Forwarded-For to an instance directly: %d, want 429", s)
	}

	// The address cap: 250 failures with many usernames (125 on each).
	for i := 0; i < 250; i++ {
		get(t, attacker, models, fmt.Sprintf("nobody%d", i), "x")
	}
	if s := get(t, attacker, models, "ann", "wrong"); s != 429 {
		t.Fatalf("the attacker's address over its cap: %d, want 429", s)
	}
	for i := 0; i < 2; i++ {
		if s := get(t, neighbour, models, "ann", testkit.Password); s != 200 {
			t.Fatalf("ann's cached credential from the capped address: %d, want 200", s)
		}
		if s := get(t, office, models, "ann", testkit.Password); s != 200 {
			t.Fatalf("ann from another address: %d, want 200", s)
		}
	}

	// The sign-in page says how long to wait.
	msg := loginThrottled(t, attacker, proxy)
	if !regexp.MustCompile(`Wait \d+ seconds`).MatchString(msg) {
		t.Fatalf("sign-in page message %q", msg)
	}
}

// loginThrottled posts the sign-in form for admin with a wrong password
// and returns the page's error message, expecting 429.
func loginThrottled(t *testing.T, c *http.Client, base string) string {
	t.Helper()
	resp, err := c.Get(base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := goquery.NewDocumentFromReader(resp.Body)
	resp.Body.Close()
	token, _ := d.Find(`input[name=_csrf]`).Attr("value")
	resp, err = c.PostForm(base+"/login", url.Values{"_csrf": {token}, "username": {"admin"}, "password": {"nope"}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("throttled sign-in: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	d, _ = goquery.NewDocumentFromReader(resp.Body)
	return strings.TrimSpace(d.Find(".error").First().Text())
}

// TestForwardedForOnlyFromTrustedPeers checks the client address the edge
// logs: from a trusted proxy, the right-most untrusted X-Forwarded-For
// entry; from anyone else, the peer itself.
func TestForwardedForOnlyFromTrustedPeers(t *testing.T) {
	e, lb := withLog(t)
	app, err := server.New(e.Services, server.Config{Logger: e.Options.Logger, TrustedProxies: []string{"127.0.0.1", "10.0.0.0/8"}})
	if err != nil {
		t.Fatal(err)
	}
	base := serve(t, app)
	for _, tt := range []struct{ from, xff, want string }{
		{"127.0.0.1", "198.51.100.7", "198.51.100.7"},
		{"127.0.0.1", "203.0.113.9, 198.51.100.7, 10.1.2.3", "198.51.100.7"},
		{"127.0.0.1", "garbage, 198.51.100.8", "198.51.100.8"},
		{"127.0.0.1", "", "127.0.0.1"},
		{"127.0.0.4", "198.51.100.7", "127.0.0.4"},
	} {
		get(t, clientFrom(tt.from), base+"/healthz", "", "", "X-Forwarded-For", tt.xff)
		lines := lb.lines(t)
		if got := lines[len(lines)-1]["client"]; got != tt.want {
			t.Errorf("from %s with X-Forwarded-For %q: client %v, want %s", tt.from, tt.xff, got, tt.want)
		}
	}
	if _, err := server.New(e.Services, server.Config{TrustedProxies: []string{"10.0.0.0/33"}}); err == nil {
		t.Fatal("a bad CIDR was accepted")
	}
}
