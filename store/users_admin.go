package store

import (
	"context"
	"time"

	explorer "explorer"
	"explorer/identity"
)

// UpdateUserRole sets a user's role.
func (db *DB) UpdateUserRole(ctx context.Context, id int64, role string) error {
	return db.updateOne(ctx, "user not found", `UPDATE users SET role = ? WHERE id = ?`, role, id)
}

// UpdateUserDisabled disables a user since at, or enables it when at is nil.
func (db *DB) UpdateUserDisabled(ctx context.Context, id int64, at *time.Time) error {
	var v any
	if at != nil {
		v = ms(*at)
	}
	return db.updateOne(ctx, "user not found", `UPDATE users SET disabled_at = ? WHERE id = ?`, v, id)
}

// DeleteUser removes a user; its tokens, sessions and settings go with
// it, and so do its accesses to others' models and the invitations it
// sent or received, whose models' sharing stamps are bumped.
func (db *DB) DeleteUser(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		_, err := db.exec(ctx, `UPDATE models SET sharing_stamp = sharing_stamp + 1 WHERE id IN
			(SELECT model_id FROM model_accesses WHERE user_id = ?
			UNION SELECT model_id FROM model_invitations WHERE recipient_id = ? OR sender_id = ?)`, id, id, id)
		if err != nil {
			return err
		}
		return db.updateOne(ctx, "user not found", `DELETE FROM users WHERE id = ?`, id)
	})
}

// CountActiveAdmins counts the admins that are not disabled.
func (db *DB) CountActiveAdmins(ctx context.Context) (int, error) {
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM users WHERE role = ? AND disabled_at IS NULL`, []any{explorer.RoleAdmin}, &n)
	return n, err
}

// UserHoldings counts what a user owns or takes part in that deleting it
// would remove from others' view or from billing.
func (db *DB) UserHoldings(ctx context.Context, id int64) (identity.Holdings, error) {
	var h identity.Holdings
	err := db.queryRow(ctx, "", `SELECT
		(SELECT COUNT(*) FROM models WHERE owner_id = ?),
		(SELECT COUNT(*) FROM poles WHERE owner_id = ?),
		(SELECT COUNT(*) FROM projects WHERE owner_id = ?),
		(SELECT COUNT(*) FROM managers WHERE managed_id = ? OR manager_id = ?)`,
		[]any{id, id, id, id, id}, &h.Models, &h.Poles, &h.Projects, &h.Relations)
	return h, err
}
