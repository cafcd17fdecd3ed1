package accounts_test

import (
	"context"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/domains"
	"explorer/identity"
	"explorer/internal/testkit"
)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestMulDivRoundHalfAwayFromZero(t *testing.T) {
	for _, c := range []struct{ a, num, den, want int64 }{
		{10000, 16, 31, 5161},    // 5161.29
		{4000, 16, 31, 2065},     // 2064.52
		{1, 1, 2, 1},             // 0.5 → 1
		{-1, 1, 2, -1},           // -0.5 → -1
		{3, 1, 2, 2},             // 1.5 → 2
		{5, 1, 2, 3},             // 2.5 → 3 (not banker's 2)
		{-5, 1, 2, -3},           // -2.5 → -3
		{7, 1, 3, 2},             // 2.33
		{-7, 2, 3, -5},           // -4.67
		{0, 5, 7, 0},             //
		{1 << 62, 3, 4, 3 << 60}, // 128-bit intermediate product
	} {
		if got := accounts.MulDivRound(c.a, c.num, c.den); got != c.want {
			t.Errorf("round(%d×%d/%d) = %d, want %d", c.a, c.num, c.den, got, c.want)
		}
	}
}

func TestBillingCycles(t *testing.T) {
	for _, c := range []struct {
		anchor     int
		at         time.Time
		start, end time.Time
	}{
		{10, time.Date(2026, 1, 25, 0, 0, 0, 0, time.UTC), day(2026, 1, 10), day(2026, 2, 10)},
		{10, day(2026, 2, 10), day(2026, 2, 10), day(2026, 3, 10)},
		{10, day(2026, 2, 10).Add(-time.Millisecond), day(2026, 1, 10), day(2026, 2, 10)},
		{10, day(2026, 1, 5), day(2025, 12, 10), day(2026, 1, 10)},
		// A 31st falls back to the month's last day, and comes back.
		{31, day(2026, 2, 15), day(2026, 1, 31), day(2026, 2, 28)},
		{31, day(2026, 3, 1), day(2026, 2, 28), day(2026, 3, 31)},
		{31, day(2028, 2, 29), day(2028, 2, 29), day(2028, 3, 31)},
		{30, day(2026, 3, 1), day(2026, 2, 28), day(2026, 3, 30)},
		{31, day(2026, 4, 30), day(2026, 4, 30), day(2026, 5, 31)},
		{31, day(2026, 12, 31), day(2026, 12, 31), day(2027, 1, 31)},
	} {
		start, end := accounts.CycleAt(c.anchor, c.at)
		if !start.Equal(c.start) || !end.Equal(c.end) {
			t.Errorf("anchor %d at %s: %s..%s, want %s..%s", c.anchor, c.at, start, end, c.start, c.end)
		}
	}
}

