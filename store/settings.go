package store

import (
	"context"
	"database/sql"
	"sort"

	explorer "explorer"
)

// FindSettings returns the values a user has set.
func (db *DB) FindSettings(ctx context.Context, userID int64) (map[string]string, error) {
	out := map[string]string{}
	err := queryEach(ctx, db, `SELECT key, value FROM user_settings WHERE user_id = ?`, []any{userID}, func(rows *sql.Rows) error {
		var k, v string
		err := rows.Scan(&k, &v)
		out[k] = v
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SaveSettings stores values, replacing earlier values of the same keys.
func (db *DB) SaveSettings(ctx context.Context, userID int64, values map[string]string) error {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		_, err := db.exec(ctx, `INSERT INTO user_settings (user_id, key, value) VALUES (?, ?, ?)
			ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value`, userID, k, values[k])
		if err != nil {
			return err
		}
	}
	return nil
}

// FindManager returns the manager of a user; ENOTFOUND when it has none.
func (db *DB) FindManager(ctx context.Context, userID int64) (*explorer.User, error) {
	row := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(`SELECT `+userColumnsAs("u")+`
		FROM managers m JOIN users u ON u.id = m.manager_id WHERE m.managed_id = ?`), userID)
	u, err := scanUser(row)
	if err != nil {
		return nil, db.mapError(err, "no manager")
	}
	return u, nil
}

// FindManagedUsers lists the users a manager manages, by username.
func (db *DB) FindManagedUsers(ctx context.Context, managerID int64) ([]*explorer.User, error) {
	return queryList(ctx, db, `SELECT `+userColumnsAs("u")+`
		FROM managers m JOIN users u ON u.id = m.managed_id WHERE m.manager_id = ? ORDER BY u.username`, []any{managerID}, scanUser)
}
