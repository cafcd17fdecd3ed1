package server_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// TestRequestContentEncoding (item 9): a coded JSON body is decoded
// (gzip, deflate) within the body limit; an unknown or stacked coding is
// 415; a body that is not what its coding says is 400 saying so, never
// "malformed JSON"; a small bomb is 413; an upload is sent uncoded.
func TestRequestContentEncoding(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	pole := []byte(`{"name":"warm","language":"EN","parts":[{"term":"sun"}]}`)
	send := func(coding string, body []byte, path string) *testkit.Response {
		return e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: body, ContentType: "application/json",
			Header: map[string]string{"Content-Encoding": coding}})
	}
	send("gzip", gzipped(pole), "/v1/poles").Expect(t, http.StatusCreated)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(pole)
	zw.Close()
	send("deflate", z.Bytes(), "/v1/poles").Expect(t, http.StatusCreated)
	send("identity", pole, "/v1/poles").Expect(t, http.StatusCreated)
	for _, coding := range []string{"compress", "br", "zstd", "gzip, gzip", "nonsense"} {
		p := send(coding, pole, "/v1/poles").Expect(t, http.StatusUnsupportedMediaType).Problem(t)
		if !strings.Contains(p.Detail, "Content-Encoding") {
			t.Errorf("%s: %q", coding, p.Detail)
		}
	}
	for _, c := range []struct{ coding, body string }{{"gzip", "not gzip at all"}, {"gzip", string(gzipped(pole)[:20])}, {"deflate", "not zlib"}} {
		p := send(c.coding, []byte(c.body), "/v1/poles").Expect(t, http.StatusBadRequest).Problem(t)
		if !strings.Contains(p.Detail, "not valid "+c.coding) || strings.Contains(p.Detail, "JSON") {
			t.Errorf("bad %s body: %q", c.coding, p.Detail)
		}
	}
	bomb := gzipped(bytes.Repeat([]byte(" "), 50<<20))
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	send("gzip", bomb, "/v1/poles").Expect(t, http.StatusRequestEntityTooLarge)
	// An upload is not decoded.
	e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: "ann", Body: gzipped([]byte("x")), ContentType: "multipart/form-data; boundary=x",
		Header: map[string]string{"Content-Encoding": "gzip"}}).Expect(t, http.StatusUnsupportedMediaType)
}
