package testkit

import (
	"context"
	"testing"
)

// CheckStorage fails the test unless each user's running counter equals
// the bytes its objects store, recomputed from the data.
func CheckStorage(t testing.TB, e *Env, step string, users ...string) {
	t.Helper()
	ctx := context.Background()
	// A change may have started a measurement in the background: the
	// counter and the data agree once it is saved.
	e.Svc.WaitMeasured()
	for _, name := range users {
		u, err := e.Svc.FindUser(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		used, err := e.DB.StorageUsed(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		real, err := e.DB.RecountStorage(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if used != real {
			t.Fatalf("after %s: %s's counter %d, stored bytes %d", step, name, used, real)
		}
	}
}
