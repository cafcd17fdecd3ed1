package web_test

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// BenchmarkEditorAddTerm is the model editor's one-term change (an htmx
// form adding a term to a topic of a 300-topic model, answered with the
// topic's terms and the parts it updates out of band), in process: run
// it with -cpuprofile to see where the answer's CPU goes. make bench-db
// measures it on the served binary beside a PUT.
func BenchmarkEditorAddTerm(b *testing.B) {
	e := testkit.New(b, func(o *explorer.Options) { o.Budgets.WritesPerMinute = 1 << 30 })
	e.AddUser("ann", "")
	m := bigModel(b, e, 30, 10, 10)
	cookies, csrf := benchLogin(b, e, "ann")
	hdr := map[string]string{"HX-Request": "true", "Cookie": cookies}
	path := "/models/" + itoa(m.ID) + "/topics/"
	rnd := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for i := range b.N {
		g := m.Groups[rnd.IntN(len(m.Groups))]
		t := g.Topics[rnd.IntN(len(g.Topics))]
		form := url.Values{"_csrf": {csrf}, "term": {"added term " + itoa(int64(i))}}
		r := e.Do(testkit.Request{Method: "POST", Path: path + itoa(t.ID) + "/terms", Body: form.Encode(),
			ContentType: "application/x-www-form-urlencoded", Header: hdr})
		if r.Status != http.StatusOK {
			b.Fatalf("change %d: %d %s", i, r.Status, r.Body)
		}
	}
}

// benchLogin signs user in through the form and answers its cookies and
// the pages' CSRF token.
func benchLogin(tb testing.TB, e *testkit.Env, user string) (string, string) {
	tb.Helper()
	jar := map[string]string{}
	do := func(method, path string, form url.Values) *testkit.Response {
		var parts []string
		for k, v := range jar {
			parts = append(parts, k+"="+v)
		}
		r := testkit.Request{Method: method, Path: path, Header: map[string]string{"Cookie": strings.Join(parts, "; ")}}
		if form != nil {
			r.Body, r.ContentType = form.Encode(), "application/x-www-form-urlencoded"
		}
		resp := e.Do(r)
		for _, c := range (&http.Response{Header: resp.Header}).Cookies() {
			jar[c.Name] = c.Value
		}
		return resp
	}
	token := func(r *testkit.Response, sel string) string {
		d, err := goquery.NewDocumentFromReader(strings.NewReader(string(r.Body)))
		if err != nil {
			tb.Fatal(err)
		}
		return d.Find(sel).AttrOr("value", "")
	}
	t := token(do("GET", "/login", nil), `form input[name=_csrf]`)
	if r := do("POST", "/login", url.Values{"_csrf": {t}, "username": {user}, "password": {testkit.Password}, "next": {"/"}}); r.Status != http.StatusSeeOther {
		tb.Fatalf("login: %d", r.Status)
	}
	csrf := token(do("GET", "/", nil), `form[action="/logout"] input[name=_csrf]`)
	var parts []string
	for k, v := range jar {
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, "; "), csrf
}