// ledger returns the caller's paying account's history.
func ledger(t *testing.T, ctx context.Context, svc *accounts.Service) *accounts.Ledger {
	t.Helper()
	l, err := svc.CreditLedger(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func chargesOf(l *accounts.Ledger, kind string) []*accounts.Charge {
	var out []*accounts.Charge
	for _, c := range l.Charges {
		if c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

func entriesOf(l *accounts.Ledger, kind string) []*accounts.CreditEntry {
	var out []*accounts.CreditEntry
	for _, e := range l.Entries {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestNewAccountStartsOnTrialWithIncludedCredits(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, err := e.Svc.Product(ctx)
	if err != nil || p.Handle != accounts.PlanTrial {
		t.Fatalf("plan %+v %v", p, err)
	}
	seats, err := e.Svc.Seats(ctx)
	if err != nil || seats.Seats != accounts.DefaultSeats || seats.InUse != 1 {
		t.Fatalf("seats %+v %v", seats, err)
	}
	credits, err := e.Svc.Credits(ctx)
	if err != nil || credits != p.IncludedCredits {
		t.Fatalf("credits %d %v, want %d", credits, err, p.IncludedCredits)
	}
	l := ledger(t, ctx, e.Services.Accounts)
	if len(l.Entries) != 1 || l.Entries[0].Kind != accounts.CreditIncluded || len(l.Charges) != 0 {
		t.Fatalf("ledger %+v %+v", l.Entries, l.Charges)
	}
}

func TestUpgradeIsProratedAtOnce(t *testing.T) {
	e := testkit.New(t) // users are created on 2026-01-10
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	ctx := e.As("ann")
	before, err := e.Svc.Credits(ctx)
	must(t, err)

	e.Clock.Set(time.Date(2026, 1, 25, 0, 0, 0, 0, time.UTC))
	p, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "professional"})
	if err != nil || p.Handle != "professional" {
		t.Fatalf("upgrade: %+v %v", p, err)
	}
	basic, _ := e.DB.FindPlanByHandle(ctx, "basic")
	pro, _ := e.DB.FindPlanByHandle(ctx, "professional")
	// Cycle 2026-01-10..2026-02-10: 31 days, 16 left.
	wantCharge := accounts.MulDivRound(pro.MonthlyCostCents-basic.MonthlyCostCents, 16, 31)
	wantCredits := accounts.MulDivRound(pro.IncludedCredits-basic.IncludedCredits, 16, 31)
	if wantCharge != 5161 || wantCredits != 2065 {
		t.Fatalf("catalogue changed: %d %d", wantCharge, wantCredits)
	}
	l := ledger(t, ctx, e.Services.Accounts)
	if c := chargesOf(l, accounts.ChargePlanProration); len(c) != 1 || c[0].AmountCents != wantCharge || c[0].Currency != "EUR" {
		t.Fatalf("proration charges %+v", c)
	}
	if en := entriesOf(l, accounts.CreditPlanProration); len(en) != 1 || en[0].Credits != wantCredits {
		t.Fatalf("proration entries %+v", en)
	}
	if got, _ := e.Svc.Credits(ctx); got != before+wantCredits || l.Balance != got {
		t.Fatalf("credits %d, want %d", got, before+wantCredits)
	}
	if cur, _ := e.Svc.Product(ctx); cur.Handle != "professional" {
		t.Fatalf("plan %s", cur.Handle)
	}
	// The next cycle bills the new plan in full.
	e.Clock.Set(day(2026, 2, 10))
	l = ledger(t, ctx, e.Services.Accounts)
	if c := chargesOf(l, accounts.ChargeSubscription); len(c) != 1 || c[0].AmountCents != pro.MonthlyCostCents+pro.SeatPriceCents || !c[0].Created.Equal(day(2026, 2, 10)) {
		t.Fatalf("subscription charges %+v", c)
	}
	// The current plan again is a conflict.
	if _, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{ID: pro.ID}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("same plan: %v", err)
	}
	for _, bad := range []accounts.PlanChoice{{}, {Handle: "gold"}, {ID: 999}, {Handle: "basic", ID: pro.ID}} {
		if _, err := e.Svc.ChangeProduct(ctx, bad); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("plan %+v: %v", bad, err)
		}
	}
}

func TestDowngradeIsScheduledAndAppliedOnce(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "professional")
	ctx := e.As("ann")
	e.Clock.Set(time.Date(2026, 1, 25, 0, 0, 0, 0, time.UTC))

	if _, err := e.Svc.ProductMigration(ctx); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("migration before: %v", err)
	}
	if err := e.Svc.CancelProductMigration(ctx); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("cancel with none: %v", err)
	}
	p, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	if err != nil || p.Handle != "professional" {
		t.Fatalf("downgrade answers %+v %v, want the plan in force", p, err)
	}
	if _, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("same downgrade again: %v", err)
	}
	m, err := e.Svc.ProductMigration(ctx)
	if err != nil || m.Plan.Handle != "basic" || !m.Effective.Equal(day(2026, 2, 10)) {
		t.Fatalf("migration %+v %v", m, err)
	}
	if c := chargesOf(ledger(t, ctx, e.Services.Accounts), accounts.ChargePlanProration); len(c) != 0 {
		t.Fatalf("a downgrade charged %+v", c)
	}

	e.Clock.Set(day(2026, 2, 10).Add(-time.Second))
	if cur, _ := e.Svc.Product(ctx); cur.Handle != "professional" {
		t.Fatalf("before the cycle start: %s", cur.Handle)
	}
	// Down for several cycles: the migration is applied once, each cycle
	// billed once, on the new plan.
	e.Clock.Set(day(2026, 4, 1))
	for i := 0; i < 3; i++ {
		if cur, _ := e.Svc.Product(ctx); cur.Handle != "basic" {
			t.Fatalf("after the cycle start: %s", cur.Handle)
		}
		if _, err := e.Svc.ApplyDueMigrations(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	u := explorer.UserFromContext(ctx)
	list, err := e.DB.FindPlanMigrations(ctx, u.ID)
	must(t, err)
	if len(list) != 1 || list[0].Applied == nil || list[0].Cancelled != nil {
		t.Fatalf("migrations %+v", list)
	}
	basic, _ := e.DB.FindPlanByHandle(ctx, "basic")
	subs := chargesOf(ledger(t, ctx, e.Services.Accounts), accounts.ChargeSubscription)
	if len(subs) != 2 || subs[0].AmountCents != basic.MonthlyCostCents+basic.SeatPriceCents || !subs[0].Created.Equal(day(2026, 3, 10)) || !subs[1].Created.Equal(day(2026, 2, 10)) {
		t.Fatalf("subscription charges %+v", subs)
	}
	if _, err := e.Svc.ProductMigration(ctx); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("migration after: %v", err)
	}
}

