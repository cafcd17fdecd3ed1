package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// conditionalGet asks path with If-None-Match and checks the status; a
// 304 carries the tag and no body.
func conditionalGet(t *testing.T, e *testkit.Env, user, path, inm string, want int) *testkit.Response {
	t.Helper()
	r := e.Do(testkit.Request{Method: "GET", Path: path, User: user, Header: map[string]string{"If-None-Match": inm}}).Expect(t, want)
	if r.Header.Get("ETag") == "" {
		t.Fatalf("%s with If-None-Match %s: no ETag", path, inm)
	}
	if want == http.StatusNotModified && len(r.Body) != 0 {
		t.Fatalf("%s: 304 with a body of %d bytes", path, len(r.Body))
	}
	return r
}

// checkConditional checks the If-None-Match forms on path: the tag, its
// weak form, "*" and a list holding it answer 304; another tag, a
// malformed header and no header answer 200.
func checkConditional(t *testing.T, e *testkit.Env, user, path string) string {
	t.Helper()
	tag := e.Do(testkit.Request{Method: "GET", Path: path, User: user}).Expect(t, 200).Header.Get("ETag")
	if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) || len(tag) < 3 {
		t.Fatalf("%s: ETag %q", path, tag)
	}
	for _, inm := range []string{tag, "W/" + tag, "*", `"nope", ` + tag, `W/"x",W/` + tag} {
		if got := conditionalGet(t, e, user, path, inm, 304).Header.Get("ETag"); got != tag {
			t.Fatalf("%s: 304 ETag %q, want %q", path, got, tag)
		}
	}
	for _, inm := range []string{`"nope"`, strings.Trim(tag, `"`), `"x"junk` + tag, `"` + strings.Repeat(",", 2000)} {
		conditionalGet(t, e, user, path, inm, 200)
	}
	return tag
}

func TestConditionalReads(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	tag := checkConditional(t, e, "ann", path)
	listTag := checkConditional(t, e, "ann", "/v1/models")
	checkConditional(t, e, "ann", path+"/versions/1")
	checkConditional(t, e, "ann", path+"/versions")

	// The full tag is accepted by If-Match (its version is compared).
	r0 := put(t, e, "ann", m.ID, map[string]any{"title": "First"}, map[string]string{"If-Match": tag}).Expect(t, 204)
	if got := r0.Header.Get("ETag"); got == tag || !strings.HasPrefix(got, `"1-`) {
		t.Fatalf("ETag after a title change %q (was %q)", got, tag)
	}
	tag = r0.Header.Get("ETag")
	if got := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Header.Get("ETag"); got != tag {
		t.Fatalf("PUT answered %q, GET %q", tag, got)
	}
	// A change without a new version (the title) changes the model's and
	// the list's tags: the old ones answer 200 again.
	put(t, e, "ann", m.ID, map[string]any{"title": "Renamed"}, nil).Expect(t, 204)
	if r := conditionalGet(t, e, "ann", path, tag, 200); r.Header.Get("ETag") == tag {
		t.Fatal("the model's tag did not change with its title")
	}
	if r := conditionalGet(t, e, "ann", "/v1/models", listTag, 200); r.Header.Get("ETag") == listTag {
		t.Fatal("the list's tag did not change with a model's title")
	}
	// A new version: the tag names it.
	g := getModel(t, e, "ann", m.ID).Groups
	g[0].Topics[0].Terms = append(g[0].Topics[0].Terms, "newterm")
	put(t, e, "ann", m.ID, map[string]any{"groups": g}, nil).Expect(t, 204)
	if r := conditionalGet(t, e, "ann", path, tag, 200); !strings.HasPrefix(r.Header.Get("ETag"), `"2-`) {
		t.Fatalf("ETag after a new version %q", r.Header.Get("ETag"))
	}
	// Sharing (an invitation) changes the model's tag; a new model and a
	// deleted one change the list's; another caller's list has its own.
	tag = e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Header.Get("ETag")
	share(t, e, "ann", m.ID, "bob", "READ").Expect(t, 201)
	conditionalGet(t, e, "ann", path, tag, 200)
	listTag = e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, 200).Header.Get("ETag")
	m2 := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	listTag2 := conditionalGet(t, e, "ann", "/v1/models", listTag, 200).Header.Get("ETag")
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/models/%d", m2.ID), User: "ann"}).Expect(t, 204)
	if got := conditionalGet(t, e, "ann", "/v1/models", listTag2, 200).Header.Get("ETag"); got == listTag2 {
		t.Fatal("the list's tag did not change when a model was deleted")
	}
	conditionalGet(t, e, "bob", "/v1/models", listTag, 200)

	// Poles: the tag changes with the pole.
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "EN", "parts": []map[string]any{{"term": "sun"}}})
	ppath := fmt.Sprintf("/v1/poles/%d", p.ID)
	ptag := checkConditional(t, e, "ann", ppath)
	e.Do(testkit.Request{Method: "PUT", Path: ppath, User: "ann", Body: map[string]any{"name": "Warmer", "language": "EN", "parts": []map[string]any{{"term": "sun"}}}}).Expect(t, 204)
	conditionalGet(t, e, "ann", ppath, ptag, 200)
	// Someone who may not read the model gets 404, whatever the header.
	e.AddUser("eve", "")
	e.Do(testkit.Request{Method: "GET", Path: path, User: "eve", Header: map[string]string{"If-None-Match": "*"}}).Expect(t, 404)
}
