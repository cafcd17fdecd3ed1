package accounts_test

import (
	"testing"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
)

func code(err error) string { return explorer.ErrorCode(err) }

func TestManagerFlow(t *testing.T) {
	e := testkit.New(t)
	for _, n := range []string{"user1", "user2", "user3", "user4"} {
		e.AddUser(n, "")
	}
	u1, u2, u3, u4 := e.As("user1"), e.As("user2"), e.As("user3"), e.As("user4")

	inv, err := e.Svc.Invite(u1, "user2")
	if err != nil || inv.Sender != "user1" || inv.Recipient != "user2" || !inv.Created.Equal(testkit.Start) {
		t.Fatalf("invite %+v %v", inv, err)
	}
	a, err := e.Svc.Account(u1)
	must(t, err)
	if len(a.PendingInvitations) != 1 || a.PendingInvitations[0].ID != inv.ID || a.Manager != nil || len(a.ManagedUsers) != 0 {
		t.Fatalf("account of user1 %+v", a)
	}
	// The same pair again, in either direction, is a conflict.
	if _, err := e.Svc.Invite(u1, "user2"); code(err) != explorer.ECONFLICT {
		t.Fatalf("duplicate: %v", err)
	}
	if _, err := e.Svc.Invite(u2, "user1"); code(err) != explorer.ECONFLICT {
		t.Fatalf("reverse duplicate: %v", err)
	}
	list, _, err := e.Svc.InvitationsPage(u2, explorer.Page{})
	if err != nil || len(list) != 1 || list[0].ID != inv.ID {
		t.Fatalf("received %+v %v", list, err)
	}
	// Only the recipient answers; only the sender deletes.
	if err := e.Svc.AcceptInvitation(u3, inv.ID); code(err) != explorer.ENOTFOUND {
		t.Fatalf("accept by another: %v", err)
	}
	if err := e.Svc.AcceptInvitation(u1, inv.ID); code(err) != explorer.ENOTFOUND {
		t.Fatalf("accept by the sender: %v", err)
	}
	if err := e.Svc.DeleteInvitation(u2, inv.ID); code(err) != explorer.ENOTFOUND {
		t.Fatalf("delete by the recipient: %v", err)
	}
	must(t, e.Svc.AcceptInvitation(u2, inv.ID))
	if err := e.Svc.AcceptInvitation(u2, inv.ID); code(err) != explorer.ECONFLICT {
		t.Fatalf("accept twice: %v", err)
	}
	a, _ = e.Svc.Account(u1)
	if len(a.ManagedUsers) != 1 || a.ManagedUsers[0].Username != "user2" || len(a.PendingInvitations) != 0 {
		t.Fatalf("account of user1 %+v", a)
	}
	a, _ = e.Svc.Account(u2)
	if a.Manager == nil || a.Manager.Username != "user1" {
		t.Fatalf("account of user2 %+v", a)
	}

	// The manager pays: user2's credits, plan and seats are user1's.
	c1, _ := e.Svc.Credits(u1)
	c2, _ := e.Svc.Credits(u2)
	if c1 != c2 {
		t.Fatalf("credits %d and %d", c1, c2)
	}
	if _, err := e.Svc.BuyCredits(u2, 10); err != nil {
		t.Fatal(err)
	}
	if c, _ := e.Svc.Credits(u1); c != c1+10 {
		t.Fatalf("a managed user's purchase went to %d", c)
	}
	if _, err := e.Svc.ChangeProduct(u2, accounts.PlanChoice{Handle: "basic"}); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("plan change by a managed user: %v", err)
	}
	if _, err := e.Svc.ChangeSeats(u2, 3); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("seat change by a managed user: %v", err)
	}
	if err := e.Svc.CancelProductMigration(u2); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("migration cancel by a managed user: %v", err)
	}

	// A managed user is invited by nobody else and invites nobody.
	if _, err := e.Svc.Invite(u3, "user2"); code(err) != explorer.ECONFLICT {
		t.Fatalf("invite a managed user: %v", err)
	}
	if _, err := e.Svc.Invite(u2, "user3"); code(err) != explorer.ECONFLICT {
		t.Fatalf("a managed user invites: %v", err)
	}
	// A manager is not managed in turn.
	if _, err := e.Svc.Invite(u3, "user1"); code(err) != explorer.ECONFLICT {
		t.Fatalf("invite a manager: %v", err)
	}

	// With 2 seats user1 has no seat for a second managed user until it
	// buys one.
	_, err = e.Svc.ChangeSeats(u1, 2)
	must(t, err)
	inv3, err := e.Svc.Invite(u1, "user3")
	must(t, err)
	if err := e.Svc.AcceptInvitation(u3, inv3.ID); code(err) != explorer.ECONFLICT {
		t.Fatalf("accept without a free seat: %v", err)
	}
	if _, err := e.Svc.ChangeSeats(u1, 1); code(err) != explorer.ECONFLICT {
		t.Fatalf("seats below those in use: %v", err)
	}
	_, err = e.Svc.ChangeSeats(u1, 3)
	must(t, err)
	must(t, e.Svc.AcceptInvitation(u3, inv3.ID))
	if s, _ := e.Svc.Seats(u1); s.Seats != 3 || s.InUse != 3 {
		t.Fatalf("seats %+v", s)
	}

	// Reject and delete.
	inv4, err := e.Svc.Invite(u4, "user1")
	if code(err) != explorer.ECONFLICT {
		t.Fatalf("invite a manager: %+v %v", inv4, err)
	}
	e.AddUser("user5", "")
	u5 := e.As("user5")
	inv4, err = e.Svc.Invite(u4, "user5")
	must(t, err)
	must(t, e.Svc.RejectInvitation(u5, inv4.ID))
	if err := e.Svc.RejectInvitation(u5, inv4.ID); code(err) != explorer.ECONFLICT {
		t.Fatalf("reject twice: %v", err)
	}
	if err := e.Svc.DeleteInvitation(u4, inv4.ID); code(err) != explorer.ECONFLICT {
		t.Fatalf("delete an answered invitation: %v", err)
	}
	inv5, err := e.Svc.Invite(u4, "user5") // answered invitations do not block
	must(t, err)
	must(t, e.Svc.DeleteInvitation(u4, inv5.ID))
	if err := e.Svc.AcceptInvitation(u5, inv5.ID); code(err) != explorer.ENOTFOUND {
		t.Fatalf("accept a deleted invitation: %v", err)
	}

	// Removing a managed user cancels its account until it reactivates.
	if err := e.Svc.RemoveManagedUser(u4, "user2"); code(err) != explorer.ENOTFOUND {
		t.Fatalf("remove another's managed user: %v", err)
	}
	must(t, e.Svc.RemoveManagedUser(u1, "user2"))
	u2 = e.As("user2")
	if _, err := e.Svc.UpdateSettings(u2, []explorer.UserSetting{{Key: "timezone", Value: "UTC"}}); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("settings of a cancelled account: %v", err)
	}
	if _, err := e.Svc.Account(u2); err != nil {
		t.Fatalf("a cancelled account reads its account: %v", err)
	}
	if _, err := e.Svc.Credits(u2); err != nil {
		t.Fatalf("a cancelled account reads its credits: %v", err)
	}
	must(t, e.Svc.Reactivate(u2))
	if err := e.Svc.Reactivate(e.As("user2")); code(err) != explorer.ECONFLICT {
		t.Fatalf("reactivate an active account: %v", err)
	}
	if _, err := e.Svc.UpdateSettings(e.As("user2"), []explorer.UserSetting{{Key: "timezone", Value: "UTC"}}); err != nil {
		t.Fatalf("settings after reactivation: %v", err)
	}

	// Leaving one's manager cancels one's own account.
	if err := e.Svc.RemoveManager(e.As("user2")); code(err) != explorer.ENOTFOUND {
		t.Fatalf("remove a manager one does not have: %v", err)
	}
	must(t, e.Svc.RemoveManager(u3))
	if u, _ := e.Svc.FindUser(u1, "user3"); u.Status != explorer.StatusCancelled {
		t.Fatalf("user3 is %s", u.Status)
	}
	if a, _ := e.Svc.Account(u1); len(a.ManagedUsers) != 0 {
		t.Fatalf("managed users %+v", a.ManagedUsers)
	}
}

