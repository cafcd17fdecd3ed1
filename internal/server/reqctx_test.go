package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// peer is a route list for tests of the edge alone.
type peer func(r fiber.Router)

func (p peer) Register(r fiber.Router) { p(r) }

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

// testEdge returns an app with routes on the edge and its log.
func testEdge(t *testing.T, cfg Config, routes peer) (*fiber.App, *syncBuffer) {
	t.Helper()
	log := &syncBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(log, nil))
	e, err := newEdge(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.mount(routes, nil, nil); err != nil {
		t.Fatal(err)
	}
	return e.app, log
}

func TestPanicIsLoggedOnConfiguredLogger(t *testing.T) {
	app, log := testEdge(t, Config{}, func(r fiber.Router) {
		r.Get("/v1/boom", func(c *fiber.Ctx) error { panic("kaboom") })
	})
	resp, err := app.Test(httptest.NewRequest("GET", "/v1/boom", nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 500 || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("panic answered %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := log.String()
	if !strings.Contains(out, "kaboom") || !strings.Contains(out, "route=/v1/boom") || !strings.Contains(out, "status=500") {
		t.Fatalf("the panic is not in the configured log: %s", out)
	}
}

func TestRequestContextHasDeadline(t *testing.T) {
	got := make(chan error, 1)
	app, _ := testEdge(t, Config{RequestTimeout: 50 * time.Millisecond}, func(r fiber.Router) {
		r.Get("/v1/slow", func(c *fiber.Ctx) error {
			ctx := c.UserContext()
			if _, ok := ctx.Deadline(); !ok {
				got <- errors.New("no deadline")
				return nil
			}
			<-ctx.Done()
			got <- ctx.Err()
			return ctx.Err()
		})
	})
	if _, err := app.Test(httptest.NewRequest("GET", "/v1/slow", nil), -1); err != nil {
		t.Fatal(err)
	}
	if err := <-got; !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("context ended with %v, want its deadline", err)
	}
}

func TestRequestContextEndsWhenClientGoesAway(t *testing.T) {
	got := make(chan error, 1)
	waiting := make(chan struct{})
	app, _ := testEdge(t, Config{RequestTimeout: time.Minute}, func(r fiber.Router) {
		r.Get("/v1/wait", func(c *fiber.Ctx) error {
			close(waiting)
			<-c.UserContext().Done()
			got <- c.UserContext().Err()
			return nil
		})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	defer app.Shutdown()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write([]byte("GET /v1/wait HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-waiting:
	case <-time.After(20 * time.Second):
		t.Fatal("the handler was not called")
	}
	conn.Close()
	select {
	case err := <-got:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("context ended with %v, want canceled", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the request's context was not cancelled after the client left")
	}
}

// zeros is an endless reader of zero bytes, up to n.
type zeros struct{ n int }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(len(p), z.n)
	clear(p[:k])
	z.n -= k
	return k, nil
}

// TestStreamedAnswerStaysStreamed: the access log does not read a
// streamed body into memory to count it.
func TestStreamedAnswerStaysStreamed(t *testing.T) {
	const size = 64 << 20
	app, log := testEdge(t, Config{}, func(r fiber.Router) {
		r.Get("/v1/big", func(c *fiber.Ctx) error { return c.SendStream(&zeros{n: size}, size) })
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	defer app.Shutdown()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	resp, err := http.Get("http://" + ln.Addr().String() + "/v1/big")
	if err != nil {
		t.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	runtime.ReadMemStats(&after)
	if n != size {
		t.Fatalf("read %d bytes", n)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/4 {
		t.Fatalf("streaming %d MiB allocated %d MiB", size>>20, alloc>>20)
	}
	// The access log line is written after the last byte was sent.
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(log.String(), "bytes=67108864"); {
		if time.Now().After(deadline) {
			t.Fatalf("log %s", log.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
