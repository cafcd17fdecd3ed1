package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// logBuffer is a JSON slog handler's output, safe for the server's
// goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// lines are the records logged so far.
func (l *logBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// withLog returns an Env whose configured logger writes JSON into a buffer.
func withLog(t *testing.T) (*testkit.Env, *logBuffer) {
	lb := &logBuffer{}
	e := testkit.New(t, func(o *explorer.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(lb, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	return e, lb
}

func TestAccessLogOnConfiguredLogger(t *testing.T) {
	e, lb := withLog(t)
	u := e.AddUser("ann", "")
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles?secret=hunter2", User: "ann"}).Expect(t, 200)
	var found map[string]any
	for _, l := range lb.lines(t) {
		if l["msg"] == "request" && l["route"] == "/v1/poles" {
			found = l
		}
	}
	if found == nil {
		t.Fatalf("no access log line for GET /v1/poles in %v", lb.lines(t))
	}
	if found["method"] != "GET" || found["status"] != float64(200) || found["user"] != "ann" ||
		found["user_id"] != float64(u.ID) || found["bytes"] == nil || found["duration"] == nil {
		t.Fatalf("access log line %v", found)
	}
	// An answer of the edge's middleware names the operation's route too.
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: "{}", ContentType: "text/plain"}).Expect(t, 415)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/7"}).Expect(t, 401)
	routes := map[string]bool{}
	for _, l := range lb.lines(t) {
		if l["msg"] == "request" {
			routes[fmt.Sprint(l["method"], " ", l["route"], " ", l["status"])] = true
		}
	}
	for _, want := range []string{"POST /v1/account/credits 415", "GET /v1/models/:id 401"} {
		if !routes[want] {
			t.Errorf("no access log line %q in %v", want, routes)
		}
	}
	lb.mu.Lock()
	all := lb.buf.String()
	lb.mu.Unlock()
	if strings.Contains(all, "hunter2") || strings.Contains(all, testkit.Password) || strings.Contains(all, "Basic ") {
		t.Fatalf("the log holds a query secret or a credential: %s", all)
	}
}

func TestUnknownMethodIs405WithAllow(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	r := e.Do(testkit.Request{Method: "PATCH", Path: "/v1/poles", User: "ann"}).Expect(t, http.StatusMethodNotAllowed)
	r.Problem(t)
	if got := r.Header.Get("Allow"); got != "GET, HEAD, POST" {
		t.Fatalf("Allow %q", got)
	}
	// A page path with another method is 405 too, not a sign-in redirect.
	r = e.Do(testkit.Request{Method: "DELETE", Path: "/login"}).Expect(t, http.StatusMethodNotAllowed)
	if got := r.Header.Get("Allow"); !strings.Contains(got, "POST") {
		t.Fatalf("Allow %q", got)
	}
}

// goWords are words of Go's and fasthttp's own error texts that must not
// reach a client.
var goWords = []string{"multipart:", "boundary not found", "fasthttp", "mime:", "<html", "<pre"}

func TestMalformedMultipartIsProblem(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for _, tt := range []struct {
		name, user, ct, body string
		status               int
	}{
		{"anonymous, no boundary", "", "multipart/form-data", "--x\r\n", 401},
		{"anonymous, broken", "", "multipart/form-data; boundary=x", "--x\r\nContent-Disp", 401},
		{"no boundary", "ann", "multipart/form-data", "--x\r\nabc", 400},
		{"broken", "ann", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nabc", 400},
		{"bad media type", "ann", "multipart/form-data; boundary", "--x\r\n", 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: tt.user, Body: tt.body, ContentType: tt.ct}).Expect(t, tt.status)
			p := r.Problem(t)
			for _, w := range goWords {
				if strings.Contains(strings.ToLower(string(r.Body)), w) {
					t.Fatalf("detail %q shows the parser's words %q", p.Detail, w)
				}
			}
		})
	}
}

// rawRequest sends head (and body) through a socket and returns the answer.
func rawRequest(t *testing.T, base, head string, body []byte) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write(append([]byte(head), body...)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	return resp, b.Bytes()
}

func TestHeadersTooLargeIsProblem(t *testing.T) {
	e := testkit.New(t)
	base := e.Serve()
	head := fmt.Sprintf("GET /v1/poles HTTP/1.1\r\nHost: x\r\nX-Long: %s\r\n\r\n", strings.Repeat("a", 64<<10))
	resp, body := rawRequest(t, base, head, nil)
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("long headers: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	var p struct{ Detail string }
	if err := json.Unmarshal(body, &p); err != nil || !strings.Contains(p.Detail, "headers are too large") {
		t.Fatalf("body %s", body)
	}
}
