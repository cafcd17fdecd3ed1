package notifications_test

import (
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
	"explorer/models"
)

// Every mail carries a link to the page where to answer when the server
// has a public URL, and the sender learns whether the recipient is mailed.
func TestMailLinksAndDelivery(t *testing.T) {
	srv, sender := testkit.MailServer(t)
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = sender; o.PublicURL = "https://explorer.example.com/" })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("cid", "")
	setSetting(t, e, "bob", "emailAddress", "bob@example.com")
	setSetting(t, e, "ann", "emailAddress", "ann@example.com")

	inv, err := e.Svc.Invite(e.As("ann"), "bob")
	if err != nil || inv.Delivery != explorer.DeliveryMailed {
		t.Fatalf("invite bob: %+v %v", inv, err)
	}
	// cid has no address: nothing queued, and ann is told so.
	if inv, err = e.Svc.Invite(e.As("ann"), "cid"); err != nil || inv.Delivery != explorer.DeliveryNoAddress {
		t.Fatalf("invite cid: %+v %v", inv, err)
	}
	title := "Menu"
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{Title: &title, File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	if err != nil {
		t.Fatal(err)
	}
	share, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", "READ")
	if err != nil || share.Delivery != explorer.DeliveryMailed {
		t.Fatalf("share: %+v %v", share, err)
	}
	e.SetPlan("ann", "professional")
	if _, err := e.Svc.ChangeProduct(e.As("ann"), accounts.PlanChoice{Handle: "basic"}); err != nil {
		t.Fatal(err)
	}
	testkit.SendDue(t, e.Services.Notifications)
	msgs := srv.Wait(3, 5*time.Second)
	if len(msgs) != 3 {
		t.Fatalf("%d mails", len(msgs))
	}
	want := []string{
		"https://explorer.example.com/account#received-invitations",
		"https://explorer.example.com/models#received-invitations",
		"https://explorer.example.com/account\n",
	}
	for i, w := range want {
		if !strings.Contains(msgs[i].Body, w) {
			t.Errorf("mail %d (%s) lacks %q: %q", i, msgs[i].Subject, w, msgs[i].Body)
		}
	}
}

// Without a public URL mails name the page; without SMTP the sender is
// told that nobody is mailed.
func TestMailWithoutLinkOrSMTP(t *testing.T) {
	_, sender := testkit.MailServer(t)
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = sender })
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	inv, err := e.Svc.Invite(e.As("ann"), "bob@example.com")
	if err != nil || inv.Delivery != explorer.DeliveryNoLink {
		t.Fatalf("no public URL: %+v %v", inv, err)
	}
	q, err := e.DB.FindMail(t.Context(), 1)
	if err != nil || !strings.Contains(q.Body, "on the Account page of explorer.\n") || strings.Contains(q.Body, "http") {
		t.Fatalf("mail without link %+v %v", q, err)
	}
	plain := testkit.New(t)
	plain.AddUser("ann", "")
	plain.AddUser("bob@example.com", "")
	if inv, err = plain.Svc.Invite(plain.As("ann"), "bob@example.com"); err != nil || inv.Delivery != explorer.DeliveryNoMail {
		t.Fatalf("no SMTP: %+v %v", inv, err)
	}
}
