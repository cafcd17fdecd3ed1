package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/api"
	"explorer/internal/testkit"
	"explorer/poles"
)

// poleJSON is a Pole as the interface answers it.
type poleJSON struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Language    string     `json:"language"`
	Parts       []partJSON `json:"parts"`
}

type partJSON struct {
	Term   string  `json:"term"`
	Weight float64 `json:"weight"`
}

func createPole(t *testing.T, e *testkit.Env, user string, body any) poleJSON {
	t.Helper()
	var p poleJSON
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: user, Body: body}).Expect(t, http.StatusCreated).JSON(t, &p)
	return p
}

func getPole(t *testing.T, e *testkit.Env, user string, id int64) poleJSON {
	t.Helper()
	var p poleJSON
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d", id), User: user}).Expect(t, 200).JSON(t, &p)
	return p
}

func fieldNames(errs []api.FieldError) []string {
	var out []string
	for _, f := range errs {
		out = append(out, f.Field)
	}
	return out
}

func TestPoleCreateAndRead(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	// An id in the body is ignored, the language upper-cased, an absent
	// weight is 1.0 and a term given twice is kept once with its last
	// weight.
	resp := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: `{"id": 999, "name": "Warm", "language": "sv",
		"parts": [{"term": " sol "}, {"term": "eld", "weight": 2.5}, {"term": "SOL", "weight": 0.5}]}`, ContentType: "application/json"}).Expect(t, http.StatusCreated)
	var raw map[string]any
	resp.JSON(t, &raw)
	if len(raw) != 5 || raw["description"] != "" {
		t.Fatalf("answer %s", resp.Body)
	}
	var p poleJSON
	resp.JSON(t, &p)
	want := poleJSON{ID: p.ID, Name: "Warm", Language: "SV", Parts: []partJSON{{"sol", 0.5}, {"eld", 2.5}}}
	if p.ID < 1 || p.ID == 999 || !reflect.DeepEqual(p, want) {
		t.Fatalf("created %+v", p)
	}
	if got := getPole(t, e, "ann", p.ID); !reflect.DeepEqual(got, want) {
		t.Fatalf("read %+v", got)
	}
	// Parts absent: an empty list, never null.
	r := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: map[string]any{"name": "Empty", "language": "EN"}}).Expect(t, 201)
	if !strings.Contains(string(r.Body), `"parts":[]`) {
		t.Fatalf("empty pole %s", r.Body)
	}

	var list struct {
		Size  int        `json:"size"`
		Poles []poleJSON `json:"poles"`
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if list.Size != 2 || len(list.Poles) != 2 || list.Poles[0].ID != p.ID || list.Poles[1].Name != "Empty" {
		t.Fatalf("list %+v", list)
	}
	e.AddUser("bob", "")
	r = e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "bob"}).Expect(t, 200)
	if strings.TrimSpace(string(r.Body)) != `{"size":0,"poles":[]}` {
		t.Fatalf("empty list %s", r.Body)
	}
}