func TestInvitationErrors(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann := e.As("ann")
	if _, err := e.Svc.Invite(ann, "nobody"); code(err) != explorer.ENOTFOUND {
		t.Fatalf("unknown: %v", err)
	}
	if _, err := e.Svc.Invite(ann, "ann"); code(err) != explorer.EINVALID {
		t.Fatalf("self: %v", err)
	}
	if _, err := e.Svc.Invite(ann, " "); code(err) != explorer.EINVALID {
		t.Fatalf("empty: %v", err)
	}
	for _, f := range []func() error{
		func() error { return e.Svc.AcceptInvitation(ann, 999) },
		func() error { return e.Svc.RejectInvitation(ann, 999) },
		func() error { return e.Svc.DeleteInvitation(ann, 999) },
	} {
		if err := f(); code(err) != explorer.ENOTFOUND {
			t.Fatalf("unknown invitation: %v", err)
		}
	}
	// An invitation from an account cancelled meanwhile cannot be accepted.
	inv, err := e.Svc.Invite(ann, "bob")
	must(t, err)
	must(t, e.DB.UpdateUserStatus(ann, explorer.UserFromContext(ann).ID, explorer.StatusCancelled))
	if err := e.Svc.AcceptInvitation(e.As("bob"), inv.ID); code(err) != explorer.ECONFLICT {
		t.Fatalf("accept from a cancelled sender: %v", err)
	}
	// A cancelled account may not invite.
	if _, err := e.Svc.Invite(e.As("ann"), "bob"); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("invite while cancelled: %v", err)
	}
}

func TestCancelledAccountIsNotBilled(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.SetPlan("bob", "basic")
	ann, bob := e.As("ann"), e.As("bob")
	_, err := e.Svc.ChangeSeats(ann, 2)
	must(t, err)
	inv, err := e.Svc.Invite(ann, "bob")
	must(t, err)
	must(t, e.Svc.AcceptInvitation(bob, inv.ID))
	bobID := explorer.UserFromContext(bob).ID
	// While managed, bob's own account is not billed; nor while cancelled.
	e.Clock.Set(day(2026, 2, 10))
	if _, err := e.Svc.ApplyDueMigrations(ann); err != nil {
		t.Fatal(err)
	}
	must(t, e.Svc.RemoveManager(bob))
	e.Clock.Set(day(2026, 3, 15))
	must(t, e.Svc.Reactivate(e.As("bob")))
	charges, err := e.DB.FindCharges(bob, bobID, 100)
	must(t, err)
	if len(charges) != 0 {
		t.Fatalf("bob was charged %+v", charges)
	}
	// From the next cycle on it is billed on its own plan.
	e.Clock.Set(day(2026, 4, 10))
	if p, _ := e.Svc.Product(e.As("bob")); p.Handle != "basic" {
		t.Fatalf("plan %s", p.Handle)
	}
	charges, _ = e.DB.FindCharges(bob, bobID, 100)
	if len(charges) != 1 || !charges[0].Created.Equal(day(2026, 4, 10)) {
		t.Fatalf("charges %+v", charges)
	}
}
