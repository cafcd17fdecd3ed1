package accounts_test

import (
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
)

func TestUsageHistoryPerDayAndMonthInCallerZone(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	ctx := e.As("ann")
	_, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: "timezone", Value: "Europe/Stockholm"}})
	must(t, err)
	stockholm, _ := time.LoadLocation("Europe/Stockholm")
	e.Clock.Set(time.Date(2026, 4, 20, 10, 0, 0, 0, time.UTC))
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 100, time.Date(2026, 4, 20, 8, 0, 0, 0, time.UTC)))
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 0, 50, time.Date(2026, 4, 20, 9, 0, 0, 0, time.UTC)))
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 30, time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC))) // April 1st in Stockholm
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 7, time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)))
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 9, time.Date(2025, 4, 30, 12, 0, 0, 0, time.UTC))) // before the 12 months
	e.SetPlan("ann", "basic")
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 5, time.Date(2026, 4, 19, 12, 0, 0, 0, time.UTC)))

	h, err := e.Svc.UsageHistory(ctx)
	must(t, err)
	if len(h.Days) != 30 || len(h.Months) != 12 {
		t.Fatalf("%d days, %d months", len(h.Days), len(h.Months))
	}
	if last := h.Days[29]; !last.Start.Equal(time.Date(2026, 4, 20, 0, 0, 0, 0, stockholm)) || last.VerbatimsTrialing != 150 || last.ProjectsTrialing != 1 {
		t.Fatalf("today %+v", last)
	}
	if d := h.Days[28]; d.VerbatimsNonTrialing != 5 || d.ProjectsNonTrialing != 1 || d.VerbatimsTrialing != 0 {
		t.Fatalf("yesterday %+v", d)
	}
	if d := h.Days[10]; !d.Start.Equal(time.Date(2026, 4, 1, 0, 0, 0, 0, stockholm)) || d.VerbatimsTrialing != 30 {
		t.Fatalf("April 1st %+v", d)
	}
	if !h.Days[0].Start.Equal(time.Date(2026, 3, 22, 0, 0, 0, 0, stockholm)) {
		t.Fatalf("first day %s", h.Days[0].Start)
	}
	april, march := h.Months[11], h.Months[10]
	if april.VerbatimsTrialing != 180 || april.VerbatimsNonTrialing != 5 || april.ProjectsTrialing != 2 || march.VerbatimsTrialing != 7 {
		t.Fatalf("April %+v March %+v", april, march)
	}
	if first := h.Months[0]; !first.Start.Equal(time.Date(2025, 5, 1, 0, 0, 0, 0, stockholm)) || first.VerbatimsTrialing != 0 {
		t.Fatalf("first month %+v", first)
	}
}

func TestBalanceHistory(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	ctx := e.As("ann")
	_, err := e.Svc.BuyCredits(ctx, 40)
	must(t, err)
	must(t, e.Svc.RecordUsage(ctx, ann.ID, 1, 15, e.Clock.Now()))
	points, start, err := e.Svc.BalanceHistory(ctx, 100)
	must(t, err)
	if start != 0 || len(points) != 3 {
		t.Fatalf("start %d points %d", start, len(points))
	}
	want := []struct {
		kind    string
		balance int64
	}{{accounts.CreditIncluded, 500}, {accounts.CreditPurchase, 540}, {accounts.CreditUsage, 525}}
	for i, w := range want {
		if points[i].Entry.Kind != w.kind || points[i].Balance != w.balance {
			t.Fatalf("point %d: %s %d, want %+v", i, points[i].Entry.Kind, points[i].Balance, w)
		}
	}
	// A limit keeps the newest entries and the balance before them.
	points, start, err = e.Svc.BalanceHistory(ctx, 2)
	must(t, err)
	if start != 500 || len(points) != 2 || points[1].Balance != 525 {
		t.Fatalf("limited: start %d %+v", start, points)
	}
}
