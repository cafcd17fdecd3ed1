package accounts_test

import (
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
)

// The preview of every money change is what the change then writes: the
// same charge, the same ledger entry, the balance it announced.
func TestPreviewEqualsAppliedEffect(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	ctx := e.As("ann")
	e.Clock.Set(time.Date(2026, 1, 25, 15, 30, 0, 0, time.UTC))

	check := func(name string, p *accounts.BillingEffect, chargeKind, creditKind string) {
		t.Helper()
		l := ledger(t, ctx, e.Services.Accounts)
		if l.Balance != p.BalanceAfter {
			t.Errorf("%s: balance %d, preview said %d", name, l.Balance, p.BalanceAfter)
		}
		if c := l.Charges[0]; c.Kind != chargeKind || c.AmountCents != p.ChargeCents || c.Currency != p.Currency || c.Description != p.Description {
			t.Errorf("%s: charge %+v, preview %+v", name, c, p)
		}
		if en := l.Entries[0]; en.Kind != creditKind || en.Credits != p.Credits || en.Description != p.Description {
			t.Errorf("%s: entry %+v, preview %+v", name, en, p)
		}
	}

	before := ledger(t, ctx, e.Services.Accounts)
	p, err := e.Svc.PreviewSeats(ctx, 4)
	must(t, err)
	if p.Kind != accounts.EffectSeats || p.SeatsBefore != 2 || p.Seats != 4 || p.DaysLeft != 16 || p.Days != 31 || p.ChargeCents == 0 || p.Balance != before.Balance {
		t.Fatalf("seat preview %+v", p)
	}
	// The preview wrote nothing.
	if after := ledger(t, ctx, e.Services.Accounts); len(after.Charges) != len(before.Charges) || after.Balance != before.Balance {
		t.Fatalf("preview wrote: %+v", after)
	}
	if s, _ := e.Svc.Seats(ctx); s.Seats != 2 {
		t.Fatalf("preview changed seats: %+v", s)
	}
	_, err = e.Svc.ChangeSeats(ctx, 4)
	must(t, err)
	check("seats", p, accounts.ChargeSeatProration, accounts.CreditSeatProration)

	p, err = e.Svc.PreviewProduct(ctx, accounts.PlanChoice{Handle: "professional"})
	must(t, err)
	if p.Kind != accounts.EffectUpgrade || p.To.Handle != "professional" || !p.Effective.Equal(e.Clock.Now()) {
		t.Fatalf("upgrade preview %+v", p)
	}
	_, err = e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "professional"})
	must(t, err)
	check("upgrade", p, accounts.ChargePlanProration, accounts.CreditPlanProration)

	p, err = e.Svc.PreviewCredits(ctx, 250)
	must(t, err)
	if p.Kind != accounts.EffectCredits || p.Credits != 250 || p.ChargeCents != 2500 {
		t.Fatalf("credits preview %+v", p)
	}
	_, err = e.Svc.BuyCredits(ctx, 250)
	must(t, err)
	check("credits", p, accounts.ChargeCredits, accounts.CreditPurchase)

	// A downgrade: nothing charged, effective at the cycle's end, the
	// date the scheduled migration then carries.
	p, err = e.Svc.PreviewProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	if p.Kind != accounts.EffectDowngrade || p.ChargeCents != 0 || p.Credits != 0 || !p.Effective.Equal(day(2026, 2, 10)) || p.BalanceAfter != p.Balance {
		t.Fatalf("downgrade preview %+v", p)
	}
	_, err = e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	m, err := e.Svc.ProductMigration(ctx)
	must(t, err)
	if !m.Effective.Equal(p.Effective) || m.Plan.Handle != "basic" {
		t.Fatalf("migration %+v, preview %+v", m, p)
	}
	// The same errors as the change itself.
	if _, err := e.Svc.PreviewProduct(ctx, accounts.PlanChoice{Handle: "basic"}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("preview of the scheduled plan: %v", err)
	}
	if _, err := e.Svc.PreviewSeats(ctx, 0); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("preview of 0 seats: %v", err)
	}
	if p, err := e.Svc.PreviewSeats(ctx, 4); err != nil || p.Kind != accounts.EffectNone || p.ChargeCents != 0 {
		t.Fatalf("preview of the same seats: %+v %v", p, err)
	}
}

// A confirmation carries the charge shown; a different charge (the day
// changed since the preview) is refused and nothing is written.
func TestChangeRefusedWhenTheChargeShownIsStale(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	ctx := e.As("ann")
	e.Clock.Set(time.Date(2026, 1, 25, 23, 0, 0, 0, time.UTC))
	p, err := e.Svc.PreviewSeats(ctx, 3)
	must(t, err)
	e.Clock.Set(time.Date(2026, 1, 26, 1, 0, 0, 0, time.UTC))
	before := ledger(t, ctx, e.Services.Accounts)
	if _, err := e.Svc.ChangeSeats(ctx, 3, accounts.Shown{ChargeCents: p.ChargeCents}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("stale charge accepted: %v", err)
	}
	if after := ledger(t, ctx, e.Services.Accounts); len(after.Charges) != len(before.Charges) {
		t.Fatal("a refused change charged")
	}
	p, err = e.Svc.PreviewSeats(ctx, 3)
	must(t, err)
	if _, err := e.Svc.ChangeSeats(ctx, 3, accounts.Shown{ChargeCents: p.ChargeCents}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuyCredits(ctx, 10, accounts.Shown{ChargeCents: 1}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("credits at another price: %v", err)
	}
	if _, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "enterprise"}, accounts.Shown{ChargeCents: 0}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("upgrade at another price: %v", err)
	}
}