func TestPoleInputErrors(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "P", "language": "EN", "parts": []any{map[string]any{"term": "a"}}})
	path := fmt.Sprintf("/v1/poles/%d", p.ID)
	for _, c := range []struct {
		body   string
		fields []string
	}{
		{`{"name": "", "language": "EN"}`, []string{"name"}},
		{`{"language": "EN"}`, []string{"name"}},
		{`{"name": "x", "language": "xx"}`, []string{"language"}},
		{`{"name": "x"}`, []string{"language"}},
		{`{"name": "` + strings.Repeat("n", 201) + `", "language": "EN"}`, []string{"name"}},
		{`{"name": "x", "language": "EN", "parts": [{"term": "a"}, {"term": "b"}, {"term": " "}, {"term": "` + strings.Repeat("t", 101) + `"}]}`, []string{"parts[2].term", "parts[3].term"}},
		{`{"name": "x", "language": "EN", "parts": [{"term": "a"}, {"term": "b", "weight": "heavy"}]}`, []string{"parts[1].weight"}},
		{`{"name": "x", "language": "EN", "parts": [{"term": 7}]}`, []string{"parts[0].term"}},
		{`{"name": "x", "language": "EN", "parts": [1]}`, []string{"parts[0]"}},
		{`{"name": "x", "language": "EN", "parts": {"term": "a"}}`, []string{"parts"}},
		{`{"name": 5, "language": "EN"}`, []string{"name"}},
		{`{"name": "x", "language": "EN"`, nil},
		{`[]`, []string{"body"}},
		{``, nil},
	} {
		for _, method := range []string{"POST", "PUT"} {
			target := "/v1/poles"
			if method == "PUT" {
				target = path + "?clearContents=false"
			}
			pr := e.Do(testkit.Request{Method: method, Path: target, User: "ann", Body: c.body, ContentType: "application/json"}).Expect(t, 400).Problem(t)
			if got := fieldNames(pr.Errors); !reflect.DeepEqual(got, c.fields) {
				t.Errorf("%s %s: fields %v, want %v (%s)", method, c.body, got, c.fields, pr.Detail)
			}
		}
	}
	// Nothing changed: one pole, as created.
	var list struct {
		Size int `json:"size"`
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if got := getPole(t, e, "ann", p.ID); list.Size != 1 || !reflect.DeepEqual(got, p) {
		t.Fatalf("after refused requests: %d poles, %+v", list.Size, got)
	}
	// Bad path ids and parameters.
	for _, bad := range []string{"0", "-1", "abc", "1.5"} {
		for _, m := range []string{"GET", "PUT", "DELETE"} {
			e.Do(testkit.Request{Method: m, Path: "/v1/poles/" + bad, User: "ann", Body: `{"name":"x","language":"EN"}`, ContentType: "application/json"}).Expect(t, 400).Problem(t)
		}
		e.Do(testkit.Request{Method: "GET", Path: "/v1/poles/" + bad + "/suggest", User: "ann"}).Expect(t, 400).Problem(t)
	}
	pr := e.Do(testkit.Request{Method: "PUT", Path: path + "?clearContents=maybe", User: "ann", Body: `{"name":"x","language":"EN"}`, ContentType: "application/json"}).Expect(t, 400).Problem(t)
	if !reflect.DeepEqual(fieldNames(pr.Errors), []string{"clearContents"}) {
		t.Fatalf("clearContents problem %+v", pr)
	}
}

func TestPoleUpdateAndPrefer(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "P", "description": "d", "language": "EN",
		"parts": []any{map[string]any{"term": "a", "weight": 1}, map[string]any{"term": "b", "weight": 2}}})
	path := fmt.Sprintf("/v1/poles/%d", p.ID)

	// clearContents=False (any case) appends; a known term takes the new
	// weight; 204 without a body.
	r := e.Do(testkit.Request{Method: "PUT", Path: path + "?clearContents=False", User: "ann", Body: map[string]any{"id": 12345, "name": "Q", "language": "de",
		"parts": []any{map[string]any{"term": "c"}, map[string]any{"term": "B", "weight": -3}}}}).Expect(t, http.StatusNoContent)
	if len(r.Body) != 0 {
		t.Fatalf("204 with body %s", r.Body)
	}
	want := poleJSON{ID: p.ID, Name: "Q", Language: "DE", Parts: []partJSON{{"a", 1}, {"b", -3}, {"c", 1}}}
	if got := getPole(t, e, "ann", p.ID); !reflect.DeepEqual(got, want) {
		t.Fatalf("after append %+v", got)
	}

	// The default replaces; Prefer: return=representation answers 200
	// with the updated pole.
	var got poleJSON
	r = e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Header: map[string]string{"Prefer": "return=representation"},
		Body: map[string]any{"name": "R", "description": "new", "language": "sv", "parts": []any{map[string]any{"term": "x", "weight": 0.5}}}}).Expect(t, 200)
	r.JSON(t, &got)
	want = poleJSON{ID: p.ID, Name: "R", Description: "new", Language: "SV", Parts: []partJSON{{"x", 0.5}}}
	if !reflect.DeepEqual(got, want) || r.Header.Get("Preference-Applied") != "return=representation" {
		t.Fatalf("representation %+v (%s)", got, r.Header.Get("Preference-Applied"))
	}
	if stored := getPole(t, e, "ann", p.ID); !reflect.DeepEqual(stored, want) {
		t.Fatalf("stored %+v", stored)
	}
	// clearContents=TRUE with no parts clears them.
	e.Do(testkit.Request{Method: "PUT", Path: path + "?clearContents=TRUE", User: "ann", Body: map[string]any{"name": "R", "language": "SV"}}).Expect(t, 204)
	if stored := getPole(t, e, "ann", p.ID); len(stored.Parts) != 0 || stored.Parts == nil || stored.Description != "" {
		t.Fatalf("after clearing %+v", stored)
	}

	// DELETE with Prefer answers the deleted pole; then it is gone.
	r = e.Do(testkit.Request{Method: "DELETE", Path: path, User: "ann", Header: map[string]string{"Prefer": "return=representation"}, ContentType: "application/json"}).Expect(t, 200)
	r.JSON(t, &got)
	if got.ID != p.ID || got.Name != "R" {
		t.Fatalf("deleted %+v", got)
	}
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 404).Problem(t)
	p2 := createPole(t, e, "ann", map[string]any{"name": "P2", "language": "EN"})
	r = e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/poles/%d", p2.ID), User: "ann"}).Expect(t, 204)
	if len(r.Body) != 0 {
		t.Fatalf("204 with body %s", r.Body)
	}
}

