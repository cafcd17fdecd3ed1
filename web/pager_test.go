package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestPolesPagePaginates: the poles page shows 50 poles at a time with
// links to the next and previous windows.
func TestPolesPagePaginates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for i := range 120 {
		if _, err := e.Svc.CreatePole(e.As("ann"), explorer.PoleInput{Name: fmt.Sprintf("p%03d", i), Language: "EN"}); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/poles", nil, nil).Expect(t, 200))
	rows := d.Find("#poles table tbody tr")
	next, _ := d.Find(`#poles nav.pager a[rel=next]`).Attr("href")
	if rows.Length() != 50 || rows.First().Find("a").Text() != "p000" || next != "/poles?limit=50&offset=50" || d.Find(`a[rel=prev]`).Length() != 0 {
		t.Fatalf("first window: %d rows, next %q", rows.Length(), next)
	}
	d = b.doc(b.do("GET", next, nil, nil).Expect(t, 200))
	prev, _ := d.Find(`#poles nav.pager a[rel=prev]`).Attr("href")
	next, _ = d.Find(`#poles nav.pager a[rel=next]`).Attr("href")
	if first := d.Find("#poles table tbody tr a").First().Text(); first != "p050" || prev != "/poles?limit=50&offset=0" || next != "/poles?limit=50&offset=100" {
		t.Fatalf("second window: first %q, prev %q, next %q", first, prev, next)
	}
	d = b.doc(b.do("GET", next, nil, nil).Expect(t, 200))
	if n := d.Find("#poles table tbody tr").Length(); n != 20 || d.Find(`a[rel=next]`).Length() != 0 {
		t.Fatalf("last window: %d rows", n)
	}
	b.do("GET", "/poles?offset=-3", nil, nil).Expect(t, 422)
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
