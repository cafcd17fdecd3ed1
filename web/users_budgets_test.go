package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

// TestUsersPageLimits: an admin raises a user's budgets on the users page;
// an empty field keeps the server's budget; a bad number is 422 in the row.
func TestUsersPageLimits(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets = explorer.UserBudgets{Poles: 1} })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	if _, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "a", Language: "EN"}); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	csrf := b.login("root", testkit.Password)
	d := b.doc(b.do("GET", "/users/ann", nil, nil).Expect(t, 200))
	in := d.Find(`#user-ann form[action="/users/ann/budgets"] input[name=poles]`)
	if ph, _ := in.Attr("placeholder"); ph != "1" || in.AttrOr("value", "") != "" {
		t.Fatalf("poles field: placeholder %q value %q", ph, in.AttrOr("value", ""))
	}
	d = b.doc(b.do("POST", "/users/ann/budgets", url.Values{"_csrf": {csrf}, "poles": {"3"}, "models": {""}}, htmxHeader).Expect(t, 200))
	if !strings.Contains(d.Find("#user-ann").Text(), "Limits of ann set.") || d.Find(`#user-ann input[name=poles]`).AttrOr("value", "") != "3" {
		t.Fatalf("after setting: %q", d.Find("#user-ann").Text())
	}
	if _, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "b", Language: "EN"}); err != nil {
		t.Fatalf("a second pole after the raise: %v", err)
	}
	d = b.doc(b.do("POST", "/users/ann/budgets", url.Values{"_csrf": {csrf}, "poles": {"many"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity))
	if !strings.Contains(d.Find("#user-ann .error").Text(), "whole number") {
		t.Fatalf("bad number: %q", d.Find("#user-ann").Text())
	}
	// Not for other users.
	ab := newBrowser(t, e)
	acsrf := ab.login("ann", testkit.Password)
	ab.do("POST", "/users/ann/budgets", url.Values{"_csrf": {acsrf}, "poles": {"99"}}, nil).Expect(t, http.StatusForbidden)
}
