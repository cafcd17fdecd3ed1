package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

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
	for _, bad := range []string{"?from=tomorrow", "?action=nope", "?outcome=x", "?sort=detail", "?dir=up", "?user=%00"} {
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

// TestAuditPageList: the audit page lists newest first with the total,
// page numbers and sizes; the time, actor, action and target headers
// sort; every header, pager and size link and the filter form keep the
// five filter fields, the order and the size.
func TestAuditPageList(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	root := e.As("root")
	for i := range 30 {
		e.Clock.Advance(time.Minute)
		target := fmt.Sprintf("t%02d", (i*7)%30) // not in the order of time
		if err := e.Svc.Audit(root, explorer.AuditEvent{Action: explorer.ActionUserCreate, Target: target, Detail: strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t, e)
	b.login("root", testkit.Password)
	get := func(q string, status int) *goquery.Document {
		t.Helper()
		return b.doc(b.do("GET", "/audit"+q, nil, nil).Expect(t, status))
	}
	filter := url.Values{"user": {"root"}, "action": {"user.create"}, "outcome": {"success"}, "from": {"2026-01-10"}, "to": {"2026-01-10"}}
	d := get("?"+filter.Encode()+"&size=25", 200)
	if got := cellTexts(d, "#audit-list td[data-label=Detail]"); !strings.HasPrefix(got, "29,28,27,") || strings.Count(got, ",") != 24 {
		t.Fatalf("newest first, 25: %q", got)
	}
	if got := strings.TrimSpace(d.Find(".list-total").Text()); got != "31 records found, 1–25 shown" {
		t.Fatalf("total %q", got)
	}
	if d.Find(`#audit-list th[aria-sort=descending] a:contains("Time")`).Length() != 1 {
		t.Fatal("time is not marked as the order")
	}
	keeps := func(href string, want url.Values) {
		t.Helper()
		u, err := url.Parse(href)
		if err != nil || u.Path != "/audit" {
			t.Fatalf("link %q", href)
		}
		for k := range want {
			if u.Query().Get(k) != want.Get(k) {
				t.Fatalf("link %q: %s is %q, want %q", href, k, u.Query().Get(k), want.Get(k))
			}
		}
	}
	links := d.Find(".list-pager a, #audit-list th a.sort")
	if links.Length() < 8 {
		t.Fatalf("%d pager and header links", links.Length())
	}
	links.Each(func(_ int, a *goquery.Selection) { href, _ := a.Attr("href"); keeps(href, filter) })
	next, _ := d.Find(".list-pager a[rel=next]").Attr("href")
	keeps(next, url.Values{"page": {"2"}, "size": {"25"}})
	if got := cellTexts(get(next[len("/audit"):], 200), "#audit-list td[data-label=Detail]"); got != "4,3,2,1,0,role admin" { // root's own creation
		t.Fatalf("page 2 %q", got)
	}
	// The target header sorts A first from page 1, keeping filter and size;
	// the sorted header then reverses.
	href, _ := d.Find(`#audit-list th a.sort:contains("Target")`).Attr("href")
	keeps(href, url.Values{"sort": {"target"}, "dir": {""}, "page": {""}, "size": {"25"}})
	d = get(href[len("/audit"):], 200)
	if got := cellTexts(d, "#audit-list td[data-label=Target]"); !strings.HasPrefix(got, "root,t00,t01,") {
		t.Fatalf("by target %q", got)
	}
	back, _ := d.Find(`#audit-list th[aria-sort=ascending] a`).Attr("href")
	keeps(back, url.Values{"sort": {"target"}, "dir": {"desc"}, "action": {"user.create"}})
	if got := cellTexts(get(back[len("/audit"):], 200), "#audit-list td[data-label=Target]"); !strings.HasPrefix(got, "t29,t28,") {
		t.Fatalf("by target, descending %q", got)
	}
	// The filter form keeps the order and the size (and starts at page 1).
	form := d.Find("#audit-filter")
	if s, _ := form.Find(`input[name=sort]`).Attr("value"); s != "target" || form.Find(`input[name=size][value="25"]`).Length() != 1 || form.Find(`input[name=page]`).Length() != 0 {
		t.Fatalf("filter form %q", s)
	}
	// Oldest first by time; a size not offered falls back to 50.
	if got := cellTexts(get("?action=user.create&dir=asc&size=7", 200), "#audit-list td[data-label=Detail]"); !strings.HasPrefix(got, "role admin,0,1,") || strings.Count(got, ",") != 30 {
		t.Fatalf("oldest first %q", got)
	}
	for _, key := range []string{"actor", "action"} {
		get("?sort="+key, 200)
	}
}
