package accounts_test

import (
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
)

func TestUsageBoundariesInCallerTimezone(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	ctx := e.As("ann")
	_, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: "timezone", Value: "Europe/Stockholm"}})
	must(t, err)
	late := time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC) // 01:30 on April 1st in Stockholm
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 120, late))
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 7, time.Date(2026, 3, 31, 21, 30, 0, 0, time.UTC))) // 23:30 on March 31st

	e.Clock.Set(time.Date(2026, 4, 1, 8, 0, 0, 0, time.UTC))
	u, err := e.Svc.Usage(ctx, accounts.UsageQuery{})
	must(t, err)
	if u.Month.ProjectsTrialing != 1 || u.Month.VerbatimsTrialing != 120 || u.Period != u.Month {
		t.Fatalf("April %+v period %+v", u.Month, u.Period)
	}
	if u.Today.VerbatimsTrialing != 120 {
		t.Fatalf("today %+v", u.Today)
	}
	stockholm, _ := time.LoadLocation("Europe/Stockholm")
	if !u.From.Equal(time.Date(2026, 4, 1, 0, 0, 0, 0, stockholm)) || !u.To.Equal(time.Date(2026, 5, 1, 0, 0, 0, 0, stockholm)) {
		t.Fatalf("period %s..%s", u.From, u.To)
	}
	u, err = e.Svc.Usage(ctx, accounts.UsageQuery{Since: "2026-03-31", Until: "2026-04-01"})
	must(t, err)
	if u.Period.VerbatimsTrialing != 7 || u.Period.ProjectsTrialing != 1 {
		t.Fatalf("March 31st %+v", u.Period)
	}
	// period wins over the dates, in any case.
	u, err = e.Svc.Usage(ctx, accounts.UsageQuery{Period: "day", Since: "2020-01-01", Until: "2020-01-02"})
	must(t, err)
	if u.Period.VerbatimsTrialing != 120 {
		t.Fatalf("DAY %+v", u.Period)
	}
	// The same records for a caller in UTC: both in March.
	_, err = e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: "timezone", Value: "UTC"}})
	must(t, err)
	u, _ = e.Svc.Usage(ctx, accounts.UsageQuery{Period: "MONTH"})
	if u.Month.VerbatimsTrialing != 0 {
		t.Fatalf("April in UTC %+v", u.Month)
	}
}

func TestUsageQueryErrors(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	for _, q := range []accounts.UsageQuery{
		{Period: "WEEK"},
		{Since: "2026-03-01", Until: "2026-03-01"},
		{Since: "2026-03-02", Until: "2026-03-01"},
		{Since: "2026-03-01"},
		{Until: "2026-03-01"},
		{Since: "01/03/2026", Until: "2026-04-01"},
		{Since: "2026-02-30", Until: "2026-04-01"},
	} {
		if _, err := e.Svc.Usage(ctx, q); code(err) != explorer.EINVALID {
			t.Fatalf("%+v: %v", q, err)
		}
	}
}

func TestUsageSplitsTrialingAndIncludesManagedUsers(t *testing.T) {
	e := testkit.New(t)
	boss := e.AddUser("boss", "")
	worker := e.AddUser("worker", "")
	bctx, wctx := e.As("boss"), e.As("worker")
	inv, err := e.Svc.Invite(bctx, "worker")
	must(t, err)
	must(t, e.Svc.AcceptInvitation(wctx, inv.ID))
	before, _ := e.Svc.Credits(bctx)

	now := e.Clock.Now()
	must(t, e.Svc.RecordUsage(bctx, worker.ID, 1, 10, now)) // boss on trial: trialing
	_, err = e.Svc.ChangeProduct(bctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	must(t, e.Svc.RecordUsage(bctx, worker.ID, 1, 20, now))
	must(t, e.Svc.RecordUsage(bctx, boss.ID, 1, 30, now))

	u, err := e.Svc.Usage(bctx, accounts.UsageQuery{Period: "DAY"})
	must(t, err)
	want := accounts.UsageSums{ProjectsTrialing: 1, VerbatimsTrialing: 10, ProjectsNonTrialing: 2, VerbatimsNonTrialing: 50}
	if u.Period != want || u.Today != want || u.Month != want {
		t.Fatalf("manager's usage %+v, want %+v", u, want)
	}
	u, _ = e.Svc.Usage(wctx, accounts.UsageQuery{})
	if u.Month != (accounts.UsageSums{ProjectsTrialing: 1, VerbatimsTrialing: 10, ProjectsNonTrialing: 1, VerbatimsNonTrialing: 20}) {
		t.Fatalf("worker's usage %+v", u.Month)
	}
	// The verbatims' credits came from the manager's account.
	basicCredits := entriesOf(ledger(t, bctx, e.Services.Accounts), accounts.CreditPlanProration)[0].Credits
	if got, _ := e.Svc.Credits(bctx); got != before+basicCredits-60 {
		t.Fatalf("credits %d, want %d", got, before+basicCredits-60)
	}
	if en := entriesOf(ledger(t, bctx, e.Services.Accounts), accounts.CreditUsage); len(en) != 3 {
		t.Fatalf("usage entries %+v", en)
	}
	if err := e.Svc.RecordUsage(bctx, boss.ID, -1, 0, now); code(err) != explorer.EINVALID {
		t.Fatalf("negative usage: %v", err)
	}
}
