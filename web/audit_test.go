package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// auditRows are the actions and targets the audit page lists.
func auditRows(d *goquery.Document) string {
	var out []string
	d.Find("#audit-list tbody tr").Each(func(_ int, s *goquery.Selection) {
		out = append(out, s.Find(`td[data-label=Action]`).Text()+" "+s.Find(`td[data-label=Target]`).Text())
	})
	return strings.Join(out, ",")
}

// TestAuditPage: what admins do on the pages is on the audit page with
// the client address and the request id the edge gave the request; the
// page filters by person, action, outcome and days, pages with the filter
// kept, shows bad filters as a message, and is for admins only.
func TestAuditPage(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	b := newBrowser(t, e)
	token, _ := b.doc(b.do("GET", "/login", nil, nil)).Find(`form input[name=_csrf]`).Attr("value")
	if r := b.do("POST", "/login", url.Values{"_csrf": {token}, "username": {"root"}, "password": {"wrong-password"}}, nil); r.Status == http.StatusSeeOther {
		t.Fatal("signed in with a wrong password")
	}
	csrf := b.login("root", testkit.Password)
	b.do("POST", "/users", url.Values{"_csrf": {csrf}, "username": {"ann"}, "password": {"ann-password"}}, nil).Expect(t, 200)
	get := func(q string, status int) *goquery.Document {
		t.Helper()
		return b.doc(b.do("GET", "/audit"+q, nil, nil).Expect(t, status))
	}
	d := get("?action=user.create&user=ann", 200)
	row := d.Find("#audit-list tbody tr")
	if row.Length() != 1 || row.Find(`td[data-label=Actor]`).Text() != "root" || row.Find(`td[data-label=Client]`).Text() == "" ||
		row.Find(`td[data-label=Request]`).Text() == "" || row.Find(`td[data-label=Detail]`).Text() != "role user" {
		t.Fatalf("record %q", row.Text())
	}
	if got := auditRows(get("?action=signin.password&outcome=failure", 200)); got != "signin.password –" {
		t.Fatalf("refused sign-ins %q", got)
	}
	if got := auditRows(get("?user=root&action=signin.password", 200)); got != "signin.password –,signin.password –" {
		t.Fatalf("root's sign-ins %q", got)
	}
	if got := auditRows(get("?from=2026-01-11", 200)); got != "" || get("?from=2026-01-11", 200).Find("#no-records").Length() != 1 {
		t.Fatalf("from tomorrow %q", got)
	}
	if got := auditRows(get("?to=2026-01-10&action=user.create&user=ann", 200)); got != "user.create ann" {
		t.Fatalf("to today %q", got)
	}
	d = get("?limit=1&action=signin.password", 200)
	next, _ := d.Find(`a[rel=next]`).Attr("href")
	if !strings.Contains(next, "action=signin.password") || !strings.Contains(next, "offset=1") {
		t.Fatalf("next %q", next)
	}
	for _, bad := range []string{"?from=tomorrow", "?action=nope", "?outcome=x", "?limit=0", "?user=%00"} {
		if msg := get(bad, http.StatusUnprocessableEntity).Find("#audit").Text(); !strings.Contains(msg, "must") && !strings.Contains(msg, "not") {
			t.Fatalf("%s: %q", bad, msg)
		}
	}
	ann := newBrowser(t, e)
	ann.login("ann", "ann-password")
	ann.do("GET", "/audit", nil, nil).Expect(t, http.StatusForbidden)
	if ann.doc(ann.do("GET", "/", nil, nil)).Find(`nav a[href="/audit"]`).Length() != 0 {
		t.Fatal("a user sees the audit link")
	}
}
