package server

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// TestProbesAreNotTraffic: the requests ReturnMemoryWhenIdle waits to see
// end are counted for every answered request but the probes' (/healthz,
// /readyz, /metrics), so that a monitor asking on a schedule does not keep
// memory from being returned.
func TestProbesAreNotTraffic(t *testing.T) {
	m := NewMetrics()
	e, err := newEdge(Config{Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	ok := func(c *fiber.Ctx) error { return c.SendString("ok") }
	if err := e.mount(peer(func(r fiber.Router) {
		r.Get("/healthz", ok)
		r.Get("/readyz", ok)
		r.Get("/v1/thing", ok)
	}), nil, nil); err != nil {
		t.Fatal(err)
	}
	get := func(path string) {
		t.Helper()
		resp, err := e.app.Test(httptest.NewRequest("GET", path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/healthz"} {
		get(p)
	}
	if n := m.served.Load(); n != 0 {
		t.Fatalf("probes counted as %d requests served", n)
	}
	get("/v1/thing")
	get("/nothing-here")
	if n := m.served.Load(); n != 2 {
		t.Fatalf("two requests counted as %d", n)
	}
}

// TestIdleReleases: once requests stop for the idle time, what the server
// keeps only to answer faster is let go, once per burst.
func TestIdleReleases(t *testing.T) {
	m := NewMetrics()
	var rel Releasers
	released := make(chan struct{}, 4)
	rel.Add(func() { released <- struct{}{} })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ReturnMemoryWhenIdle(ctx, m, time.Second, &rel)
	// A burst of requests over more than one check (the loop may start
	// after the first ones).
	for range 15 {
		m.served.Add(1)
		time.Sleep(100 * time.Millisecond)
	}
	select {
	case <-released:
	case <-time.After(30 * time.Second):
		t.Fatal("nothing released after a burst")
	}
	(*Releasers)(nil).Release() // a server without releasers
}
