package server

import (
	"net/http/httptest"
	"testing"

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
