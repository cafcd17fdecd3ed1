package notifications_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/notifications"
)

// queuedMails reads the outbox's rows from id 1 on.
func queuedMails(t *testing.T, e *testkit.Env) []*notifications.QueuedMail {
	t.Helper()
	var out []*notifications.QueuedMail
	for id := int64(1); ; id++ {
		m, err := e.DB.FindMail(context.Background(), id)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
}

func shareWith(t *testing.T, e *testkit.Env, owner string, model int64, to string) *mdl.ModelInvitation {
	t.Helper()
	inv, err := e.Svc.ShareModel(e.As(owner), model, to, "")
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// Over ten mails an hour to one recipient, the rest wait in one digest,
// sent when the sliding hour has room again; a notification revoked
// meanwhile leaves the digest.
func TestMailBudgetFoldsTheRestIntoADigest(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	models := make([]int64, 14)
	for i := range models {
		models[i] = mustModel(t, e, "ann")
	}
	// One a minute: the first ten go at once.
	var invs []*mdl.ModelInvitation
	for i := range 10 {
		invs = append(invs, shareWith(t, e, "ann", models[i], "bob@example.com"))
		if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
			t.Fatalf("mail %d: %d sent", i+1, n)
		}
		e.Clock.Advance(time.Minute)
	}
	// Minute 10: four more are held back until minute 60, when the first
	// mail leaves the hour.
	for i := 10; i < 14; i++ {
		invs = append(invs, shareWith(t, e, "ann", models[i], "bob@example.com"))
	}
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d sent over the budget", n)
	}
	if err := e.Svc.RevokeModelInvitation(e.As("ann"), models[12], invs[12].ID); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(49*time.Minute + 59*time.Second)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("digest sent %d early", n)
	}
	e.Clock.Advance(time.Second)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("digest: %d sent", n)
	}
	msgs := srv.Wait(11, 5*time.Second)
	if len(msgs) != 11 {
		t.Fatalf("%d messages, want 11", len(msgs))
	}
	d := msgs[10]
	if d.Subject != "3 notifications from explorer" || strings.Count(d.Body, "ann shared model") != 3 || strings.Contains(d.Body, fmt.Sprintf("model %d ", models[12])) {
		t.Fatalf("digest %q:\n%s", d.Subject, d.Body)
	}
	// The digest counts as one mail: at minute 61 the hour holds the
	// mails of minutes 2..9 and the digest, so one more goes alone.
	e.Clock.Advance(time.Minute)
	if err := e.Svc.RevokeModelInvitation(e.As("ann"), models[0], invs[0].ID); err != nil {
		t.Fatal(err)
	}
	shareWith(t, e, "ann", models[0], "bob@example.com")
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("after the digest: %d sent", n)
	}
	shareWith(t, e, "ann", models[12], "bob@example.com")
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("the eleventh of the hour: %d sent", n)
	}
}

// A share/revoke loop reaches its recipient at most ten times an hour,
// however fast the sender is, and revoked invitations whose mail waits
// are never mailed.
func TestShareRevokeLoopIsBounded(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	model := mustModel(t, e, "ann")
	for i := range 60 {
		inv := shareWith(t, e, "ann", model, "bob@example.com")
		if i%2 == 0 {
			testkit.SendDue(t, e.Services.Notifications) // a fast sender mails before the revocation
		}
		if err := e.Svc.RevokeModelInvitation(e.As("ann"), model, inv.ID); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(20 * time.Second)
	}
	e.Clock.Advance(2 * time.Hour)
	testkit.SendDue(t, e.Services.Notifications)
	if got := len(srv.Messages()); got != 10 {
		t.Fatalf("%d mails to one recipient, want 10", got)
	}
	withdrawn := 0
	for _, m := range queuedMails(t, e) {
		if m.Status == notifications.MailWithdrawn {
			withdrawn++
		}
	}
	if withdrawn != 50 {
		t.Fatalf("%d mails withdrawn, want 50", withdrawn)
	}
}

