package store

import (
	"context"
	"strconv"

	explorer "explorer"
)

// addUsernameKeys is migration 26's step: it adds users.name_key and
// fills it with each user's explorer.UsernameKey. Where several users fold
// to one key (a directory person ADMIN beside the local admin, made
// before keys existed), the local user, else the oldest, takes it; the
// others keep key#id, which no typed name folds to, and sign in by their
// exact name only.
func addUsernameKeys(ctx context.Context, db *DB) error {
	if _, err := db.writer(ctx).ExecContext(ctx, `ALTER TABLE users ADD COLUMN name_key TEXT`); err != nil {
		return err
	}
	type row struct {
		id   int64
		name string
	}
	rows, err := queryList(ctx, db, `SELECT id, username FROM users ORDER BY CASE WHEN auth_source = 'local' THEN 0 ELSE 1 END, id`, nil,
		func(sc rowScanner) (row, error) {
			var r row
			return r, sc.Scan(&r.id, &r.name)
		})
	if err != nil {
		return err
	}
	taken := map[string]bool{}
	for _, r := range rows {
		key := explorer.UsernameKey(r.name)
		if taken[key] {
			key += "#" + strconv.FormatInt(r.id, 10)
		}
		taken[key] = true
		if _, err := db.exec(ctx, `UPDATE users SET name_key = ? WHERE id = ?`, key, r.id); err != nil {
			return err
		}
	}
	return nil
}
