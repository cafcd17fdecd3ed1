package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
	"explorer/store"
)

func open(t *testing.T, path string) *store.DB {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestMigrationsAreIdempotentAndDataSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	db := open(t, path)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
		t.Fatal(err)
	}
	if u.ID == 0 {
		t.Fatal("no id assigned")
	}
	db.Close()
	db = open(t, path)
	defer db.Close()
	got, err := db.FindUserByName(ctx, "ann")
	if err != nil || got.ID != u.ID || !got.Created.Equal(now) {
		t.Fatalf("after reopen: %+v %v", got, err)
	}
}

func TestErrorsMapToCodes(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.Now().UTC()
	mk := func(name string) error {
		return db.InTx(ctx, func(ctx context.Context) error {
			return db.CreateUser(ctx, &explorer.User{Username: name, PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now})
		})
	}
	if err := mk("bo"); err != nil {
		t.Fatal(err)
	}
	if err := mk("bo"); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("duplicate: %v", err)
	}
	if _, err := db.FindUserByName(ctx, "nobody"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("missing: %v", err)
	}
	if err := db.UpdateUserStatus(ctx, 999, "active"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("update missing: %v", err)
	}
}

func TestInTxRollsBack(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.Now().UTC()
	boom := errors.New("boom")
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateUser(ctx, &explorer.User{Username: "cy", PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now}); err != nil {
			return err
		}
		// Reads inside the transaction see its writes.
		if _, err := db.FindUserByName(ctx, "cy"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if n, _ := db.CountUsers(ctx); n != 0 {
		t.Fatalf("%d users after rollback", n)
	}
}

func TestSessionsAndTokens(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "di", PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }))
	must(db.CreateSession(ctx, &identity.Session{Hash: "s1", UserID: u.ID, CSRF: "c", Created: now, Expires: now.Add(time.Hour)}))
	must(db.CreateSession(ctx, &identity.Session{Hash: "s2", UserID: u.ID, CSRF: "c", Created: now, Expires: now.Add(-time.Hour)}))
	must(db.DeleteExpiredSessions(ctx, now))
	if _, err := db.FindSession(ctx, "s2"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("expired session kept: %v", err)
	}
	s, err := db.FindSession(ctx, "s1")
	if err != nil || s.UserID != u.ID || !s.Expires.Equal(now.Add(time.Hour)) {
		t.Fatalf("session %+v %v", s, err)
	}
	must(db.CreateSession(ctx, &identity.Session{Hash: "s3", UserID: u.ID, CSRF: "c", Created: now, Expires: now.Add(time.Hour)}))
	must(db.DeleteOtherSessions(ctx, u.ID, "s3"))
	if _, err := db.FindSession(ctx, "s1"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("another session kept: %v", err)
	}
	if _, err := db.FindSession(ctx, "s3"); err != nil {
		t.Fatalf("the kept session: %v", err)
	}
	tok := &identity.Token{UserID: u.ID, Name: "n", Hash: "th", Created: now}
	must(db.CreateToken(ctx, tok))
	must(db.TouchToken(ctx, tok.ID, now.Add(time.Minute)))
	got, err := db.FindTokenByHash(ctx, "th")
	if err != nil || got.LastUsed == nil || !got.LastUsed.Equal(now.Add(time.Minute)) {
		t.Fatalf("token %+v %v", got, err)
	}
	if err := db.DeleteToken(ctx, u.ID+1, tok.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("deleting another user's token: %v", err)
	}
}

func TestDialectOfTestDatabase(t *testing.T) {
	db := testkit.OpenDB(t)
	want := "sqlite"
	if os.Getenv("EXPLORER_TEST_POSTGRES") != "" {
		want = "postgres"
	}
	if got := db.Dialect().Name(); got != want {
		t.Fatalf("dialect %s, want %s", got, want)
	}
}

// Sessions made within one millisecond tie on their time: trimming keeps
// the one just made (named), then the newest others.
func TestTrimSessionsKeepsTheNewOne(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "tie", PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"c", "b", "a"} {
		if err := db.CreateSession(ctx, &identity.Session{Hash: h, UserID: u.ID, CSRF: "x", Created: now, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	// "a", made last, sorts last among equal times: it is kept all the same.
	if err := db.TrimUserSessions(ctx, u.ID, 2, "a"); err != nil {
		t.Fatal(err)
	}
	for h, want := range map[string]bool{"a": true, "c": true, "b": false} {
		if _, err := db.FindSession(ctx, h); (err == nil) != want {
			t.Errorf("session %s kept %v, want %v (%v)", h, err == nil, want, err)
		}
	}
}