func TestCancelledMigrationAndUpgradeDropsDowngrade(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "professional")
	ctx := e.As("ann")
	_, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	must(t, e.Svc.CancelProductMigration(ctx))
	if err := e.Svc.CancelProductMigration(ctx); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("second cancel: %v", err)
	}
	// A new downgrade replaces a scheduled one; an upgrade drops it.
	_, err = e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	_, err = e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "trial"})
	must(t, err)
	if m, _ := e.Svc.ProductMigration(ctx); m == nil || m.Plan.Handle != "trial" {
		t.Fatalf("replaced migration %+v", m)
	}
	_, err = e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "enterprise"})
	must(t, err)
	if _, err := e.Svc.ProductMigration(ctx); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("upgrade kept the downgrade: %v", err)
	}
	e.Clock.Set(day(2026, 2, 10))
	if p, _ := e.Svc.Product(ctx); p.Handle != "enterprise" {
		t.Fatalf("plan %s", p.Handle)
	}
}

// TestMigrationAppliedOnceBySeveralInstances runs two services on one
// database, as two instances would, settling the same due account at once.
func TestMigrationAppliedOnceBySeveralInstances(t *testing.T) {
	db1, db2 := testkit.OpenSharedDBs(t)
	clock := explorer.NewManualClock(testkit.Start)
	opts := explorer.Options{Clock: clock, Hasher: explorer.BcryptHasher{Cost: 4}}
	one := domains.New(db1, opts)
	svc1, svc2 := one.Accounts, domains.New(db2, opts).Accounts
	u, err := one.Identity.AddUser(context.Background(), identity.NewUser{Username: "ann", Password: testkit.Password})
	must(t, err)
	ctx := explorer.WithUser(context.Background(), u)
	_, err = svc1.ChangeProduct(ctx, accounts.PlanChoice{Handle: "professional"})
	must(t, err)
	_, err = svc1.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)

	clock.Set(day(2026, 4, 1))
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := 0; i < 10; i++ {
		svc := svc1
		if i%2 == 1 {
			svc = svc2
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var err error
			if i%3 == 0 {
				_, err = svc.Product(ctx)
			} else {
				_, err = svc.ApplyDueMigrations(context.Background())
			}
			errs <- err
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	list, err := db1.FindPlanMigrations(ctx, u.ID)
	must(t, err)
	applied := 0
	for _, m := range list {
		if m.Applied != nil {
			applied++
		}
	}
	if len(list) != 2 || applied != 2 { // the upgrade and the downgrade
		t.Fatalf("migrations %+v", list)
	}
	l := ledger(t, ctx, svc2)
	if subs := chargesOf(l, accounts.ChargeSubscription); len(subs) != 2 {
		t.Fatalf("subscription charges %d, want 2 (Feb 10 and Mar 10)", len(subs))
	}
	if inc := entriesOf(l, accounts.CreditIncluded); len(inc) != 3 {
		t.Fatalf("included credits %d, want 3 (opening, Feb 10, Mar 10)", len(inc))
	}
}

func TestRunBillingSettlesDueAccounts(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "professional")
	ctx := e.As("ann")
	_, err := e.Svc.ChangeProduct(ctx, accounts.PlanChoice{Handle: "basic"})
	must(t, err)
	e.Clock.Set(day(2026, 2, 10))
	run, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.Svc.RunBilling(run, 10*time.Millisecond); close(done) }()
	u := explorer.UserFromContext(ctx)
	deadline := time.Now().Add(5 * time.Second)
	for {
		a, err := e.DB.FindAccountState(context.Background(), u.ID)
		must(t, err)
		if a.CycleEnd.Equal(day(2026, 3, 10)) {
			basic, _ := e.DB.FindPlanByHandle(ctx, "basic")
			if a.PlanID != basic.ID {
				t.Fatalf("plan %d after the ticker", a.PlanID)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the ticker did not settle the account")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
}

func TestSeatsAreProrated(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	ctx := e.As("ann")
	e.Clock.Set(time.Date(2026, 1, 25, 15, 30, 0, 0, time.UTC)) // counts the whole day
	// A new account has 2 seats; going to 4 pays for 2 more.
	s, err := e.Svc.ChangeSeats(ctx, 4)
	if err != nil || s.Seats != 4 || s.InUse != 1 {
		t.Fatalf("seats %+v %v", s, err)
	}
	basic, _ := e.DB.FindPlanByHandle(ctx, "basic")
	l := ledger(t, ctx, e.Services.Accounts)
	if c := chargesOf(l, accounts.ChargeSeatProration); len(c) != 1 || c[0].AmountCents != accounts.MulDivRound(2*basic.SeatPriceCents, 16, 31) {
		t.Fatalf("seat charges %+v", c)
	}
	if en := entriesOf(l, accounts.CreditSeatProration); len(en) != 1 || en[0].Credits != accounts.MulDivRound(2*basic.CreditsPerSeat, 16, 31) {
		t.Fatalf("seat entries %+v", en)
	}
	// A decrease refunds nothing and the same count changes nothing; going
	// up again is charged again.
	for _, n := range []int{3, 3, 1, 2} {
		_, err = e.Svc.ChangeSeats(ctx, n)
		must(t, err)
	}
	_, err = e.Svc.ChangeSeats(ctx, 3)
	must(t, err)
	if c := chargesOf(ledger(t, ctx, e.Services.Accounts), accounts.ChargeSeatProration); len(c) != 3 || c[0].AmountCents != accounts.MulDivRound(basic.SeatPriceCents, 16, 31) {
		t.Fatalf("seat charges %+v", c)
	}
	for _, n := range []int{0, -1, 10001} {
		if _, err := e.Svc.ChangeSeats(ctx, n); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("seats %d: %v", n, err)
		}
	}
	// The next cycle bills the seats beyond the owner's in full.
	e.Clock.Set(day(2026, 2, 10))
	subs := chargesOf(ledger(t, ctx, e.Services.Accounts), accounts.ChargeSubscription)
	if len(subs) != 1 || subs[0].AmountCents != basic.MonthlyCostCents+2*basic.SeatPriceCents {
		t.Fatalf("subscription %+v", subs)
	}
}

func TestBuyAndAdjustCredits(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Billing.CreditPriceCents = 7 })
	e.AddUser("ann", "")
	e.AddUser("root", "admin")
	ctx := e.As("ann")
	before, _ := e.Svc.Credits(ctx)
	got, err := e.Svc.BuyCredits(ctx, 250)
	if err != nil || got != before+250 {
		t.Fatalf("buy: %d %v", got, err)
	}
	if c := chargesOf(ledger(t, ctx, e.Services.Accounts), accounts.ChargeCredits); len(c) != 1 || c[0].AmountCents != 1750 {
		t.Fatalf("charges %+v", c)
	}
	for _, q := range []int64{0, -5, 1_000_001} {
		if _, err := e.Svc.BuyCredits(ctx, q); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("quantity %d: %v", q, err)
		}
	}
	if _, err := e.Svc.AdjustCredits(ctx, "ann", 10, ""); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("adjust by a user: %v", err)
	}
	got, err = e.Svc.AdjustCredits(e.As("root"), "ann", -50, "refund")
	if err != nil || got != before+200 {
		t.Fatalf("adjust: %d %v", got, err)
	}
	if en := entriesOf(ledger(t, ctx, e.Services.Accounts), accounts.CreditAdjustment); len(en) != 1 || en[0].Credits != -50 {
		t.Fatalf("adjustments %+v", en)
	}
}

func TestProductsCatalogue(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	list, err := e.Svc.Products(e.As("ann"))
	must(t, err)
	var handles []string
	for _, p := range list {
		handles = append(handles, p.Handle)
		if p.Currency != "EUR" || p.Name == "" || p.Description == "" {
			t.Fatalf("plan %+v", p)
		}
	}
	if len(handles) != 4 || handles[0] != "trial" || handles[1] != "basic" || handles[2] != "professional" || handles[3] != "enterprise" {
		t.Fatalf("catalogue %v", handles)
	}
	if _, err := e.Svc.Products(context.Background()); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("anonymous: %v", err)
	}
}
