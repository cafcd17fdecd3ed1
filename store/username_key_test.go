package store_test

import (
	"context"
	"testing"

	explorer "explorer"
)

// TestMigrationUsernameKeys: a database at schema 25 holding a local
// admin and a directory ADMIN made beside it (as before canonical names)
// migrates; admin takes the key, so Admin and ADMIN find the local user
// while the directory one is still found by its exact name; a new user
// folding to admin is refused.
func TestMigrationUsernameKeys(t *testing.T) {
	db := openAtSchema(t, 25)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(ctx, `INSERT INTO users (id, username, password_hash, role, status, created_at, password_changed_at, auth_source, external_id)
		VALUES (1, 'ADMIN', '', 'user', 'active', 0, 0, 'ldap', 'uid=ADMIN'), (2, 'admin', 'h', 'admin', 'active', 0, 0, 'local', NULL), (3, 'Jos`+"\u00e9"+`', 'h', 'user', 'active', 0, 0, 'local', NULL)`))
	must(db.Migrate(ctx))
	for name, id := range map[string]int64{"admin": 2, "Admin": 2, "ADMIN": 1, "jose\u0301": 3, "JOSÉ": 3} {
		u, err := db.FindUserByName(ctx, name)
		if err != nil || u.ID != id {
			t.Errorf("%q: %+v %v, want user %d", name, u, err, id)
		}
	}
	err := db.InTx(ctx, func(ctx context.Context) error {
		return db.CreateUser(ctx, &explorer.User{Username: "aDmIn", Role: "user", Status: "active"})
	})
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("a user aDmIn beside admin: %v", err)
	}
}

// TestMigrationRejectionsStorage: declined terms stored before migration
// 0027 are added to their pole owner's counter, which then equals a
// recount.
func TestMigrationRejectionsStorage(t *testing.T) {
	db := openAtSchema(t, 26)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(ctx, `INSERT INTO users (id, username, name_key, password_hash, role, status, created_at, password_changed_at) VALUES (1, 'ann', 'ann', 'h', 'user', 'active', 0, 0)`))
	must(db.Exec(ctx, `INSERT INTO poles (id, owner_id, name, description, language, created_at, updated_at) VALUES (1, 1, 'p', '', 'EN', 0, 0)`))
	must(db.Exec(ctx, `INSERT INTO user_storage (user_id, bytes) VALUES (1, 1)`))
	must(db.Exec(ctx, `INSERT INTO pole_rejections (pole_id, term, term_key, created_at) VALUES (1, 'Sad', 'sad', 0), (1, 'gloomy', 'gloomy', 0)`))
	must(db.Migrate(ctx))
	used, err := db.StorageUsed(ctx, 1)
	must(err)
	real, err := db.RecountStorage(ctx, 1)
	must(err)
	if used != real || used != 1+3+3+8+6+6+8 {
		t.Fatalf("counter %d, recount %d", used, real)
	}
}