func TestPoleRightsOverHTTP(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	for _, n := range []string{"ann", "max", "eve"} {
		e.AddUser(n, "")
	}
	e.SetManager("max", "ann")
	p := createPole(t, e, "ann", map[string]any{"name": "Ann's", "language": "EN", "parts": []any{map[string]any{"term": "sun"}}})
	path := fmt.Sprintf("/v1/poles/%d", p.ID)
	body := map[string]any{"name": "Changed", "language": "EN"}

	// The stranger: 404 everywhere, and it changes nothing.
	for _, r := range []testkit.Request{
		{Method: "GET", Path: path},
		{Method: "PUT", Path: path, Body: body},
		{Method: "DELETE", Path: path},
		{Method: "GET", Path: path + "/suggest"},
	} {
		r.User = "eve"
		if pr := e.Do(r).Expect(t, 404).Problem(t); pr.Detail != fmt.Sprintf("pole %d not found", p.ID) {
			t.Fatalf("%s %s: %+v", r.Method, r.Path, pr)
		}
	}
	if got := getPole(t, e, "ann", p.ID); !reflect.DeepEqual(got, p) {
		t.Fatalf("stranger changed %+v", got)
	}
	// The manager: lists, reads, updates and gets suggestions; 403 on
	// DELETE, which changes nothing.
	var list struct {
		Size  int        `json:"size"`
		Poles []poleJSON `json:"poles"`
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "max"}).Expect(t, 200).JSON(t, &list)
	if list.Size != 1 || list.Poles[0].ID != p.ID {
		t.Fatalf("manager's list %+v", list)
	}
	getPole(t, e, "max", p.ID)
	e.Do(testkit.Request{Method: "GET", Path: path + "/suggest", User: "max"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "PUT", Path: path + "?clearContents=false", User: "max", Body: map[string]any{"name": "By max", "language": "en", "parts": []any{map[string]any{"term": "heat"}}}}).Expect(t, 204)
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "max"}).Expect(t, 403).Problem(t)
	want := poleJSON{ID: p.ID, Name: "By max", Language: "EN", Parts: []partJSON{{"sun", 1}, {"heat", 1}}}
	if got := getPole(t, e, "ann", p.ID); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the manager %+v", got)
	}
	// A cancelled account gets 403 on every pole operation.
	e.SetStatus("ann", explorer.StatusCancelled)
	for _, r := range []testkit.Request{
		{Method: "GET", Path: "/v1/poles"},
		{Method: "POST", Path: "/v1/poles", Body: body},
		{Method: "GET", Path: path},
		{Method: "PUT", Path: path, Body: body},
		{Method: "DELETE", Path: path},
		{Method: "GET", Path: path + "/suggest"},
	} {
		r.User = "ann"
		e.Do(r).Expect(t, 403).Problem(t)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles"}).Expect(t, 401)
}

