package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// client keeps cookies across requests to the app, like a person's browser.
type client struct {
	t       *testing.T
	e       *testkit.Env
	cookies map[string]string
}

func newBrowser(t *testing.T, e *testkit.Env) *client {
	return &client{t: t, e: e, cookies: map[string]string{}}
}

func (b *client) do(method, path string, form url.Values, hdr map[string]string) *testkit.Response {
	b.t.Helper()
	h := map[string]string{}
	var parts []string
	for k, v := range b.cookies {
		parts = append(parts, k+"="+v)
	}
	if len(parts) > 0 {
		h["Cookie"] = strings.Join(parts, "; ")
	}
	for k, v := range hdr {
		h[k] = v
	}
	r := testkit.Request{Method: method, Path: path, Header: h}
	if form != nil {
		r.Body, r.ContentType = form.Encode(), "application/x-www-form-urlencoded"
	}
	resp := b.e.Do(r)
	for _, c := range (&http.Response{Header: resp.Header}).Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return resp
}

func (b *client) doc(resp *testkit.Response) *goquery.Document {
	b.t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(string(resp.Body)))
	if err != nil {
		b.t.Fatal(err)
	}
	return d
}

// login signs in through the form and returns the page's CSRF token.
func (b *client) login(user, password string) string {
	b.t.Helper()
	d := b.doc(b.do("GET", "/login", nil, nil).Expect(b.t, 200))
	token, _ := d.Find(`form input[name=_csrf]`).Attr("value")
	resp := b.do("POST", "/login", url.Values{"_csrf": {token}, "username": {user}, "password": {password}, "next": {"/"}}, nil)
	if resp.Status != http.StatusSeeOther {
		b.t.Fatalf("login status %d: %s", resp.Status, resp.Body)
	}
	home := b.doc(b.do("GET", "/", nil, nil).Expect(b.t, 200))
	csrf, _ := home.Find(`body`).Attr("hx-headers")
	if !strings.Contains(csrf, "X-CSRF-Token") {
		b.t.Fatalf("home page carries no CSRF header: %q", csrf)
	}
	v, _ := home.Find(`form[action="/logout"] input[name=_csrf]`).Attr("value")
	return v
}

func TestLoginAddUserLogout(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	b := newBrowser(t, e)

	// Not signed in: sent to the sign-in page.
	if r := b.do("GET", "/users", nil, nil); r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") {
		t.Fatalf("users page signed out: %d %s", r.Status, r.Header.Get("Location"))
	}
	csrf := b.login("root", testkit.Password)
	d := b.doc(b.do("GET", "/", nil, nil))
	if d.Find(`nav a[href="/users"]`).Length() != 1 {
		t.Fatal("admin sees no Users link")
	}

	// A form posted without its CSRF token is refused and changes nothing.
	r := b.do("POST", "/users", url.Values{"username": {"newbie"}, "password": {"newbie-pass"}}, nil)
	if r.Status != http.StatusForbidden {
		t.Fatalf("post without CSRF: %d", r.Status)
	}
	if _, err := e.Svc.FindUser(e.As("root"), "newbie"); err == nil {
		t.Fatal("user created without CSRF token")
	}

	// A bad value is shown on the form, through htmx as a 422 partial.
	r = b.do("POST", "/users", url.Values{"_csrf": {csrf}, "username": {"newbie"}, "password": {"short"}}, map[string]string{"HX-Request": "true"})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "Password must be 8 to 128 characters") {
		t.Fatalf("bad password: %d %s", r.Status, r.Body)
	}
	r = b.do("POST", "/users", url.Values{"_csrf": {csrf}, "username": {"newbie"}, "password": {"newbie-pass"}}, map[string]string{"HX-Request": "true"}).Expect(t, 200)
	d = b.doc(r)
	if !strings.Contains(d.Find("#users table").Text(), "newbie") {
		t.Fatalf("new user not listed: %s", r.Body)
	}

	// Logout needs the token too, then the session is gone.
	b.do("POST", "/logout", url.Values{"_csrf": {csrf}}, nil).Expect(t, http.StatusSeeOther)
	if r := b.do("GET", "/", nil, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("after logout: %d", r.Status)
	}

	// The new user signs in and is not offered the users page.
	b2 := newBrowser(t, e)
	b2.login("newbie", "newbie-pass")
	d = b2.doc(b2.do("GET", "/", nil, nil))
	if d.Find(`nav a[href="/users"]`).Length() != 0 {
		t.Fatal("non-admin sees the Users link")
	}
	b2.do("GET", "/users", nil, nil).Expect(t, http.StatusForbidden)
}

func TestLoginErrors(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	// Without the form token (no cookie, no field): refused.
	r := b.do("POST", "/login", url.Values{"username": {"ann"}, "password": {testkit.Password}}, nil)
	if r.Status != http.StatusForbidden {
		t.Fatalf("login without form token: %d", r.Status)
	}
	d := b.doc(b.do("GET", "/login", nil, nil))
	token, _ := d.Find(`input[name=_csrf]`).Attr("value")
	r = b.do("POST", "/login", url.Values{"_csrf": {token}, "username": {"ann"}, "password": {"wrong-one"}}, nil)
	if r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "Wrong username or password") {
		t.Fatalf("wrong password: %d", r.Status)
	}
	// An outside address after sign-in is ignored.
	d = b.doc(b.do("GET", "/login", nil, nil))
	token, _ = d.Find(`input[name=_csrf]`).Attr("value")
	r = b.do("POST", "/login", url.Values{"_csrf": {token}, "username": {"ann"}, "password": {testkit.Password}, "next": {"//evil.example"}}, nil)
	if r.Header.Get("Location") != "/" {
		t.Fatalf("next redirect to %q", r.Header.Get("Location"))
	}
}

func TestTokensPage(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	r := b.do("POST", "/tokens", url.Values{"_csrf": {csrf}, "name": {"ci"}}, map[string]string{"HX-Request": "true"}).Expect(t, 200)
	secret := strings.TrimSpace(b.doc(r).Find("code.token").Text())
	if !strings.HasPrefix(secret, "exp_") {
		t.Fatalf("no token shown: %s", r.Body)
	}
	if u, _, err := e.Svc.AuthenticateBearer(e.As("ann"), secret, ""); err != nil || u.Username != "ann" {
		t.Fatalf("token does not authenticate: %v", err)
	}
	list, _ := e.Svc.Tokens(e.As("ann"))
	r = b.do("POST", "/tokens/"+itoa(list[0].ID)+"/revoke", url.Values{"_csrf": {csrf}}, map[string]string{"HX-Request": "true"}).Expect(t, 200)
	if !strings.Contains(string(r.Body), "no API tokens") {
		t.Fatalf("token still listed: %s", r.Body)
	}
}

func TestAssetsAreServed(t *testing.T) {
	e := testkit.New(t)
	r := e.Do(testkit.Request{Method: "GET", Path: "/assets/js/htmx.min.js"}).Expect(t, 200)
	if len(r.Body) < 10000 {
		t.Fatalf("htmx is %d bytes", len(r.Body))
	}
	e.Do(testkit.Request{Method: "GET", Path: "/assets/css/app.css"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "GET", Path: "/no-such-page"}).Expect(t, 404)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
