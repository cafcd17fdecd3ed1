package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
)

// TestReleaseIdleClosesReaders: the read pool's idle connections are
// closed, and reads open new ones afterwards.
func TestReleaseIdleClosesReaders(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	read := func() {
		var n int
		if err := db.row(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(read)
	}
	wg.Wait()
	if db.read.Stats().Idle == 0 {
		t.Fatal("no idle reader before the release")
	}
	db.ReleaseIdle()
	if st := db.read.Stats(); st.Idle != 0 || st.OpenConnections != 0 {
		t.Fatalf("after the release: %+v", st)
	}
	read()
	if db.read.Stats().OpenConnections != 1 {
		t.Fatal("no reader opened after the release")
	}
}
