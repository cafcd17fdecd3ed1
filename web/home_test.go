package web_test

import (
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
)

// TestHomeListsPendingInvitations shows the model and manager invitations
// a user received on the start page, with answers that work.
func TestHomeListsPendingInvitations(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"ann", "bob", "cy"} {
		e.AddUser(u, "")
	}
	m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", explorer.RightsRead); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.Invite(e.As("cy"), "bob"); err != nil {
		t.Fatal(err)
	}
	bob := newBrowser(t, e)
	csrf := bob.login("bob", testkit.Password)
	d := bob.doc(bob.do("GET", "/", nil, nil).Expect(t, 200))
	items := d.Find("#invitations li")
	if items.Length() != 2 {
		t.Fatalf("invitations: %s", d.Find("main").Text())
	}
	if got := items.Eq(0).Find("span").First().Text(); got != "ann shares the model Drinks with you (Can view)." {
		t.Fatalf("model invitation %q", got)
	}
	if !strings.Contains(items.Eq(1).Text(), "cy pays for your work instead of you") {
		t.Fatalf("manager invitation %q", items.Eq(1).Text())
	}
	if c, _ := items.Eq(1).Find(`form[action$="/accept"]`).Attr("data-confirm"); !strings.Contains(c, "cy pays") {
		t.Fatalf("accepting a manager asks no confirmation: %q", c)
	}
	accept, _ := items.Eq(0).Find(`form[action$="/accept"]`).Attr("action")
	bob.do("POST", accept, url.Values{"_csrf": {csrf}}, nil).Expect(t, 200)
	reject, _ := items.Eq(1).Find(`form[action$="/reject"]`).Attr("action")
	bob.do("POST", reject, url.Values{"_csrf": {csrf}}, nil).Expect(t, 200)
	d = bob.doc(bob.do("GET", "/", nil, nil).Expect(t, 200))
	if d.Find("#invitations").Length() != 0 {
		t.Fatalf("answered invitations still listed: %s", d.Find("#invitations").Text())
	}
	if list, _ := e.Svc.Models(e.As("bob")); len(list) != 1 {
		t.Fatalf("bob's models after accepting: %d", len(list))
	}
}
