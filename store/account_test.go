package store_test

import (
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
)

// TestAccountConditionalUpdates checks the guards that make billing steps
// happen once: the cycle moves only from the expected end, a migration is
// applied or cancelled only while pending, and one user has at most one
// pending migration.
func TestAccountConditionalUpdates(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
		t.Fatal(err)
	}
	trial, err := db.FindPlanByHandle(ctx, "trial")
	if err != nil {
		t.Fatal(err)
	}
	basic, _ := db.FindPlanByHandle(ctx, "basic")
	d := func(m time.Month, day int) time.Time { return time.Date(2026, m, day, 0, 0, 0, 0, time.UTC) }
	a := &accounts.AccountState{UserID: u.ID, PlanID: basic.ID, Seats: 2, Anchor: d(1, 10), CycleStart: d(1, 10), CycleEnd: d(2, 10), Created: now}
	for i, want := range []bool{true, false} {
		created, err := db.CreateAccountState(ctx, a)
		if err != nil || created != want {
			t.Fatalf("create %d: %v %v", i, created, err)
		}
	}
	if ids, _ := db.FindDueAccounts(ctx, d(2, 10), 10); len(ids) != 1 || ids[0] != u.ID {
		t.Fatalf("due %v", ids)
	}
	if ids, _ := db.FindDueAccounts(ctx, d(2, 9), 10); len(ids) != 0 {
		t.Fatalf("due early %v", ids)
	}
	for i, want := range []bool{true, false} {
		moved, err := db.AdvanceAccountCycle(ctx, u.ID, d(2, 10), d(2, 10), d(3, 10))
		if err != nil || moved != want {
			t.Fatalf("advance %d: %v %v", i, moved, err)
		}
	}
	m := &accounts.PlanMigration{UserID: u.ID, FromPlanID: basic.ID, ToPlanID: trial.ID, Effective: d(3, 10), Created: now}
	if err := db.CreatePlanMigration(ctx, m); err != nil {
		t.Fatal(err)
	}
	second := &accounts.PlanMigration{UserID: u.ID, FromPlanID: basic.ID, ToPlanID: trial.ID, Effective: d(3, 10), Created: now}
	if err := db.CreatePlanMigration(ctx, second); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("second pending migration: %v", err)
	}
	for i, want := range []bool{true, false} {
		applied, err := db.MarkMigrationApplied(ctx, m.ID, d(3, 10))
		if err != nil || applied != want {
			t.Fatalf("apply %d: %v %v", i, applied, err)
		}
	}
	if ok, _ := db.MarkMigrationCancelled(ctx, m.ID, d(3, 10)); ok {
		t.Fatal("an applied migration was cancelled")
	}
	if _, err := db.FindPendingMigration(ctx, u.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("pending after apply: %v", err)
	}
	// Once applied, another may be scheduled.
	if err := db.CreatePlanMigration(ctx, second); err != nil {
		t.Fatal(err)
	}
}
