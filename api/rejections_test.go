package api_test

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

type rejectionsJSON struct {
	Size       int `json:"size"`
	Rejections []struct {
		Term    string `json:"term"`
		Created int64  `json:"created"`
	} `json:"rejections"`
}

func (r rejectionsJSON) terms() []string {
	out := []string{}
	for _, x := range r.Rejections {
		out = append(out, x.Term)
	}
	return out
}

func suggestedOver(t *testing.T, e *testkit.Env, user string, id int64) []string {
	t.Helper()
	var res struct {
		Suggestions []struct {
			Term string `json:"term"`
		} `json:"suggestions"`
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest", id), User: user}).Expect(t, 200).JSON(t, &res)
	var out []string
	for _, s := range res.Suggestions {
		out = append(out, s.Term)
	}
	return out
}

// A declined term never comes back in the pole's suggestions, whatever its
// case and spaces; it is told to the word space as declined; taking it off
// brings it back.
func TestPoleRejections(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat", "Fire", "blaze", "ember"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "en", "parts": []any{map[string]any{"term": "sun"}}})
	path := fmt.Sprintf("/v1/poles/%d/rejections", p.ID)

	var got rejectionsJSON
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &got)
	if got.Size != 0 || got.Rejections == nil {
		t.Fatalf("empty list %+v", got)
	}
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": []string{" fire ", "HEAT", "heat"}}}).Expect(t, 200).JSON(t, &got)
	if got.Size != 2 || !reflect.DeepEqual(got.terms(), []string{"fire", "HEAT"}) || got.Rejections[0].Created != e.Clock.Now().UnixMilli() {
		t.Fatalf("after POST %+v", got)
	}
	if s := suggestedOver(t, e, "ann", p.ID); !reflect.DeepEqual(s, []string{"blaze", "ember"}) {
		t.Fatalf("suggestions %v", s)
	}
	calls := ws.Calls()
	want := []explorer.WeightedTerm{{Term: "sun", Weight: 1}, {Term: "fire", Weight: 1, Declined: true}, {Term: "HEAT", Weight: 1, Declined: true}}
	if last := calls[len(calls)-1]; !reflect.DeepEqual(last.Terms, want) {
		t.Fatalf("word space told %+v", last.Terms)
	}
	// Declining again keeps the first spelling; taking off is by key.
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": []string{"FIRE"}}}).Expect(t, 200).JSON(t, &got)
	if !reflect.DeepEqual(got.terms(), []string{"fire", "HEAT"}) {
		t.Fatalf("again %+v", got)
	}
	e.Do(testkit.Request{Method: "DELETE", Path: path + "/" + url.PathEscape(" Heat"), User: "ann"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "DELETE", Path: path + "/heat", User: "ann"}).Expect(t, 404).Problem(t)
	if s := suggestedOver(t, e, "ann", p.ID); !reflect.DeepEqual(s, []string{"heat", "blaze", "ember"}) {
		t.Fatalf("suggestions after taking heat off %v", s)
	}
	// A term with a space and a slash is taken off through its escaped form.
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": []string{"hot / cold"}}}).Expect(t, 200)
	e.Do(testkit.Request{Method: "DELETE", Path: path + "/" + url.PathEscape("hot / cold"), User: "ann"}).Expect(t, 204)
	// Deleting the pole deletes its declined terms.
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/poles/%d", p.ID), User: "ann"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 404).Problem(t)
}

// Bad input is 400 naming the field, and nothing is stored.
func TestPoleRejectionsInput(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "en"})
	path := fmt.Sprintf("/v1/poles/%d/rejections", p.ID)
	long := strings.Repeat("a", poles.PoleTermMax+1)
	many := make([]string, poles.PoleRejectionsMax+1)
	for i := range many {
		many[i] = fmt.Sprintf("t%d", i)
	}
	for _, c := range []struct {
		body   any
		fields []string
	}{
		{map[string]any{"terms": []string{}}, []string{"terms"}},
		{map[string]any{}, []string{"terms"}},
		{map[string]any{"terms": []string{"ok", " "}}, []string{"terms[1]"}},
		{map[string]any{"terms": []string{long}}, []string{"terms[0]"}},
		{map[string]any{"terms": []string{"a\x00b"}}, []string{"terms[0]"}},
		{map[string]any{"terms": many}, []string{"terms"}},
		{map[string]any{"terms": "heat"}, []string{"terms"}},
	} {
		pr := e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: c.body}).Expect(t, 400).Problem(t)
		if !reflect.DeepEqual(fieldNames(pr.Errors), c.fields) {
			t.Fatalf("%v: %+v", c.body, pr)
		}
	}
	// The pole keeps at most PoleRejectionsMax: the one beyond is refused.
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": many[:poles.PoleRejectionsMax]}}).Expect(t, 200)
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": many[:3]}}).Expect(t, 200)
	pr := e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: map[string]any{"terms": []string{"one more"}}}).Expect(t, 400).Problem(t)
	if !reflect.DeepEqual(fieldNames(pr.Errors), []string{"terms"}) {
		t.Fatalf("beyond the limit %+v", pr)
	}
	e.Do(testkit.Request{Method: "POST", Path: path, User: "ann", Body: "terms=x", ContentType: "application/x-www-form-urlencoded"}).Expect(t, 415)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles/0/rejections", User: "ann", Body: map[string]any{"terms": []string{"x"}}}).Expect(t, 400)
}

// Rights as for editing the pole: the owner and its manager; strangers get
// 404, a cancelled account 403, anonymous 401.
func TestPoleRejectionsRights(t *testing.T) {
	e := testkit.New(t)
	for _, n := range []string{"ann", "max", "eve"} {
		e.AddUser(n, "")
	}
	e.SetManager("max", "ann")
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "en"})
	path := fmt.Sprintf("/v1/poles/%d/rejections", p.ID)
	body := map[string]any{"terms": []string{"heat"}}
	reqs := []testkit.Request{
		{Method: "GET", Path: path},
		{Method: "POST", Path: path, Body: body},
		{Method: "DELETE", Path: path + "/heat"},
	}
	for _, r := range reqs {
		r.User = "eve"
		e.Do(r).Expect(t, 404).Problem(t)
	}
	e.Do(testkit.Request{Method: "POST", Path: path, User: "max", Body: body}).Expect(t, 200)
	var got rejectionsJSON
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &got)
	if !reflect.DeepEqual(got.terms(), []string{"heat"}) {
		t.Fatalf("manager's rejection %+v", got)
	}
	for _, r := range reqs {
		r.User = ""
		e.Do(r).Expect(t, 401)
	}
	e.SetStatus("ann", explorer.StatusCancelled)
	for _, r := range reqs {
		r.User = "ann"
		e.Do(r).Expect(t, 403).Problem(t)
	}
}
