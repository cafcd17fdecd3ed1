package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

func listedUsers(d *goquery.Document) string {
	var out []string
	d.Find("#user-list tbody th a").Each(func(_ int, s *goquery.Selection) { out = append(out, s.Text()) })
	return strings.Join(out, ",")
}

// The users list is searched and ordered by query parameters, bounded by
// its window; bad parameters are refused (422).
func TestUsersListSearchAndOrder(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	for _, n := range []string{"Bob", "ann", "annika", "cy"} {
		e.AddUser(n, "")
	}
	b := newBrowser(t, e)
	b.login("root", testkit.Password)
	get := func(q string) *goquery.Document {
		t.Helper()
		return b.doc(b.do("GET", "/users"+q, nil, nil).Expect(t, 200))
	}
	if got := listedUsers(get("")); got != "cy,annika,ann,Bob,root" {
		t.Fatalf("default order, newest first %q", got)
	}
	if got := listedUsers(get("?sort=name")); got != "ann,annika,Bob,cy,root" {
		t.Fatalf("by name %q", got)
	}
	if got := listedUsers(get("?q=ANN")); got != "annika,ann" {
		t.Fatalf("search %q", got)
	}
	if got := listedUsers(get("?sort=role&dir=desc")); !strings.HasSuffix(got, "root") && !strings.HasPrefix(got, "ann") {
		t.Fatalf("by role %q", got)
	}
	if got := listedUsers(get("?sort=role")); !strings.HasPrefix(got, "root") {
		t.Fatalf("by role, admins first %q", got)
	}
	d := get("?q=N&sort=name&dir=desc&size=25")
	if got := listedUsers(d); got != "annika,ann" || d.Find("#users .list-total").Text() != "2 users found" {
		t.Fatalf("searched, by name descending %q, %q", got, d.Find("#users .list-total").Text())
	}
	role, _ := d.Find(`#user-list th a.sort:contains("Role")`).Attr("href")
	if role != "/users?q=N&size=25&sort=role" {
		t.Fatalf("the role header's link %q", role)
	}
	if got := listedUsers(get("?q=zzz")); got != "" || !strings.Contains(get("?q=zzz").Find("#no-users").Text(), "No user") {
		t.Fatalf("no match %q", got)
	}
	for _, bad := range []string{"?sort=password", "?dir=up", "?q=" + strings.Repeat("a", 101), "?q=%00"} {
		b.do("GET", "/users"+bad, nil, nil).Expect(t, http.StatusUnprocessableEntity)
	}
}

// The admin sets and removes a user's e-mail address on its page; a bad
// one is 422 on the form.
func TestUserPageEmail(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("root", testkit.Password)
	r := b.do("POST", "/users/ann/email", url.Values{"_csrf": {csrf}, "email": {"Ann <ann@example.com>"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(b.doc(r).Find("#user-ann .error").Text(), "E-mail address must be an e-mail address") && !strings.Contains(b.doc(r).Find("#user-ann .error").Text(), "must be an e-mail address") {
		t.Fatalf("bad address: %s", b.doc(r).Find("#user-ann").Text())
	}
	d := b.doc(b.do("POST", "/users/ann/email", url.Values{"_csrf": {csrf}, "email": {"ann@example.com"}}, htmxHeader).Expect(t, 200))
	if !strings.Contains(d.Find("#user-facts").Text(), "ann@example.com") {
		t.Fatalf("facts %q", d.Find("#user-facts").Text())
	}
	if got, _ := e.Svc.UserEmail(e.As("root"), "ann"); got != "ann@example.com" {
		t.Fatalf("stored %q", got)
	}
	b.do("POST", "/users/ann/email", url.Values{"_csrf": {csrf}, "email": {""}}, htmxHeader).Expect(t, 200)
	if got, _ := e.Svc.UserEmail(e.As("root"), "ann"); got != "" {
		t.Fatalf("after removing %q", got)
	}
	// Added with an address on the list's form.
	b.do("POST", "/users", url.Values{"_csrf": {csrf}, "username": {"nina"}, "password": {"nina-password"}, "email": {"nina@example.com"}}, htmxHeader).Expect(t, 200)
	if got, _ := e.Svc.UserEmail(e.As("root"), "nina"); got != "nina@example.com" {
		t.Fatalf("nina's address %q", got)
	}
	r = b.do("POST", "/users", url.Values{"_csrf": {csrf}, "username": {"otto"}, "password": {"otto-password"}, "email": {"not an address"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(string(r.Body), "must be an e-mail address") {
		t.Fatalf("bad address of a new user: %s", r.Body)
	}
	if _, err := e.Svc.FindUser(e.As("root"), "otto"); err == nil {
		t.Fatal("otto added with a bad address")
	}
	// Not for other users; no page for a user that does not exist.
	ab := newBrowser(t, e)
	acsrf := ab.login("ann", testkit.Password)
	ab.do("POST", "/users/ann/email", url.Values{"_csrf": {acsrf}, "email": {"x@example.com"}}, nil).Expect(t, http.StatusForbidden)
	ab.do("GET", "/users/ann", nil, nil).Expect(t, http.StatusForbidden)
	b.do("GET", "/users/ghost", nil, nil).Expect(t, http.StatusNotFound)
}
