package store

import (
	"context"
	"database/sql"
	"time"

	"explorer/identity"
)

// FindTOTP returns a user's second factor; ENOTFOUND when none.
func (db *DB) FindTOTP(ctx context.Context, userID int64) (*identity.TOTP, error) {
	t := identity.TOTP{UserID: userID}
	var confirmed sql.NullInt64
	err := db.queryRow(ctx, "no second factor", `SELECT secret, confirmed_at, last_step FROM user_totp WHERE user_id = ?`, []any{userID}, &t.Secret, &confirmed, &t.LastStep)
	if err != nil {
		return nil, err
	}
	if confirmed.Valid {
		at := fromMillis(confirmed.Int64)
		t.Confirmed = &at
	}
	return &t, nil
}

// SaveTOTP inserts or replaces a user's second factor.
func (db *DB) SaveTOTP(ctx context.Context, t *identity.TOTP) error {
	var confirmed any
	if t.Confirmed != nil {
		confirmed = ms(*t.Confirmed)
	}
	_, err := db.exec(ctx, `INSERT INTO user_totp (user_id, secret, confirmed_at, last_step) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = excluded.confirmed_at, last_step = excluded.last_step`,
		t.UserID, t.Secret, confirmed, t.LastStep)
	return err
}

// UseTOTPStep records step as the newest accepted one, only when it is
// newer than the last: false when another request used it first.
func (db *DB) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	res, err := db.exec(ctx, `UPDATE user_totp SET last_step = ? WHERE user_id = ? AND last_step < ? AND confirmed_at IS NOT NULL`, step, userID, step)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, db.mapError(err, "")
}

// DeleteTOTP removes a user's second factor and recovery codes.
func (db *DB) DeleteTOTP(ctx context.Context, userID int64) error {
	if _, err := db.exec(ctx, `DELETE FROM user_recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	_, err := db.exec(ctx, `DELETE FROM user_totp WHERE user_id = ?`, userID)
	return err
}

// SaveRecoveryCodes replaces a user's recovery codes by hashes.
func (db *DB) SaveRecoveryCodes(ctx context.Context, userID int64, hashes []string) error {
	if _, err := db.exec(ctx, `DELETE FROM user_recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := db.exec(ctx, `INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (?, ?)`, userID, h); err != nil {
			return err
		}
	}
	return nil
}

// UseRecoveryCode marks an unused recovery code used: false when the user
// has no such unused code.
func (db *DB) UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE user_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`, ms(at), userID, hash)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, db.mapError(err, "")
}

// CountRecoveryCodes counts a user's unused recovery codes.
func (db *DB) CountRecoveryCodes(ctx context.Context, userID int64) (int, error) {
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = ? AND used_at IS NULL`, []any{userID}, &n)
	return n, err
}

// FailSessionAttempt counts a wrong second-factor code of a pending
// session and returns the count.
func (db *DB) FailSessionAttempt(ctx context.Context, hash string) (int, error) {
	if _, err := db.exec(ctx, `UPDATE sessions SET pending_attempts = pending_attempts + 1 WHERE hash = ? AND pending_attempts IS NOT NULL`, hash); err != nil {
		return 0, err
	}
	var n int
	err := db.queryRow(ctx, "session not found", `SELECT pending_attempts FROM sessions WHERE hash = ?`, []any{hash}, &n)
	return n, err
}
