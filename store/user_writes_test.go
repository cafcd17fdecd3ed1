package store_test

import (
	"context"
	"maps"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

// TestUserReadCarriesItsWritesOverride: a single user's read (by id, name
// or directory entry) carries the user's override of writes per minute,
// marked as read, so that counting a write reads no budget of its own; a
// changed override is what the next read carries.
func TestUserReadCarriesItsWritesOverride(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	u := &explorer.User{Username: "ann", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: time.UnixMilli(1767000000000), Source: explorer.SourceLDAP, ExternalID: "uid=ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	reads := func() []*explorer.User {
		t.Helper()
		a, err := db.FindUserByID(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		b, err := db.FindUserByName(ctx, "ann")
		if err != nil {
			t.Fatal(err)
		}
		c, err := db.FindUserByExternal(ctx, explorer.SourceLDAP, "uid=ann")
		if err != nil {
			t.Fatal(err)
		}
		return []*explorer.User{a, b, c}
	}
	for _, got := range reads() {
		if !got.Writes.Read || got.Writes.Limit != nil {
			t.Fatalf("without an override: %+v", got.Writes)
		}
	}
	seven := 7
	if err := db.SetBudgetOverride(ctx, u.ID, explorer.BudgetOverride{WritesPerMinute: &seven}); err != nil {
		t.Fatal(err)
	}
	for _, got := range reads() {
		if !got.Writes.Read || got.Writes.Limit == nil || *got.Writes.Limit != 7 {
			t.Fatalf("with an override of 7: %+v", got.Writes)
		}
	}
	users, err := db.FindUsers(ctx)
	if err != nil || len(users) != 1 || users[0].Writes.Read {
		t.Fatalf("a list of users is read without overrides: %v, %+v", err, users)
	}
}

// TestFindSessionUser: a session and its user in one read, the user with
// its writes override as a single user's read carries it; a session of no
// user, or none, is ENOTFOUND.
func TestFindSessionUser(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	at := time.UnixMilli(1767000000000)
	u := &explorer.User{Username: "ann", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: at}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	three := 3
	if err := db.SetBudgetOverride(ctx, u.ID, explorer.BudgetOverride{WritesPerMinute: &three}); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateSession(ctx, &identity.Session{Hash: "h1", UserID: u.ID, CSRF: "c", Created: at, Expires: at.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	s, got, err := db.FindSessionUser(ctx, "h1")
	if err != nil || s.UserID != u.ID || s.CSRF != "c" || !s.Expires.Equal(at.Add(time.Hour)) || s.Pending {
		t.Fatalf("session %+v, %v", s, err)
	}
	if got.ID != u.ID || got.Username != "ann" || !got.Writes.Read || got.Writes.Limit == nil || *got.Writes.Limit != 3 {
		t.Fatalf("user %+v", got)
	}
	if _, _, err := db.FindSessionUser(ctx, "nope"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("no session: %v", err)
	}
}

// TestFindSessionUserCarriesTheSettings: the page request's user read
// carries the values the user set (none: read, and empty), so that its
// dates need no read of their own.
func TestFindSessionUserCarriesTheSettings(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	at := time.UnixMilli(1767000000000)
	u := &explorer.User{Username: "bo", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: at}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateSession(ctx, &identity.Session{Hash: "h2", UserID: u.ID, CSRF: "c", Created: at, Expires: at.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	_, got, err := db.FindSessionUser(ctx, "h2")
	if err != nil || !got.Settings.Read || len(got.Settings.Values) != 0 {
		t.Fatalf("no settings: %+v, %v", got.Settings, err)
	}
	set := map[string]string{explorer.SettingTimezone: "Europe/Stockholm", explorer.SettingDateFormat: `dd/MM/yyyy "quoted" é`}
	if err := db.SaveSettings(ctx, u.ID, set); err != nil {
		t.Fatal(err)
	}
	_, got, err = db.FindSessionUser(ctx, "h2")
	if err != nil || !got.Settings.Read || !maps.Equal(got.Settings.Values, set) {
		t.Fatalf("settings: %+v, %v", got.Settings, err)
	}
}

// TestPointReadsKeepNoWatchOnSQLite: a read of one row by a unique key
// runs on SQLite without the context's cancellation (the driver's watch
// costs a goroutine a statement), so it answers even for a context that
// is done; PostgreSQL's keeps it.
func TestPointReadsKeepNoWatchOnSQLite(t *testing.T) {
	db := testkit.OpenDB(t)
	u := &explorer.User{Username: "cy", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: time.UnixMilli(1767000000000)}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := db.FindUserByID(ctx, u.ID)
	if db.Dialect().Name() == "postgres" {
		if err == nil {
			t.Fatal("PostgreSQL read with a done context")
		}
		return
	}
	if err != nil || got.Username != "cy" {
		t.Fatalf("SQLite point read: %+v, %v", got, err)
	}
}
