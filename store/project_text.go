package store

import (
	"context"
	"fmt"
)

// AddProjectText adds n bytes to the text a project's rows store, and
// charges them to its owner (storage.go).
func (db *DB) AddProjectText(ctx context.Context, id int64, n int64) error {
	if _, err := db.exec(ctx, `UPDATE projects SET text_bytes = text_bytes + ? WHERE id = ?`, n, id); err != nil {
		return err
	}
	return db.chargeOwner(ctx, "projects", id, n, "0")
}

// setProjectSpaceBytes records the size of a project's word space file
// (0: it has none) and charges its owner the difference (storage.go). A
// project that is gone is ENOTFOUND.
func (db *DB) setProjectSpaceBytes(ctx context.Context, id int64, n int64) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if err := db.chargeOwner(ctx, "projects", id, n, "space_bytes"); err != nil {
			return err
		}
		return db.updateOne(ctx, fmt.Sprintf("project %d not found", id), `UPDATE projects SET space_bytes = ? WHERE id = ?`, n, id)
	})
}

// AccountProjectText is the text the projects of an account store: those
// of the account's user and of the users it manages.
func (db *DB) AccountProjectText(ctx context.Context, accountID int64) (int64, error) {
	var n int64
	err := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(`SELECT COALESCE(SUM(text_bytes), 0) FROM projects
		WHERE owner_id = ? OR owner_id IN (SELECT managed_id FROM managers WHERE manager_id = ?)`), accountID, accountID).Scan(&n)
	if err != nil {
		return 0, db.mapError(err, "")
	}
	return n, nil
}
