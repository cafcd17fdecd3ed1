package server_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// TestEarlyAnswerReachesTheClient: when the server answers before it has
// read a request (a body over the limit, headers too large), a client
// that is still sending reads the answer instead of a reset connection.
// Each case is sent several times: a reset depends on timing.
func TestEarlyAnswerReachesTheClient(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	big := bytes.Repeat([]byte("x"), 19<<20)
	for _, tt := range []struct {
		name, method, path, ct string
		body                   []byte
		header                 string
		want                   int
	}{
		{"19 MiB claimed multipart to a JSON operation", "PUT", "/v1/models/1", "multipart/form-data", big, "", http.StatusRequestEntityTooLarge},
		{"100 KiB header", "GET", "/v1/models", "", nil, strings.Repeat("a", 100<<10), http.StatusRequestHeaderFieldsTooLarge},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for range 5 {
				client := &http.Client{Transport: &http.Transport{}}
				req, _ := http.NewRequest(tt.method, base+tt.path, bytes.NewReader(tt.body))
				req.SetBasicAuth("ann", testkit.Password)
				if tt.ct != "" {
					req.Header.Set("Content-Type", tt.ct)
				}
				if tt.header != "" {
					req.Header.Set("X-Long", tt.header)
				}
				resp, err := client.Do(req)
				if err != nil {
					t.Fatalf("no answer: %v", err)
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				client.CloseIdleConnections()
				if resp.StatusCode != tt.want || resp.Header.Get("Content-Type") != "application/problem+json" {
					t.Fatalf("%d %s %.200s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
				}
			}
		})
	}
}
