package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/views"
)

var htmxHeader = map[string]string{"HX-Request": "true"}

// TestUsersPageManagesUsers changes a role, disables, enables and deletes
// users through the page's htmx forms; refusals show next to the row.
func TestUsersPageManagesUsers(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("bob", "")
	e.AddUser("cid", "")
	b := newBrowser(t, e)
	csrf := b.login("root", testkit.Password)
	bob := newBrowser(t, e)
	bob.login("bob", testkit.Password)

	d := b.doc(b.do("GET", "/users", nil, nil).Expect(t, 200))
	row := d.Find("#user-bob")
	if row.Find("td").Eq(1).Text() != "User" || !strings.Contains(row.Text(), "Enabled") {
		t.Fatalf("bob's row: %s", row.Text())
	}
	if href, _ := row.Find("a").Attr("href"); href != "/users/bob" {
		t.Fatalf("bob's link %q", href)
	}
	// The forms are on the user's page.
	d = b.doc(b.do("GET", "/users/bob", nil, nil).Expect(t, 200))
	row = d.Find("#user-bob")
	// Destructive forms ask first, with and without htmx; every input has a label.
	for _, action := range []string{"password", "disable", "delete"} {
		f := row.Find(`form[action="/users/bob/` + action + `"]`)
		if c, _ := f.Attr("hx-confirm"); c == "" || c != f.AttrOr("data-confirm", "") {
			t.Fatalf("%s form without confirmation", action)
		}
	}
	if n := d.Find("input:not([type=hidden]), select").Length(); n != d.Find("label input:not([type=hidden]), label select").Length() {
		t.Fatalf("%d inputs, not all labelled", n)
	}
	// root's own page cannot disable or delete root.
	d = b.doc(b.do("GET", "/users/root", nil, nil).Expect(t, 200))
	if d.Find(`#user-root form[action$="/disable"], #user-root form[action$="/delete"]`).Length() != 0 {
		t.Fatal("own row offers disable or delete")
	}

	d = b.doc(b.do("POST", "/users/bob/role", url.Values{"_csrf": {csrf}, "role": {"admin"}}, htmxHeader).Expect(t, 200))
	if got := d.Find("#user-bob .notice").Text(); got != "bob now has the role Administrator." {
		t.Fatalf("role notice %q", got)
	}
	d = b.doc(b.do("POST", "/users/bob/disable", url.Values{"_csrf": {csrf}}, htmxHeader).Expect(t, 200))
	if !strings.Contains(d.Find("#user-bob").Text(), "Disabled since") || d.Find(`#user-bob form[action$="/enable"]`).Length() != 1 {
		t.Fatalf("disabled row: %s", d.Find("#user-bob").Text())
	}
	// bob's session ended.
	if r := bob.do("GET", "/models", nil, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("disabled user's page: %d", r.Status)
	}
	// and it cannot sign in again: the sign-in page says why.
	lb := newBrowser(t, e)
	ld := lb.doc(lb.do("GET", "/login", nil, nil))
	token, _ := ld.Find(`input[name=_csrf]`).Attr("value")
	r := lb.do("POST", "/login", url.Values{"_csrf": {token}, "username": {"bob"}, "password": {testkit.Password}}, nil).Expect(t, http.StatusForbidden)
	if !strings.Contains(lb.doc(r).Find(".error").Text(), "bob is disabled") {
		t.Fatalf("sign-in of a disabled user: %s", r.Body)
	}
	b.do("POST", "/users/bob/enable", url.Values{"_csrf": {csrf}}, htmxHeader).Expect(t, 200)

	// Refusals: 422 with the message in the row.
	if err := e.Svc.SetRole(e.As("root"), "bob", explorer.RoleUser); err != nil {
		t.Fatal(err)
	}
	r = b.do("POST", "/users/root/role", url.Values{"_csrf": {csrf}, "role": {"user"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(b.doc(r).Find("#user-root .error").Text(), "last enabled admin") {
		t.Fatalf("demote the last admin: %s", r.Body)
	}
	r = b.do("POST", "/users/bob/password", url.Values{"_csrf": {csrf}, "password": {"short"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity)
	if got := b.doc(r).Find("#user-bob .error").Text(); got != "Password must be 8 to 128 characters" {
		t.Fatalf("short reset password: %q", got)
	}
	e.SetManager("cid", "bob")
	r = b.do("POST", "/users/bob/delete", url.Values{"_csrf": {csrf}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(b.doc(r).Find("#user-bob .error").Text(), "manager relation") {
		t.Fatalf("delete an owner: %s", r.Body)
	}
	e.AddUser("dan", "")
	d = b.doc(b.do("POST", "/users/dan/delete", url.Values{"_csrf": {csrf}}, htmxHeader).Expect(t, 200))
	if d.Find("#user-dan").Length() != 0 || d.Find("#users > .notice").Text() != "dan deleted." {
		t.Fatalf("after delete: %s", d.Find("#users").Text())
	}
	// Without htmx the whole page comes back.
	d = b.doc(b.do("POST", "/users/bob/disable", url.Values{"_csrf": {csrf}}, nil).Expect(t, 200))
	if d.Find("h1").Text() != "bob" || !strings.Contains(d.Find("#user-bob").Text(), "Disabled since") {
		t.Fatalf("plain post: %s", d.Text())
	}
	// A user is refused every admin action.
	cid := newBrowser(t, e)
	cidCSRF := cid.login("cid", testkit.Password)
	cid.do("POST", "/users/bob/enable", url.Values{"_csrf": {cidCSRF}}, htmxHeader).Expect(t, http.StatusForbidden)
	cid.do("POST", "/users/bob/delete", url.Values{"_csrf": {cidCSRF}}, htmxHeader).Expect(t, http.StatusForbidden)
}

// TestOwnPassword changes one's own password on /password: a wrong
// current password and a too-short new one are shown at their inputs.
func TestOwnPassword(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("bob", "")
	b := newBrowser(t, e)
	csrf := b.login("bob", testkit.Password)
	other := newBrowser(t, e)
	other.login("bob", testkit.Password)

	d := b.doc(b.do("GET", "/password", nil, nil).Expect(t, 200))
	if d.Find(`label input[name=current]`).Length() != 1 || d.Find(`label input[name=new]`).Length() != 1 || d.Find(`a.who[href="/password"]`).Length() != 1 {
		t.Fatalf("password page: %s", d.Find("main").Text())
	}
	r := b.do("POST", "/password", url.Values{"_csrf": {csrf}, "current": {testkit.Password}, "new": {"short"}}, nil).Expect(t, http.StatusUnprocessableEntity)
	d = b.doc(r)
	if got := d.Find("#new-error").Text(); got != "Must be 8 to 128 characters" || d.Find(`input[name=new]`).AttrOr("aria-describedby", "") != "new-error" {
		t.Fatalf("short password: %q", got)
	}
	r = b.do("POST", "/password", url.Values{"_csrf": {csrf}, "current": {"not-it-at-all"}, "new": {"long-enough-1"}}, nil).Expect(t, http.StatusUnprocessableEntity)
	if got := b.doc(r).Find("#current-error").Text(); got != "Is wrong" {
		t.Fatalf("wrong current: %q", got)
	}
	d = b.doc(b.do("POST", "/password", url.Values{"_csrf": {csrf}, "current": {testkit.Password}, "new": {"long-enough-1"}}, nil).Expect(t, 200))
	if d.Find(".notice").Text() != "Your password is changed. Other sessions have ended." {
		t.Fatalf("changed: %s", d.Find("main").Text())
	}
	// This browser stays signed in with a new CSRF token; the other is out.
	newCSRF, _ := d.Find(`form[action="/logout"] input[name=_csrf]`).Attr("value")
	if newCSRF == "" || newCSRF == csrf {
		t.Fatal("no new CSRF token")
	}
	b.do("GET", "/", nil, nil).Expect(t, 200)
	if r := other.do("GET", "/", nil, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("other session: %d", r.Status)
	}
	if _, err := e.Svc.AuthenticatePassword(e.As("bob"), "bob", "long-enough-1", ""); err != nil {
		t.Fatal(err)
	}
}

// TestExpiredSessionDuringHTMXSave answers 401 without HX-Redirect, so
// that the page keeps the form (assets/js/app.js shows a sign-in dialog).
func TestExpiredSessionDuringHTMXSave(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("bob", "")
	b := newBrowser(t, e)
	csrf := b.login("bob", testkit.Password)
	d := b.doc(b.do("GET", "/tokens", nil, nil))
	if d.Find(`dialog#signin-dialog form[action="/login"] label input[name=password]`).Length() != 1 || d.Find(`script[src="`+views.Asset("js/app.js")+`"]`).Length() != 1 {
		t.Fatal("layout without the sign-in dialog or app.js")
	}
	e.Clock.Advance(13 * 60 * 60 * 1e9)
	r := b.do("POST", "/tokens", url.Values{"_csrf": {csrf}, "name": {"ci"}}, htmxHeader).Expect(t, http.StatusUnauthorized)
	if r.Header.Get("HX-Redirect") != "" {
		t.Fatalf("HX-Redirect %q", r.Header.Get("HX-Redirect"))
	}
	// Without htmx the browser goes to the sign-in page as before.
	if r := b.do("GET", "/tokens", nil, nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/login?next=%2Ftokens" {
		t.Fatalf("plain request: %d %s", r.Status, r.Header.Get("Location"))
	}
}
