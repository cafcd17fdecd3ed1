package server_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"explorer/internal/testkit"

	"github.com/valyala/fasthttp"
)

// decode undoes the content coding of an answer.
func decode(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var out []byte
	var err error
	switch coding {
	case "":
		return body
	case "gzip":
		out, err = fasthttp.AppendGunzipBytes(nil, body)
	case "br":
		out, err = fasthttp.AppendUnbrotliBytes(nil, body)
	case "zstd":
		out, err = fasthttp.AppendUnzstdBytes(nil, body)
	default:
		t.Fatalf("unexpected coding %q", coding)
	}
	if err != nil {
		t.Fatalf("%s: %v", coding, err)
	}
	return out
}

func hasVary(r *testkit.Response) bool {
	for _, v := range r.Header.Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "Accept-Encoding") {
				return true
			}
		}
	}
	return false
}

func TestCompressionNegotiated(t *testing.T) {
	e, logs := withLog(t)
	plain := e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json"}).Expect(t, 200)
	if plain.Header.Get("Content-Encoding") != "" || !hasVary(plain) || len(plain.Body) < 1024 {
		t.Fatalf("without Accept-Encoding: %q, Vary %q, %d bytes", plain.Header.Get("Content-Encoding"), plain.Header.Values("Vary"), len(plain.Body))
	}
	for accept, want := range map[string]string{
		"gzip": "gzip", "gzip, deflate, br, zstd": "zstd", "br": "br", "gzip;q=0": "",
		"zstd;q=0, br;q=0.5, gzip;q=0.9": "gzip", "identity": "", "*;q=0": "",
	} {
		r := e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json", Header: map[string]string{"Accept-Encoding": accept}}).Expect(t, 200)
		got := r.Header.Get("Content-Encoding")
		if got != want || !hasVary(r) {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q (want %q), Vary %q", accept, got, want, r.Header.Values("Vary"))
		}
		if want != "" && len(r.Body)*3 > len(plain.Body) {
			t.Fatalf("%s: %d bytes of %d", want, len(r.Body), len(plain.Body))
		}
		if !bytes.Equal(decode(t, got, r.Body), plain.Body) {
			t.Fatalf("%s: the decoded answer differs", accept)
		}
	}
	// The access log counts the bytes sent (a compressed answer last: the
	// map above is walked in any order).
	e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json", Header: map[string]string{"Accept-Encoding": "gzip"}}).Expect(t, 200)
	last := logs.lines(t)
	if n := last[len(last)-1]["bytes"].(float64); n >= float64(len(plain.Body)) || n <= 0 {
		t.Fatalf("access log bytes %v for a compressed answer of %d bytes", n, len(plain.Body))
	}
}

func TestCompressionSkips(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	gz := map[string]string{"Accept-Encoding": "gzip, br, zstd"}
	// A tiny answer: neither compressed nor varied.
	r := e.Do(testkit.Request{Method: "GET", Path: "/healthz", Header: gz}).Expect(t, 200)
	if r.Header.Get("Content-Encoding") != "" || hasVary(r) {
		t.Fatalf("/healthz: %q %q", r.Header.Get("Content-Encoding"), r.Header.Values("Vary"))
	}
	body := "Index,Label,Terms\n1,Burger,\"burger, cheeseburger\"\n2,Fries,\"fries, chips\"\n"
	var m struct{ ID int64 }
	e.Upload("ann", "m.csv", []byte(body), "").Expect(t, 201).JSON(t, &m)
	// An XLSX export (a zip) is sent as it is.
	r = e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/export?format=xlsx", m.ID), User: "ann", Header: gz}).Expect(t, 200)
	if r.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(r.Body, []byte("PK")) {
		t.Fatalf("xlsx export: %q", r.Header.Get("Content-Encoding"))
	}
	// A 304 has no body to compress.
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	tag := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Header.Get("ETag")
	r = e.Do(testkit.Request{Method: "GET", Path: path, User: "ann", Header: map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tag}}).Expect(t, 304)
	if r.Header.Get("Content-Encoding") != "" || len(r.Body) != 0 {
		t.Fatalf("304: %q, %d bytes", r.Header.Get("Content-Encoding"), len(r.Body))
	}
}
