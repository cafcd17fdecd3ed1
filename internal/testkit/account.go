package testkit

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/store"
)

// SetPlan puts a user's account on the plan handle directly through the
// store, without charges: a test's starting point.
func (e *Env) SetPlan(user, handle string) {
	e.T.Helper()
	ctx := e.As(user)
	if _, err := e.Svc.Product(ctx); err != nil { // opens the account
		e.T.Fatalf("product of %s: %v", user, err)
	}
	p, err := e.DB.FindPlanByHandle(ctx, handle)
	if err != nil {
		e.T.Fatalf("plan %s: %v", handle, err)
	}
	u := explorer.UserFromContext(ctx)
	if err := e.DB.UpdateAccountPlan(ctx, u.ID, p.ID); err != nil {
		e.T.Fatalf("set plan of %s: %v", user, err)
	}
}

// OpenSharedDBs opens one empty, migrated database (DatabaseURL) twice,
// as two server instances sharing it would.
func OpenSharedDBs(t testing.TB) (*store.DB, *store.DB) {
	t.Helper()
	ctx := context.Background()
	url := DatabaseURL(t)
	open := func() *store.DB {
		db, err := store.Open(ctx, url)
		if err != nil {
			t.Fatalf("open store: %v", err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	a := open()
	return a, open()
}
