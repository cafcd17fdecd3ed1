package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"explorer/internal/testkit"
)

// TestListWindows: limit and offset window the lists in their order, a
// Link names the next window while more follow, and bad values are 400
// naming the parameter.
func TestListWindows(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for i := range 120 {
		createPole(t, e, "ann", map[string]any{"name": fmt.Sprintf("p%d", i), "language": "EN", "parts": []any{
			map[string]any{"term": "a"}, map[string]any{"term": "b"}}})
	}
	var res struct {
		Size  int        `json:"size"`
		Poles []poleJSON `json:"poles"`
	}
	r := e.Do(testkit.Request{Method: "GET", Path: "/v1/poles?limit=50&offset=50", User: "ann"}).Expect(t, 200)
	r.JSON(t, &res)
	if res.Size != 50 || len(res.Poles) != 50 || res.Poles[0].Name != "p50" || res.Poles[49].Name != "p99" || len(res.Poles[0].Parts) != 2 {
		t.Fatalf("second window: size %d, %d poles, first %+v", res.Size, len(res.Poles), res.Poles[0])
	}
	if got := r.Header.Get("Link"); got != `</v1/poles?limit=50&offset=100>; rel="next"` {
		t.Fatalf("Link %q", got)
	}
	r = e.Do(testkit.Request{Method: "GET", Path: "/v1/poles?limit=50&offset=100", User: "ann"}).Expect(t, 200)
	r.JSON(t, &res)
	if len(res.Poles) != 20 || res.Poles[19].Name != "p119" || r.Header.Get("Link") != "" {
		t.Fatalf("last window: %d poles, Link %q", len(res.Poles), r.Header.Get("Link"))
	}
	r = e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200)
	r.JSON(t, &res)
	if len(res.Poles) != 120 || r.Header.Get("Link") != "" {
		t.Fatalf("whole list: %d poles, Link %q", len(res.Poles), r.Header.Get("Link"))
	}
	for q, want := range map[string]string{"limit=0": "limit", "limit=1001": "limit", "limit=x": "limit", "limit=-1": "limit",
		"limit=+5": "limit", "limit=1&offset=-1": "offset", "offset=5": "offset", "limit=1&offset=99999999999": "offset"} {
		pr := e.Do(testkit.Request{Method: "GET", Path: "/v1/poles?" + q, User: "ann"}).Expect(t, http.StatusBadRequest).Problem(t)
		if len(pr.Errors) != 1 || pr.Errors[0].Field != want {
			t.Fatalf("%s: %+v", q, pr)
		}
	}
	for _, path := range []string{"/v1/models", "/v1/models/invitations", "/v1/account/invitations"} {
		e.Do(testkit.Request{Method: "GET", Path: path + "?limit=2&offset=0", User: "ann"}).Expect(t, 200)
		e.Do(testkit.Request{Method: "GET", Path: path + "?limit=abc", User: "ann"}).Expect(t, 400).Problem(t)
	}
}

// TestModelListWindows: the models list windows the same way.
func TestModelListWindows(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for i := range 5 {
		body, ct := testkit.Multipart(t, "m.csv", []byte("Index,Label,Terms\n1,a,b\n"), nil)
		e.Do(testkit.Request{Method: "POST", Path: "/v1/models?title=m" + fmt.Sprint(i), User: "ann", Body: body, ContentType: ct}).Expect(t, 201)
	}
	var list []struct {
		ID    int64
		Title string
	}
	r := e.Do(testkit.Request{Method: "GET", Path: "/v1/models?limit=2&offset=2", User: "ann"}).Expect(t, 200)
	r.JSON(t, &list)
	if len(list) != 2 || list[0].Title != "m2" || r.Header.Get("Link") != `</v1/models?limit=2&offset=4>; rel="next"` {
		t.Fatalf("models window %+v, Link %q", list, r.Header.Get("Link"))
	}
	// The versions of a model, too.
	path := fmt.Sprintf("/v1/models/%d", list[0].ID)
	for i := range 4 {
		e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: map[string]any{"groups": []any{map[string]any{"title": fmt.Sprint("g", i),
			"topics": []any{map[string]any{"title": "t", "terms": []string{"x"}}}}}}}).Expect(t, 204)
	}
	var versions []struct{ Version int }
	r = e.Do(testkit.Request{Method: "GET", Path: path + "/versions?limit=2&offset=2", User: "ann"}).Expect(t, 200)
	r.JSON(t, &versions)
	if len(versions) != 2 || versions[0].Version != 3 || r.Header.Get("Link") != "<"+path+`/versions?limit=2&offset=4>; rel="next"` {
		t.Fatalf("versions window %+v, Link %q", versions, r.Header.Get("Link"))
	}
}
