package main

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// window is a normalizer around 2026-11-28 12:00 UTC.
var window = normalizer{from: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC), to: time.Date(2027, 12, 31, 0, 0, 0, 0, time.UTC)}

func TestNormalizerMasksRunValuesOnly(t *testing.T) {
	secrets := []Secret{{"token:alice#1", "exp_abc123"}, {"cookie:s#1", "abc"}}
	in := `{"id":17,"count":1795867296,"created":1795867296225,"at":"2026-11-28T12:01:02.345Z","day":"2026-11-28",` +
		`"data":"2024-03-05","old":"2024-03-05T10:00:00Z","token":"exp_abc123","s":"abc","n":42}` +
		`<input name="_csrf" value="XyZ-_1"><body hx-headers="{&#34;X-CSRF-Token&#34;: &#34;Ab_-9z&#34;}">` +
		`Expires: Sun, 29 Nov 2026 12:00:00 GMT; Mon, 01 Jan 2024 00:00:00 GMT`
	want := `{"id":17,"count":<epoch-s>,"created":<epoch-ms>,"at":"<time>","day":"<date>",` +
		`"data":"2024-03-05","old":"2024-03-05T10:00:00Z","token":"<token:alice#1>","s":"<cookie:s#1>","n":42}` +
		`<input name="_csrf" value="<csrf>"><body hx-headers="{&#34;X-CSRF-Token&#34;: &#34;<csrf>&#34;}">` +
		`Expires: <http-date>; Mon, 01 Jan 2024 00:00:00 GMT`
	if got := string(window.text([]byte(in), secrets)); got != want {
		t.Fatalf("normalized\n%s\nwant\n%s", got, want)
	}
}

// Ids, counts and sizes are never masked: a number that is no time of
// the window stays, whatever its width.
func TestNormalizerKeepsNumbers(t *testing.T) {
	in := `{"id":1234567890123,"rows":9999999999,"bytes":1048576,"total":320}`
	if got := string(window.text([]byte(in), nil)); got != in {
		t.Fatalf("numbers changed: %s", got)
	}
}

// The longer of two learned values that overlap is replaced whole.
func TestNormalizerLongestSecretFirst(t *testing.T) {
	got := string(window.text([]byte("abcdef abc"), []Secret{{"short#1", "abc"}, {"long#1", "abcdef"}}))
	if got != "<long#1> <short#1>" {
		t.Fatalf("got %q", got)
	}
}

func TestLearnNumbersLabelsOnce(t *testing.T) {
	var tr Transcript
	tr.learn("etag", `"a"`)
	tr.learn("etag", `"b"`)
	tr.learn("etag", `"a"`)
	tr.learn("etag", "")
	if len(tr.Secrets) != 2 || tr.Secrets[0].Label != "etag#1" || tr.Secrets[1].Label != "etag#2" {
		t.Fatalf("secrets %+v", tr.Secrets)
	}
}

func TestHeaderLinesSortedWithoutDateAndLength(t *testing.T) {
	h := http.Header{"Date": {"x"}, "Content-Length": {"9"}, "X-B": {"2", "1"}, "Content-Type": {"application/json"}}
	got := strings.Join(headerLines(h), "|")
	if got != "Content-Type: application/json|X-B: 2|X-B: 1" {
		t.Fatalf("got %q", got)
	}
}

func exchanges(bodies ...string) []Exchange {
	var out []Exchange
	for i, b := range bodies {
		out = append(out, Exchange{Name: "step " + string(rune('a'+i)), Method: "GET", Path: "/v1/x",
			Status: 200, Header: []string{"Content-Type: application/json"}, Body: []byte(b)})
	}
	return out
}

func TestCompareEqual(t *testing.T) {
	res := compare(exchanges(`{"a":1}`, `[]`), exchanges(`{"a":1}`, `[]`), true)
	if res.Diff != "" || res.Steps != 2 || res.Bytes == 0 {
		t.Fatalf("%+v", res)
	}
}

// One changed byte in the second step's body fails there, naming it and
// showing both sides.
func TestCompareCatchesOneByte(t *testing.T) {
	res := compare(exchanges(`{"a":1}`, `{"id":7,"n":10}`, `[]`), exchanges(`{"a":1}`, `{"id":7,"n":11}`, `[]`), false)
	if res.Steps != 2 || !strings.Contains(res.Diff, "step 2 (step b)") ||
		!strings.Contains(res.Diff, `\"n\":10}`) || !strings.Contains(res.Diff, `\"n\":11}`) {
		t.Fatalf("%+v", res)
	}
}

func TestCompareCatchesStatusHeaderAndLength(t *testing.T) {
	a, b := exchanges(`{}`), exchanges(`{}`)
	b[0].Status = 201
	if compare(a, b, false).Diff == "" {
		t.Fatal("a changed status passed")
	}
	b = exchanges(`{}`)
	b[0].Header = []string{"Content-Type: application/problem+json"}
	if compare(a, b, false).Diff == "" {
		t.Fatal("a changed content type passed")
	}
	if res := compare(a, exchanges(`{}`, `{}`), false); !strings.Contains(res.Diff, "only the second run") {
		t.Fatalf("a missing step passed: %+v", res)
	}
}

// A time of the run normalized on both sides compares equal; the same
// value in a run that a rule does not cover is a difference.
func TestNormalizedRunsCompare(t *testing.T) {
	a := &Transcript{Exchanges: exchanges(`{"created":1795867296225,"token":"t1"}`), Secrets: []Secret{{"token#1", "t1"}}}
	b := &Transcript{Exchanges: exchanges(`{"created":1795867299371,"token":"t2"}`), Secrets: []Secret{{"token#1", "t2"}}}
	if res := compare(window.transcript(a), window.transcript(b), false); res.Diff != "" {
		t.Fatalf("%s", res.Diff)
	}
	b.Secrets = nil
	if res := compare(window.transcript(a), window.transcript(b), false); res.Diff == "" {
		t.Fatal("an unlearned token passed")
	}
}

// With all, every differing step is listed, the first in Diff.
func TestCompareAll(t *testing.T) {
	res := compare(exchanges(`1`, `2`, `3`, `4`), exchanges(`1`, `x`, `3`, `y`), true)
	if res.Steps != 4 || !strings.Contains(res.Diff, "step 2 ") || len(res.More) != 1 || !strings.Contains(res.More[0], "step 4 ") {
		t.Fatalf("%+v", res)
	}
}