// An invitation revoked (or answered) before its mail went out is never
// mailed: model invitations and manager invitations.
func TestRevokedInvitationMailIsWithheld(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	e.AddUser("cid@example.com", "")
	model := mustModel(t, e, "ann")
	inv := shareWith(t, e, "ann", model, "bob@example.com")
	if err := e.Svc.RevokeModelInvitation(e.As("ann"), model, inv.ID); err != nil {
		t.Fatal(err)
	}
	minv, err := e.Svc.Invite(e.As("ann"), "cid@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.DeleteInvitation(e.As("ann"), minv.ID); err != nil {
		t.Fatal(err)
	}
	// A rejected one is not mailed either; a pending one is.
	inv2 := shareWith(t, e, "ann", mustModel(t, e, "ann"), "cid@example.com")
	if err := e.Svc.RejectModelInvitation(e.As("cid@example.com"), inv2.ID); err != nil {
		t.Fatal(err)
	}
	shareWith(t, e, "ann", model, "bob@example.com")
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d sent, want only the pending invitation's", n)
	}
	if msgs := srv.Messages(); len(msgs) != 1 || msgs[0].To[0] != "bob@example.com" {
		t.Fatalf("messages %+v", msgs)
	}
	for _, m := range queuedMails(t, e)[:3] {
		if m.Status != notifications.MailWithdrawn || m.Sent != nil {
			t.Fatalf("revoked invitation's mail %+v", m)
		}
	}
}

// Instances sharing the database count one budget: twenty shares to one
// recipient queued at once by two services leave ten mails of their own.
func TestMailBudgetAcrossInstances(t *testing.T) {
	e, _, sender := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	models := make([]int64, 20)
	for i := range models {
		models[i] = mustModel(t, e, "ann")
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := explorer.NewService(e.DB, explorer.Options{Clock: e.Clock, Mailer: sender, Logger: quiet})
	notifications.New(core, e.DB)
	other := mdl.New(core, e.DB)
	var wg sync.WaitGroup
	for i, id := range models {
		svc := e.Services.Models
		if i%2 == 1 {
			svc = other
		}
		wg.Go(func() {
			if _, err := svc.ShareModel(e.As("ann"), id, "bob@example.com", ""); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	alone, folded := 0, 0
	for _, m := range queuedMails(t, e) {
		if m.Folded {
			folded++
		} else {
			alone++
		}
	}
	if alone != 10 || folded != 10 {
		t.Fatalf("%d mails of their own and %d folded, want 10 and 10", alone, folded)
	}
}

// A mail revoked while its sender holds it (claimed, not yet marked sent)
// goes out and keeps counting meanwhile: the next share to the recipient
// sees it, so a revoke racing the sender never buys an eleventh mail.
func TestMailBeingSentIsNotWithdrawn(t *testing.T) {
	e, _, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	model := mustModel(t, e, "ann")
	ctx := context.Background()
	for range 9 {
		shareWith(t, e, "ann", mustModel(t, e, "ann"), "bob@example.com")
		testkit.SendDue(t, e.Services.Notifications)
	}
	inv := shareWith(t, e, "ann", model, "bob@example.com")
	now := e.Clock.Now()
	claimed, err := e.DB.ClaimMail(ctx, now, now.Add(time.Minute), "sender")
	if err != nil || len(claimed) != 1 {
		t.Fatalf("claim: %v %v", claimed, err)
	}
	if err := e.Svc.RevokeModelInvitation(e.As("ann"), model, inv.ID); err != nil {
		t.Fatal(err)
	}
	if m, err := e.DB.FindMail(ctx, claimed[0].ID); err != nil || m.Status == notifications.MailWithdrawn {
		t.Fatalf("the mail being sent was withdrawn: %+v %v", m, err)
	}
	shareWith(t, e, "ann", mustModel(t, e, "ann"), "bob@example.com")
	mails := queuedMails(t, e)
	if last := mails[len(mails)-1]; !last.Folded {
		t.Fatalf("the eleventh notification of the hour is a mail of its own: %+v", last)
	}
}
