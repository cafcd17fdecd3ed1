package server_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"

	"github.com/gofiber/fiber/v2"
)

func basic(user, password string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
}

// TestJSONBodyRulesByRoute: a JSON operation reads at most 1 MiB whatever
// the Content-Type claims, and takes only JSON media types.
func TestJSONBodyRulesByRoute(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	big := strings.Repeat("x", 1<<20+1)
	for _, ct := range []string{"application/json", "multipart/form-data", "multipart/form-data; boundary=x", "text/plain", "application/x-www-form-urlencoded", ""} {
		p := e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/1", User: "ann", Body: big, ContentType: ct}).Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
		if !strings.Contains(p.Detail, "1048576") {
			t.Errorf("%q: detail %q", ct, p.Detail)
		}
	}
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonx", "text/json"} {
		p := e.Do(testkit.Request{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: `{"quantity":1}`, ContentType: ct}).Expect(t, http.StatusUnsupportedMediaType).Problem(t)
		if !strings.Contains(p.Detail, "application/json") {
			t.Errorf("%q: detail %q", ct, p.Detail)
		}
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "application/merge-patch+json"} {
		r := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: `{"name":"p","language":"EN","terms":[{"term":"a","weight":1}]}`, ContentType: ct})
		if r.Status != http.StatusCreated {
			t.Errorf("%q: %d %s", ct, r.Status, r.Body)
		}
	}
	// Bodyless requests need no Content-Type.
	e.Do(testkit.Request{Method: "DELETE", Path: "/v1/poles/1", User: "ann"}).Expect(t, http.StatusNoContent)
}

// TestChunkedJSONBodyOverLimit: without Content-Length the limit holds as
// the body arrives.
func TestChunkedJSONBodyOverLimit(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	head := "PUT /v1/models/1 HTTP/1.1\r\nHost: x\r\nAuthorization: " + basic("ann", testkit.Password) +
		"\r\nContent-Type: multipart/form-data\r\nTransfer-Encoding: chunked\r\n\r\n"
	var body bytes.Buffer
	chunk := strings.Repeat("x", 64<<10)
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&body, "%x\r\n%s\r\n", len(chunk), chunk)
	}
	body.WriteString("0\r\n\r\n")
	resp, b := rawRequest(t, base, head, body.Bytes())
	if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("chunked 1.25 MiB: %d %s", resp.StatusCode, b)
	}
}

// TestRefusedBeforeBody: an anonymous or wrongly authenticated upload is
// answered after the server read the headers and at most 8 KiB of the
// body; the client has sent nothing more.
func TestRefusedBeforeBody(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	for _, tt := range []struct{ name, path, auth, cookie string }{
		{"anonymous", "/v1/models", "", ""},
		{"wrong password", "/v1/models", basic("ann", "wrong"), ""},
		{"unknown token", "/v1/models", "Bearer exp_nothing", ""},
		{"anonymous JSON", "/v1/poles", "", ""},
		{"page, no session", "/models/upload", "", ""},
		{"page, stale session", "/projects/import", "", "explorer_session=stale"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			head := "POST " + tt.path + " HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 15728640\r\n"
			if tt.auth != "" {
				head += "Authorization: " + tt.auth + "\r\n"
			}
			if tt.cookie != "" {
				head += "Cookie: " + tt.cookie + "\r\n"
			}
			resp, _ := rawRequest(t, base, head+"\r\n", make([]byte, 8<<10))
			if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("status %d after 8 KiB of a 15 MiB body", resp.StatusCode)
			}
		})
	}
}

