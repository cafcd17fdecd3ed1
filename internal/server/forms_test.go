package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// TestBodilessFormIs415: a /v1 change without a body that claims a
// Content-Type other than JSON (what a form of another site sends with
// the browser's cached Basic credentials) is 415 and changes nothing;
// without a Content-Type, or with a JSON one, it is served.
func TestBodilessFormIs415(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"ann", "bob", "cid"} {
		e.AddUser(u, "")
	}
	csv := "Index,Label,Terms\n1,Warm,\"sun, heat\"\n"
	var m struct{ ID int64 }
	e.Upload("ann", "m.csv", []byte(csv), "").Expect(t, http.StatusCreated).JSON(t, &m)
	share := fmt.Sprintf("/v1/models/%d/share?userId=bob", m.ID)
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/jsonx", "text/json", "application/json;;", "nonsense"} {
		p := e.Do(testkit.Request{Method: "POST", Path: share, User: "ann", ContentType: ct}).Expect(t, http.StatusUnsupportedMediaType).Problem(t)
		if !strings.Contains(p.Detail, "without a Content-Type") {
			t.Errorf("%q: detail %q", ct, p.Detail)
		}
	}
	var invs []json.RawMessage
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/invitations", User: "bob"}).Expect(t, 200).JSON(t, &invs)
	if len(invs) != 0 {
		t.Fatalf("a refused share invited: %s", invs)
	}
	// Other body-less changes: DELETE and PUT, and the upload route.
	pole := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: map[string]any{"name": "p", "language": "EN"}}).Expect(t, 201)
	var pid struct{ ID int64 }
	pole.JSON(t, &pid)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/poles/%d", pid.ID), User: "ann", ContentType: "text/plain"}).Expect(t, 415).Problem(t)
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/invitations/1/accept", User: "bob", ContentType: "text/plain"}).Expect(t, 415).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: "ann", ContentType: "text/plain"}).Expect(t, 415).Problem(t)
	// Reads are not changes: a GET claiming text/plain is served.
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d", pid.ID), User: "ann", ContentType: "text/plain"}).Expect(t, 200)

	// No Content-Type (as generated clients send a body-less request), or
	// a JSON one with parameters or a +json suffix: served.
	for i, ct := range []string{"", "application/json", "application/json; charset=utf-8", "application/problem+json", "application/merge-patch+json"} {
		to := []string{"bob", "cid"}[i%2]
		r := e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/%d/share?userId=%s", m.ID, to), User: "ann", ContentType: ct})
		if r.Status != http.StatusCreated && r.Status != http.StatusConflict {
			t.Errorf("%q: %d %s", ct, r.Status, r.Body)
		}
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/poles/%d", pid.ID), User: "ann", ContentType: "application/json"}).Expect(t, 204)
	// A multipart upload still works.
	e.Upload("ann", "m.csv", []byte(csv), "").Expect(t, http.StatusCreated)
}

// TestUnknownMethodIsProblem: a method Fiber does not know is answered
// problem+json, on /v1 and on pages: 405 with Allow where routes serve
// the path, else 501.
func TestUnknownMethodIsProblem(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for _, tt := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"FOO", "/v1/models", 405, "GET, HEAD, POST"},
		{"FOO", "/v1/models/12", 405, "GET, HEAD, PUT, DELETE"},
		{"get", "/v1/poles", 405, "GET, HEAD, POST"},
		{"PROPFIND", "/v1/nothing/here", 501, ""},
		{"FOO", "/poles", 405, "GET, HEAD, POST"},
		{"BREW", "/no/such/page", 501, ""},
	} {
		r := e.Do(testkit.Request{Method: tt.method, Path: tt.path, User: "ann"})
		if r.Status != tt.status {
			t.Errorf("%s %s: %d %s", tt.method, tt.path, r.Status, r.Body)
			continue
		}
		p := r.Problem(t)
		if p.Status != tt.status || p.Title != http.StatusText(tt.status) || p.Detail == "" || r.Header.Get("Allow") != tt.allow {
			t.Errorf("%s %s: %+v, Allow %q", tt.method, tt.path, p, r.Header.Get("Allow"))
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s %s: headers %v", tt.method, tt.path, r.Header)
		}
	}
	// The server is still up.
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, 200)
}
