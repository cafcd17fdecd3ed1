package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"explorer/internal/testkit"
)

var htmx = map[string]string{"HX-Request": "true"}

func TestAccountPageManagers(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := newBrowser(t, e), newBrowser(t, e)
	annCSRF, bobCSRF := ann.login("ann", testkit.Password), bob.login("bob", testkit.Password)

	d := ann.doc(ann.do("GET", "/account", nil, nil).Expect(t, 200))
	if d.Find(`nav a[href="/account"][aria-current=page]`).Length() != 1 || d.Find("#account #managers").Length() != 1 {
		t.Fatalf("account page: %s", d.Text())
	}
	// Without the CSRF token nothing happens.
	ann.do("POST", "/account/invitations", url.Values{"userId": {"bob"}}, nil).Expect(t, http.StatusForbidden)
	// Errors are shown on the form as a 422 partial.
	r := ann.do("POST", "/account/invitations", url.Values{"_csrf": {annCSRF}, "userId": {"nobody"}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	if msg := ann.doc(r).Find("#managers .error").Text(); !strings.Contains(msg, "nobody") {
		t.Fatalf("error %q", msg)
	}
	r = ann.do("POST", "/account/invitations", url.Values{"_csrf": {annCSRF}, "userId": {"bob"}}, htmx).Expect(t, 200)
	d = ann.doc(r)
	if !strings.Contains(d.Find("#managers .notice").Text(), "bob") || !strings.Contains(d.Find("table.sent").Text(), "bob") {
		t.Fatalf("sent invitation not shown: %s", r.Body)
	}

	d = bob.doc(bob.do("GET", "/account", nil, nil).Expect(t, 200))
	action, ok := d.Find(`table.received form[action$="/accept"]`).Attr("action")
	if !ok {
		t.Fatalf("no accept button: %s", d.Text())
	}
	d = bob.doc(bob.do("POST", action, url.Values{"_csrf": {bobCSRF}}, htmx).Expect(t, 200))
	if d.Find(".manager").Text() != "ann" || d.Find(`#plan form[action="/account/product"]`).Length() != 0 {
		t.Fatalf("bob's page after accepting: %s", d.Text())
	}
	d = ann.doc(ann.do("GET", "/account", nil, nil))
	if !strings.Contains(d.Find("table.managed").Text(), "bob") {
		t.Fatalf("ann does not list bob: %s", d.Text())
	}

	// Removing bob cancels his account; he reactivates on the page.
	ann.do("POST", "/account/managed/bob/remove", url.Values{"_csrf": {annCSRF}}, htmx).Expect(t, 200)
	d = bob.doc(bob.do("GET", "/account", nil, nil).Expect(t, 200))
	if d.Find("#reactivate").Length() != 1 {
		t.Fatalf("no reactivation offered: %s", d.Text())
	}
	r = bob.do("POST", "/account/credits", url.Values{"_csrf": {bobCSRF}, "quantity": {"5"}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(bob.doc(r).Find("#credits .error").Text(), "cancelled") {
		t.Fatalf("cancelled purchase: %s", r.Body)
	}
	d = bob.doc(bob.do("POST", "/account/reactivate", url.Values{"_csrf": {bobCSRF}}, htmx).Expect(t, 200))
	if d.Find("#reactivate").Length() != 0 {
		t.Fatalf("still cancelled: %s", d.Text())
	}
	// Withdraw and reject.
	ann.do("POST", "/account/invitations", url.Values{"_csrf": {annCSRF}, "userId": {"bob"}}, htmx).Expect(t, 200)
	d = ann.doc(ann.do("GET", "/account", nil, nil))
	action, _ = d.Find(`table.sent form`).Attr("action")
	d = ann.doc(ann.do("POST", action, url.Values{"_csrf": {annCSRF}}, htmx).Expect(t, 200))
	if d.Find("table.sent").Length() != 0 {
		t.Fatal("withdrawn invitation still listed")
	}
	ann.do("POST", "/account/invitations", url.Values{"_csrf": {annCSRF}, "userId": {"bob"}}, htmx).Expect(t, 200)
	d = bob.doc(bob.do("GET", "/account", nil, nil))
	action, _ = d.Find(`table.received form[action$="/reject"]`).Attr("action")
	bob.do("POST", action, url.Values{"_csrf": {bobCSRF}}, htmx).Expect(t, 200)
	if list, _ := e.Svc.Invitations(e.As("bob")); len(list) != 0 {
		t.Fatalf("invitations %+v", list)
	}
}

func TestAccountPagePlanSeatsCredits(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	form := func(kv ...string) url.Values {
		v := url.Values{"_csrf": {csrf}}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	d := b.doc(b.do("POST", "/account/product", form("handle", "professional"), htmx).Expect(t, 200))
	if d.Find(".current-plan").Text() != "Professional" {
		t.Fatalf("plan after upgrade: %s", d.Find("#plan").Text())
	}
	d = b.doc(b.do("POST", "/account/product", form("handle", "basic"), htmx).Expect(t, 200))
	if d.Find(".current-plan").Text() != "Professional" || !strings.Contains(d.Find(".migration").Text(), "2026-02-10") {
		t.Fatalf("plan after downgrade: %s", d.Find("#plan").Text())
	}
	d = b.doc(b.do("POST", "/account/product/migration/cancel", form(), htmx).Expect(t, 200))
	if d.Find(".migration").Length() != 0 {
		t.Fatal("migration still shown")
	}
	r := b.do("POST", "/account/product/migration/cancel", form(), htmx).Expect(t, http.StatusUnprocessableEntity)
	if b.doc(r).Find("#plan .error").Length() != 1 {
		t.Fatalf("no error on the plan form: %s", r.Body)
	}

	d = b.doc(b.do("POST", "/account/seats", form("seats", "5"), htmx).Expect(t, 200))
	if d.Find(".seat-count").Text() != "5" {
		t.Fatalf("seats %q", d.Find(".seat-count").Text())
	}
	for _, bad := range []string{"0", "many"} {
		r = b.do("POST", "/account/seats", form("seats", bad), htmx).Expect(t, http.StatusUnprocessableEntity)
		if b.doc(r).Find("#seats .error").Length() != 1 {
			t.Fatalf("seats %s: %s", bad, r.Body)
		}
	}
	before := b.doc(b.do("GET", "/account", nil, nil)).Find(".balance").Text()
	d = b.doc(b.do("POST", "/account/credits", form("quantity", "100"), htmx).Expect(t, 200))
	want, _ := e.Svc.Credits(e.As("ann"))
	if d.Find(".balance").Text() != itoa(want) || before == itoa(want) {
		t.Fatalf("balance %s, want %d", d.Find(".balance").Text(), want)
	}
	if !strings.Contains(d.Find("table.charges").Text(), "10.00 EUR") {
		t.Fatalf("charges %s", d.Find("table.charges").Text())
	}
}

func TestAccountPageSettingsAndUsage(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	values := url.Values{"_csrf": {csrf}, "defaultLanguage": {"SV"}, "timezone": {"Mars/Olympus"}, "suggestionsCount": {"0"}, "emailNotifications": {"true"}, "dateFormat": {"yyyy-MM-dd"}}
	r := b.do("POST", "/account/settings", values, htmx).Expect(t, http.StatusUnprocessableEntity)
	d := b.doc(r)
	if d.Find(`#settings .error[data-key=timezone]`).Length() != 1 || d.Find(`#settings .error[data-key=suggestionsCount]`).Length() != 1 {
		t.Fatalf("field errors: %s", d.Find("#settings").Text())
	}
	if v, _ := d.Find(`input[name=timezone]`).Attr("value"); v != "Mars/Olympus" {
		t.Fatalf("typed value not kept: %q", v)
	}
	list, _ := e.Svc.Settings(e.As("ann"))
	for _, s := range list {
		if s.Key == "defaultLanguage" && s.Value != "EN" {
			t.Fatal("a refused form changed a setting")
		}
	}
	values.Set("timezone", "Europe/Stockholm")
	values.Set("suggestionsCount", "15")
	d = b.doc(b.do("POST", "/account/settings", values, htmx).Expect(t, 200))
	if v, _ := d.Find(`input[name=timezone]`).Attr("value"); v != "Europe/Stockholm" {
		t.Fatalf("timezone %q", v)
	}

	if err := e.Svc.RecordUsage(e.As("ann"), ann.ID, 1, 33, time.Date(2026, 1, 9, 23, 30, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	d = b.doc(b.do("GET", "/account?period=DAY", nil, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("table.usage").Text(), "33") {
		t.Fatalf("usage today: %s", d.Find("table.usage").Text())
	}
	d = b.doc(b.do("GET", "/account?period=&sinceDate=2026-01-10&untilDate=2026-01-10", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#usage .error").Text(), "untilDate") {
		t.Fatalf("usage error: %s", d.Find("#usage").Text())
	}
}
