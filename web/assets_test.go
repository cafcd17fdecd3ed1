package web_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"explorer/internal/testkit"
	"explorer/views"

	"github.com/valyala/fasthttp"
)

// The layout names every asset by its fingerprinted URL, which is served
// for good, compressed; the plain URL keeps working with the hour's cache
// and a validator.
func TestAssetsFingerprinted(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	page := string(b.do("GET", "/", nil, nil).Expect(t, 200).Body)
	fp := regexp.MustCompile(`^/assets/js/htmx\.min\.[0-9a-f]{12}\.js$`)
	htmx := views.Asset("js/htmx.min.js")
	if !fp.MatchString(htmx) {
		t.Fatalf("fingerprinted path %q", htmx)
	}
	for _, name := range []string{"css/app.css", "icons/favicon.svg", "js/htmx.min.js", "js/app.js"} {
		if !strings.Contains(page, `"`+views.Asset(name)+`"`) {
			t.Fatalf("the layout does not reference %s", views.Asset(name))
		}
	}
	if strings.Contains(page, `"/assets/js/htmx.min.js"`) {
		t.Fatal("the layout references the plain htmx URL")
	}
	plain := e.Do(testkit.Request{Method: "GET", Path: "/assets/js/htmx.min.js"}).Expect(t, 200)
	r := e.Do(testkit.Request{Method: "GET", Path: htmx, Header: map[string]string{"Accept-Encoding": "gzip"}}).Expect(t, 200)
	if r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || r.Header.Get("Content-Encoding") != "gzip" ||
		r.Header.Get("Vary") != "Accept-Encoding" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("fingerprinted headers %v", r.Header)
	}
	if len(r.Body)*2 > len(plain.Body) {
		t.Fatalf("gzip %d of %d bytes", len(r.Body), len(plain.Body))
	}
	if body, err := fasthttp.AppendGunzipBytes(nil, r.Body); err != nil || !bytes.Equal(body, plain.Body) {
		t.Fatalf("decoded fingerprinted htmx differs: %v", err)
	}
	for _, coding := range []string{"br", "zstd"} {
		if got := e.Do(testkit.Request{Method: "GET", Path: htmx, Header: map[string]string{"Accept-Encoding": coding}}).Expect(t, 200).Header.Get("Content-Encoding"); got != coding {
			t.Fatalf("%s: Content-Encoding %q", coding, got)
		}
	}
	if len(plain.Header.Values("Vary")) != 1 || plain.Header.Get("Cache-Control") != "public, max-age=3600" || plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("ETag") == "" {
		t.Fatalf("plain headers %v", plain.Header)
	}
	r = e.Do(testkit.Request{Method: "GET", Path: "/assets/js/htmx.min.js", Header: map[string]string{"If-None-Match": plain.Header.Get("ETag")}}).Expect(t, 304)
	if len(r.Body) != 0 {
		t.Fatal("304 with a body")
	}
	// A wrong hash, a path outside the assets, a write: 404 or 405.
	e.Do(testkit.Request{Method: "GET", Path: "/assets/js/htmx.min.000000000000.js"}).Expect(t, 404)
	e.Do(testkit.Request{Method: "GET", Path: "/assets/../go.mod"}).Expect(t, 404)
	if s := e.Do(testkit.Request{Method: "POST", Path: htmx}).Status; s == 200 {
		t.Fatal("POST to an asset answered 200")
	}
}
