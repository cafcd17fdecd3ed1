package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// signIn starts a session for user and returns its Cookie header and CSRF
// token.
func signIn(t *testing.T, e *testkit.Env, user string) string {
	cookie, _ := session(t, e, user)
	return cookie
}

func session(t *testing.T, e *testkit.Env, user string) (cookie, csrf string) {
	t.Helper()
	ns, err := e.Svc.Login(context.Background(), user, testkit.Password, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return "explorer_session=" + ns.Cookie, ns.Session.CSRF
}

// pagePaths are the GET page routes of the app with each :param set to 1.
func pagePaths(e *testkit.Env) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range e.App.GetRoutes(true) {
		p := r.Path
		if r.Method != "GET" || strings.HasPrefix(p, "/v1") || strings.HasPrefix(p, "/assets") ||
			p == "/healthz" || p == "/readyz" || p == "/metrics" || seen[p] {
			continue
		}
		seen[p] = true
		segs := strings.Split(p, "/")
		for i, s := range segs {
			if strings.HasPrefix(s, ":") {
				segs[i] = "1"
			}
		}
		out = append(out, strings.Join(segs, "/"))
	}
	return out
}

// TestSecurityHeadersOnEveryPage asks every GET page route, signed in as
// an admin who owns a model and a pole, and checks the security headers
// and that the HTML needs no inline script or style.
func TestSecurityHeadersOnEveryPage(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.Upload("root", "m.csv", []byte("Index,Label,Terms\n1,A,apple\n2,B,pear\n"), "").Expect(t, 201)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "root", Body: map[string]any{"name": "p", "language": "EN", "terms": []map[string]any{{"term": "a", "weight": 1}}}}).Expect(t, 201)
	cookie := signIn(t, e, "root")
	paths := pagePaths(e)
	if len(paths) < 8 {
		t.Fatalf("only %d page routes: %v", len(paths), paths)
	}
	for _, p := range append(paths, "/no/such/page") {
		r := e.Do(testkit.Request{Method: "GET", Path: p, Header: map[string]string{"Cookie": cookie}})
		if r.Status >= 500 {
			t.Errorf("%s: %d", p, r.Status)
		}
		checkPageHeaders(t, p, r)
		if strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			checkNoInline(t, p, r.Body)
		}
	}
	// The sign-in page, anonymous.
	r := e.Do(testkit.Request{Method: "GET", Path: "/login"}).Expect(t, 200)
	checkPageHeaders(t, "/login", r)
	checkNoInline(t, "/login", r.Body)
}

func checkPageHeaders(t *testing.T, path string, r *testkit.Response) {
	t.Helper()
	csp := r.Header.Get("Content-Security-Policy")
	if csp == "" || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") ||
		!strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "style-src 'self'") {
		t.Errorf("%s: CSP %q", path, csp)
	}
	want := map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "Cache-Control": "no-store"}
	for k, v := range want {
		if got := r.Header.Get(k); got != v {
			t.Errorf("%s: %s %q, want %q", path, k, got, v)
		}
	}
}

// checkNoInline fails on what the CSP would block: style attributes,
// <style> and inline <script> elements, on* handlers, javascript: URLs.
func checkNoInline(t *testing.T, path string, body []byte) {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Find("[style], style").Length(); n > 0 {
		t.Errorf("%s: %d inline styles", path, n)
	}
	d.Find("script").Each(func(_ int, s *goquery.Selection) {
		if _, ok := s.Attr("src"); !ok {
			t.Errorf("%s: inline script %q", path, s.Text())
		}
	})
	d.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			if strings.HasPrefix(a.Key, "on") || strings.HasPrefix(a.Key, "hx-on") ||
				strings.HasPrefix(strings.TrimSpace(strings.ToLower(a.Val)), "javascript:") {
				t.Errorf("%s: <%s %s=%q>", path, s.Nodes[0].Data, a.Key, a.Val)
			}
		}
	})
}

func TestNextOnlySameOriginPaths(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	cookie := signIn(t, e, "ann")
	for next, want := range map[string]string{
		"/%09/evil.example": "/", "//evil": "/", "/\\evil": "/", "/%5Cevil": "/", "https://evil": "/",
		"javascript:alert(1)": "/", "/%2F/evil": "/", "http:/evil": "/", "\t/evil": "/", "evil": "/",
		"/%0d%0aSet-Cookie:x": "/", "/poles?x=1": "/poles?x=1", "/models/1": "/models/1",
	} {
		r := e.Do(testkit.Request{Method: "GET", Path: "/login?next=" + url.QueryEscape(next), Header: map[string]string{"Cookie": cookie}}).Expect(t, http.StatusSeeOther)
		if got := r.Header.Get("Location"); got != want {
			t.Errorf("next %q: Location %q, want %q", next, got, want)
		}
	}
	// The sign-in form carries the cleaned target.
	r := e.Do(testkit.Request{Method: "GET", Path: "/login?next=" + url.QueryEscape("/%09/evil.example")}).Expect(t, 200)
	d, _ := goquery.NewDocumentFromReader(strings.NewReader(string(r.Body)))
	if v, _ := d.Find(`input[name=next]`).Attr("value"); v != "/" {
		t.Errorf("form next %q", v)
	}
}

func TestCSRFTokenNotFromQuery(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	cookie, csrf := session(t, e, "ann")
	form := url.Values{"name": {"p"}, "terms": {"a"}}.Encode()
	hdr := map[string]string{"Cookie": cookie}
	e.Do(testkit.Request{Method: "POST", Path: "/poles?_csrf=" + url.QueryEscape(csrf), Body: form, ContentType: "application/x-www-form-urlencoded", Header: hdr}).Expect(t, http.StatusForbidden)
	e.Do(testkit.Request{Method: "POST", Path: "/logout?_csrf=" + url.QueryEscape(csrf), Header: hdr}).Expect(t, http.StatusForbidden)
	// From the form field or the header it passes.
	e.Do(testkit.Request{Method: "POST", Path: "/logout", Body: url.Values{"_csrf": {csrf}}.Encode(), ContentType: "application/x-www-form-urlencoded", Header: hdr}).Expect(t, http.StatusSeeOther)
	cookie, csrf = session(t, e, "ann")
	e.Do(testkit.Request{Method: "POST", Path: "/logout", Header: map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf}}).Expect(t, http.StatusSeeOther)
	// The sign-in form's token neither.
	lr := e.Do(testkit.Request{Method: "GET", Path: "/login"}).Expect(t, 200)
	var tok string
	for _, c := range (&http.Response{Header: lr.Header}).Cookies() {
		if c.Name == "explorer_login" {
			tok = c.Value
		}
	}
	e.Do(testkit.Request{Method: "POST", Path: "/login?_csrf=" + url.QueryEscape(tok), Body: url.Values{"username": {"ann"}, "password": {testkit.Password}}.Encode(),
		ContentType: "application/x-www-form-urlencoded", Header: map[string]string{"Cookie": "explorer_login=" + tok}}).Expect(t, http.StatusForbidden)
}