// TestExpectContinueNeedsCredential: a client that asks before sending a
// 15 MiB body without any credential is refused and sends nothing; with a
// credential it is told to continue.
func TestExpectContinueNeedsCredential(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	for _, tt := range []struct {
		name, auth string
		want       string
	}{
		{"anonymous", "", "HTTP/1.1 417"},
		{"with a credential", "Authorization: " + basic("ann", "wrong") + "\r\n", "HTTP/1.1 100 Continue"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			head := "POST /v1/models HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 15728640\r\nExpect: 100-continue\r\n" + tt.auth + "\r\n"
			if _, err := conn.Write([]byte(head)); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			line, err := bufio.NewReader(conn).ReadString('\n')
			if err != nil || !strings.HasPrefix(line, tt.want) {
				t.Fatalf("first answer line %q (%v), want %q", line, err, tt.want)
			}
		})
	}
}

// serve runs app on a loopback port until the test ends.
func serve(t *testing.T, app *fiber.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.ShutdownWithTimeout(5 * time.Second) })
	return "http://" + ln.Addr().String()
}

// heapPeak samples the heap in use until stop is closed and returns the
// highest value seen.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return out
}

// TestConcurrentUploadsBoundedMemory sends 64 uploads of 15 MiB at once
// (signed in, and anonymous) and measures the heap: uploads are read only
// inside one of the server's upload slots, so the growth is bounded by the
// slots, not by the clients.
func TestConcurrentUploadsBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 720 MiB over the loopback")
	}
	e := testkit.New(t)
	e.AddUser("ann", "")
	const slots, uploads = 2, 24
	app, err := server.New(e.Services, server.Config{Logger: e.Options.Logger, Uploads: slots, UploadWait: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	base := serve(t, app)
	// One 15 MiB file, shared by every client: a CSV whose single cell is
	// too long, refused by the reader once the whole body was read.
	file := append([]byte("Index,Label,Terms\n1,A,"), bytes.Repeat([]byte("x"), 15<<20)...)
	body, ct := testkit.Multipart(t, "big.csv", file, nil)
	for _, auth := range []string{basic("ann", testkit.Password), ""} {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		stop := make(chan struct{})
		peak := heapPeak(stop)
		statuses := sendUploads(t, base+"/v1/models", auth, ct, body, uploads)
		close(stop)
		grown := int64(<-peak) - int64(before.HeapInuse)
		t.Logf("auth=%v: %d uploads of %d MiB answered %v; heap grew by at most %d MiB", auth != "", uploads, len(body)>>20, statuses, grown>>20)
		// Each slot holds at most one body (fasthttp keeps a file part of
		// up to 16 MiB in memory) and its reading: 3 bodies per slot plus
		// 64 MiB of slack (154 MiB). Without the slots it is 24 bodies
		// (360 MiB).
		if limit := int64(slots*3*len(body) + 64<<20); grown > limit {
			t.Fatalf("heap grew by %d MiB, over %d MiB", grown>>20, limit>>20)
		}
		// 503 is a request whose deadline passed while it waited for a
		// slot (a loaded machine): a refusal too, never a 500.
		for s := range statuses {
			if s != 0 && s != 503 && (s < 400 || s >= 500) {
				t.Fatalf("statuses %v: want only 4xx refusals", statuses)
			}
		}
	}
}

// sendUploads posts body n times at once and counts the statuses.
func sendUploads(t *testing.T, url, auth, ct string, body []byte, n int) map[int]int {
	t.Helper()
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		failed   atomic.Value
		wg       sync.WaitGroup
	)
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: n, MaxIdleConnsPerHost: n}}
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
			req.Header.Set("Content-Type", ct)
			if auth != "" {
				req.Header.Set("Authorization", auth)
			}
			resp, err := client.Do(req)
			if err != nil {
				// The server may answer and close before the client sent
				// the whole body: that is a refusal too.
				if !strings.Contains(err.Error(), "connection reset") && !strings.Contains(err.Error(), "broken pipe") {
					failed.Store(err)
				}
				mu.Lock()
				statuses[0]++
				mu.Unlock()
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mu.Lock()
			statuses[resp.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		t.Fatalf("upload: %v", err)
	}
	return statuses
}
