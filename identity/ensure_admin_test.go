package identity_test

import (
	"context"
	"sync"
	"testing"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

// TestEnsureAdminOnceAcrossInstances: two services on one empty database,
// as two instances starting at once, both call EnsureAdmin at the same
// moment: both succeed, exactly one creates admin (on PostgreSQL the
// loser's insert meets the unique username; on SQLite the writer lock
// orders them).
func TestEnsureAdminOnceAcrossInstances(t *testing.T) {
	for round := range 4 {
		db1, db2 := testkit.OpenSharedDBs(t)
		opts := explorer.Options{Hasher: explorer.BcryptHasher{Cost: 4}}
		svcs := []*identity.Service{identity.New(explorer.NewService(db1, opts), db1), identity.New(explorer.NewService(db2, opts), db2)}
		var wg sync.WaitGroup
		start := make(chan struct{})
		created := make([]bool, 2)
		errs := make([]error, 2)
		for i, svc := range svcs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				created[i], _, errs[i] = svc.EnsureAdmin(context.Background(), "")
			}()
		}
		close(start)
		wg.Wait()
		if errs[0] != nil || errs[1] != nil || created[0] == created[1] {
			t.Fatalf("round %d: created %v, errors %v", round, created, errs)
		}
		if n, err := db1.CountUsers(context.Background()); err != nil || n != 1 {
			t.Fatalf("round %d: %d users, %v", round, n, err)
		}
	}
}
