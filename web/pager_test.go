package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"
	"explorer/views"
)

// TestPolesPagePaginates: the poles page shows 50 poles at a time,
// newest first, with the total and page links; the size is one of 25, 50
// and 100, anything else the default.
func TestPolesPagePaginates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for i := range 120 {
		if _, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: fmt.Sprintf("p%03d", i), Language: "EN"}); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/poles", nil, nil).Expect(t, 200))
	rows := d.Find("#poles table tbody tr")
	next, _ := d.Find(`#poles nav.list-pager a[rel=next]`).Attr("href")
	total := d.Find("#poles .list-total").Text()
	if rows.Length() != 50 || rows.First().Find("a").Text() != "p119" || next != "/poles?page=2" || d.Find(`a[rel=prev]`).Length() != 0 || total != "120 poles, 1–50 shown" {
		t.Fatalf("first page: %d rows, next %q, total %q", rows.Length(), next, total)
	}
	d = b.doc(b.do("GET", next, nil, nil).Expect(t, 200))
	prev, _ := d.Find(`#poles nav.list-pager a[rel=prev]`).Attr("href")
	next, _ = d.Find(`#poles nav.list-pager a[rel=next]`).Attr("href")
	if first := d.Find("#poles table tbody tr a").First().Text(); first != "p069" || prev != "/poles" || next != "/poles?page=3" {
		t.Fatalf("second page: first %q, prev %q, next %q", first, prev, next)
	}
	d = b.doc(b.do("GET", next, nil, nil).Expect(t, 200))
	if n := d.Find("#poles table tbody tr").Length(); n != 20 || d.Find(`a[rel=next]`).Length() != 0 {
		t.Fatalf("last page: %d rows", n)
	}
	d = b.doc(b.do("GET", "/poles?size=25&sort=name&dir=asc&page=2", nil, nil).Expect(t, 200))
	if first := d.Find("#poles table tbody tr a").First().Text(); first != "p025" || d.Find("#poles table tbody tr").Length() != 25 {
		t.Fatalf("by name, 25 a page, page 2: first %q", first)
	}
	d = b.doc(b.do("GET", "/poles?size=7&page=x", nil, nil).Expect(t, 200))
	if n := d.Find("#poles table tbody tr").Length(); n != 50 {
		t.Fatalf("a size not offered: %d rows", n)
	}
}

// TestPageWritesPerMinute: page forms count against the user's writes per
// minute: past it 429 with Retry-After, and nothing is created.
func TestPageWritesPerMinute(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets = explorer.UserBudgets{WritesPerMinute: 2} })
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	for i := range 2 {
		b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {fmt.Sprint("p", i)}, "language": {"en"}}, nil).Expect(t, http.StatusSeeOther)
	}
	r := b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {"p2"}, "language": {"en"}}, nil).Expect(t, http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") != "60" {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	b.do("GET", "/poles", nil, nil).Expect(t, 200)
	if list, _ := e.Svc.Poles(e.As("ann")); len(list) != 2 {
		t.Fatalf("%d poles", len(list))
	}
}

// TestInvitationListsPaginate: a user who received more invitations than
// a window holds sees the first 50 on the home page with a link to all,
// and pages through them on the models and account pages.
func TestInvitationListsPaginate(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	for range 60 {
		m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", explorer.RightsRead); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 55 {
		sender := fmt.Sprintf("m%02d", i)
		e.AddUser(sender, "")
		if _, err := e.Svc.Invite(e.As(sender), "bob"); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t, e)
	b.login("bob", testkit.Password)
	d := b.doc(b.do("GET", "/", nil, nil).Expect(t, 200))
	if n := d.Find("#invitations li").Length(); n != 100 {
		t.Fatalf("home lists %d invitations", n)
	}
	if d.Find(`#invitations a[href="/models#received-invitations"]`).Length() != 1 || d.Find(`#invitations a[href="/account"]`).Length() != 1 {
		t.Fatalf("home has no links to the rest: %s", d.Find("#invitations").Text())
	}
	pages := []struct {
		path, rows, pager string
		rest              int
	}{
		{"/models", "#received-invitations tbody tr", "#received-invitations nav.pager", 10},
		{"/account", "table.received tbody tr", "#account nav.pager", 5},
	}
	for _, p := range pages {
		d = b.doc(b.do("GET", p.path, nil, nil).Expect(t, 200))
		next, _ := d.Find(p.pager + " a[rel=next]").Attr("href")
		if n := d.Find(p.rows).Length(); n != 50 || next != p.path+"?invitations_limit=50&invitations_offset=50" {
			t.Fatalf("%s first window: %d rows, next %q", p.path, n, next)
		}
		d = b.doc(b.do("GET", next, nil, nil).Expect(t, 200))
		prev, _ := d.Find(p.pager + " a[rel=prev]").Attr("href")
		if n := d.Find(p.rows).Length(); n != p.rest || prev != p.path+"?invitations_limit=50&invitations_offset=0" || d.Find(p.pager+" a[rel=next]").Length() != 0 {
			t.Fatalf("%s second window: %d rows, prev %q", p.path, n, prev)
		}
		b.do("GET", p.path+"?invitations_offset=x", nil, nil).Expect(t, 422)
	}
	d = b.doc(b.do("GET", "/models", nil, nil).Expect(t, 200))
	if rights := d.Find("#received-invitations tbody tr td").Eq(2).Text(); rights != views.RightsLabel(explorer.RightsRead) {
		t.Fatalf("the invitation shows the rights %q, not their label", rights)
	}
}