func TestPoleSuggest(t *testing.T) {
	ws := &testkit.FakeWordSpaces{
		Candidates: map[string][]string{"EN": {"heat", "SUN", "fire", "blaze"}, "SV": {"sol"}},
		Loading:    map[string]bool{"DE": true},
		RetryAfter: 7,
	}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "en", "parts": []any{map[string]any{"term": "sun", "weight": 2}}})
	path := fmt.Sprintf("/v1/poles/%d/suggest", p.ID)

	var res struct {
		Suggestions []map[string]any `json:"suggestions"`
		Pole        poleJSON         `json:"pole"`
	}
	e.Do(testkit.Request{Method: "GET", Path: path + "?limit=2", User: "ann", ContentType: "application/json"}).Expect(t, 200).JSON(t, &res)
	if len(res.Suggestions) != 2 || res.Suggestions[0]["term"] != "heat" || res.Suggestions[1]["term"] != "fire" || !reflect.DeepEqual(res.Pole, p) {
		t.Fatalf("suggestions %+v", res)
	}
	// frequency counts the word in the account's texts: ann has none.
	want := map[string]any{"term": "heat", "forWord": "sun", "cosine": 0.9, "sumCosine": 1.8, "neighbourCounter": 1.0, "frequency": 0.0, "reciprocal": false, "stringSimilarity": false}
	if !reflect.DeepEqual(res.Suggestions[0], want) {
		t.Fatalf("suggestion %v, want %v", res.Suggestions[0], want)
	}
	// Without limit: the suggestionsCount setting (20 by default); the
	// engine is asked for the most a limit may ask, whatever the limit.
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &res)
	if calls := ws.Calls(); len(res.Suggestions) != 3 || calls[len(calls)-1].Limit != poles.SuggestLimitMax {
		t.Fatalf("default limit: %d suggestions, %+v", len(res.Suggestions), calls)
	}
	for _, bad := range []string{"0", "101", "-5", "abc", "99999999999999999999999"} {
		pr := e.Do(testkit.Request{Method: "GET", Path: path + "?limit=" + bad, User: "ann"}).Expect(t, 400).Problem(t)
		if !reflect.DeepEqual(fieldNames(pr.Errors), []string{"limit"}) {
			t.Fatalf("limit %s: %+v", bad, pr)
		}
	}

	// Loading: 503 with Retry-After.
	de := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "de", "parts": []any{map[string]any{"term": "Sonne"}}})
	r := e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest", de.ID), User: "ann"}).Expect(t, 503)
	if r.Header.Get("Retry-After") != "7" {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	r.Problem(t)
	// No space for the language: 409 naming the available ones.
	fr := createPole(t, e, "ann", map[string]any{"name": "Chaud", "language": "fr"})
	pr := e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest", fr.ID), User: "ann"}).Expect(t, 409).Problem(t)
	if !strings.Contains(pr.Detail, "EN, SV") {
		t.Fatalf("detail %q", pr.Detail)
	}
}

func TestPoleSuggestWithoutWordSpaces(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "P", "language": "EN", "parts": []any{map[string]any{"term": "a"}}})
	pr := e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest", p.ID), User: "ann"}).Expect(t, 409).Problem(t)
	if pr.Detail != "no word space is available" {
		t.Fatalf("detail %q", pr.Detail)
	}
	// The JSON answer names no internal field of the pole.
	var raw map[string]json.RawMessage
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d", p.ID), User: "ann"}).Expect(t, 200).JSON(t, &raw)
	for _, k := range []string{"OwnerID", "Owner", "Created", "Updated", "ownerId"} {
		if _, ok := raw[k]; ok {
			t.Fatalf("answer carries %s", k)
		}
	}
}
