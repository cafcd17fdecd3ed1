package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
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
	if d.Find(`nav[aria-label=Main] a[href="/account"][aria-current=page]`).Length() != 1 || d.Find("#account #managers").Length() != 1 {
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
	// Before accepting, bob reads who will pay.
	if who := d.Find("table.received .who-pays").Text(); !strings.Contains(who, "ann pays for your work") {
		t.Fatalf("invitation does not say who pays: %q", who)
	}
	d = bob.doc(bob.do("POST", action, url.Values{"_csrf": {bobCSRF}}, htmx).Expect(t, 200))
	if d.Find(".manager").Text() != "ann" || d.Find(`#plan form[action="/account/product/preview"]`).Length() != 0 || d.Find(`#seats form`).Length() != 0 {
		t.Fatalf("bob's page after accepting: %s", d.Text())
	}
	// A managed user's credits page says whose balance it is and who pays
	// for a purchase.
	d = bob.doc(bob.do("GET", "/account/credits", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#credits").Text(), "ann's account") || !strings.Contains(d.Find("#credits form button").Text(), "ann pays") {
		t.Fatalf("bob's credits page: %s", d.Find("#credits").Text())
	}
	d = bob.doc(bob.do("GET", "/account/credits/preview?quantity=10", nil, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("#credits-preview dt").First().Text(), "ann") {
		t.Fatalf("bob's purchase preview: %s", d.Find("#credits-preview").Text())
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
	r = bob.do("POST", "/account/credits", url.Values{"_csrf": {bobCSRF}, "quantity": {"5"}, "confirmed": {"yes"}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(bob.doc(r).Find("#credits .error").Text(), "cancelled") {
		t.Fatalf("cancelled purchase: %s", r.Body)
	}
	// Every account page offers the reactivation, and says it worked.
	for _, path := range []string{"/account/credits", "/account/usage", "/account/settings"} {
		if bob.doc(bob.do("GET", path, nil, nil).Expect(t, 200)).Find(`#reactivate form[action="/account/reactivate"] button`).Length() != 1 {
			t.Fatalf("%s offers no reactivation", path)
		}
	}
	d = bob.doc(bob.do("POST", "/account/reactivate", url.Values{"_csrf": {bobCSRF}, "tab": {"credits"}}, htmx).Expect(t, 200))
	if d.Find("#reactivate").Length() != 0 || !strings.Contains(d.Find("#reactivated .notice").Text(), "active again") || d.Find("#credits").Length() != 1 {
		t.Fatalf("after reactivating: %s", d.Text())
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
	if list, _, _ := e.Svc.InvitationsPage(e.As("bob"), explorer.Page{}); len(list) != 0 {
		t.Fatalf("invitations %+v", list)
	}
}

// A cancelled account's other pages lead to the reactivation.
func TestCancelledAccountPagesLeadToReactivation(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.SetManager("ann", "bob")
	if err := e.Svc.RemoveManagedUser(e.As("ann"), "bob"); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	csrf := b.login("bob", testkit.Password)
	r := b.do("GET", "/models", nil, nil).Expect(t, http.StatusForbidden)
	if href, _ := b.doc(r).Find("a.action").Attr("href"); href != "/account" {
		t.Fatalf("error page without the way to reactivate: %s", r.Body)
	}
	r = b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {"p"}, "language": {"EN"}}, htmx)
	if d := b.doc(r); !strings.Contains(d.Text(), "reactivate it on the Account page") && d.Find(`a.action[href="/account"]`).Length() != 1 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
}
