package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestRowLocksLetReferencesIn (PostgreSQL): the row locks of LockModel
// and LockAccount do not conflict with FOR KEY SHARE, which an insert of
// a referencing row (a version, a part, an access, a project) takes on
// the referenced row: such inserts are not held up behind the lock. NOWAIT
// makes a conflict an error at once rather than a wait.
func TestRowLocksLetReferencesIn(t *testing.T) {
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("row locks are PostgreSQL's (SQLite's writer holds the database)")
	}
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	u := &explorer.User{Username: "locker", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	basic, err := db.FindPlanByHandle(ctx, "basic")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateAccountState(ctx, &explorer.AccountState{UserID: u.ID, PlanID: basic.ID, Seats: 1, Anchor: now, CycleStart: now, CycleEnd: now.AddDate(0, 1, 0), Created: now}); err != nil {
		t.Fatal(err)
	}
	title := "locked"
	m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: u.ID, Created: now, Version: 1, NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModel(ctx, m, &explorer.Structure{}) }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, share string
		id          int64
		lock        func(context.Context) error
	}{
		{"LockModel", `SELECT 1 FROM models WHERE id = ? FOR KEY SHARE NOWAIT`, m.ID, func(ctx context.Context) error {
			_, err := db.LockModel(ctx, m.ID, u.ID)
			return err
		}},
		{"LockAccount", `SELECT 1 FROM accounts WHERE user_id = ? FOR KEY SHARE NOWAIT`, u.ID, func(ctx context.Context) error { return db.LockAccount(ctx, u.ID) }},
	} {
		err := db.InTx(ctx, func(ctx context.Context) error {
			if err := c.lock(ctx); err != nil {
				return err
			}
			// A transaction of its own (context.Background holds none).
			return db.InTx(context.Background(), func(other context.Context) error {
				return db.Exec(other, c.share, c.id)
			})
		})
		if err != nil {
			t.Errorf("%s: a key share beside the lock: %v", c.name, err)
		}
	}
}

// TestLockModelLocksAndReads (PostgreSQL): LockModel's one statement
// reads the model with the caller's rights and holds its row against
// another writer until the transaction ends (NOWAIT: an error at once
// rather than a wait), but not the owner's row it joins.
func TestLockModelLocksAndReads(t *testing.T) {
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("row locks are PostgreSQL's (SQLite's writer holds the database)")
	}
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	u := &explorer.User{Username: "locker", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	title := "locked"
	m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: u.ID, Created: now, Version: 1, NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModel(ctx, m, &explorer.Structure{}) }); err != nil {
		t.Fatal(err)
	}
	other := func(query string, arg int64) error {
		return db.InTx(context.Background(), func(other context.Context) error { return db.Exec(other, query, arg) })
	}
	err := db.InTx(ctx, func(ctx context.Context) error {
		got, err := db.LockModel(ctx, m.ID, u.ID)
		if err != nil {
			return err
		}
		if got.ID != m.ID || got.Rights != "OWNER" || got.Owner != "locker" || got.Version != 1 {
			t.Errorf("LockModel read %+v", got)
		}
		if err := other(`SELECT 1 FROM models WHERE id = ? FOR NO KEY UPDATE NOWAIT`, m.ID); err == nil {
			t.Error("another writer took the model's lock beside LockModel's")
		}
		if err := other(`SELECT 1 FROM users WHERE id = ? FOR NO KEY UPDATE NOWAIT`, u.ID); err != nil {
			t.Errorf("the owner's row is locked too: %v", err)
		}
		if _, err := db.LockModel(ctx, m.ID+1000, u.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
			t.Errorf("a missing model: %v, want ENOTFOUND", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := other(`SELECT 1 FROM models WHERE id = ? FOR NO KEY UPDATE NOWAIT`, m.ID); err != nil {
		t.Errorf("the lock outlived its transaction: %v", err)
	}
}
