package store

import (
	"context"
	"database/sql"
	"time"

	explorer "explorer"
)

// EnqueueMail stores a mail to send, due at once.
func (db *DB) EnqueueMail(ctx context.Context, m *explorer.QueuedMail) error {
	id, err := db.insert(ctx, `INSERT INTO mail_queue (recipient, subject, body, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
		m.To, m.Subject, m.Body, ms(m.Created), ms(m.Created))
	m.ID = id
	return err
}

// ClaimMail takes the oldest due pending mail whose lease (if any) has
// expired, leasing it to token until leaseUntil; ENOTFOUND when none. The
// conditional update lets one claimant win: on PostgreSQL a concurrent
// claim of the same row waits and then finds the lease taken.
func (db *DB) ClaimMail(ctx context.Context, now, leaseUntil time.Time, token string) (*explorer.QueuedMail, error) {
	m := &explorer.QueuedMail{}
	var created int64
	q := `UPDATE mail_queue SET claim_token = ?, claimed_until = ?, attempts = attempts + 1
		WHERE id = (SELECT id FROM mail_queue WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT 1)
		AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)
		RETURNING id, recipient, subject, body, attempts, created_at`
	err := db.writer(ctx).QueryRowContext(ctx, db.dialect.Rebind(q), token, ms(leaseUntil), ms(now), ms(now), ms(now)).
		Scan(&m.ID, &m.To, &m.Subject, &m.Body, &m.Attempts, &created)
	if err != nil {
		return nil, db.mapError(err, "no mail is due")
	}
	m.Created = explorer.FromMillis(created)
	return m, nil
}

// MarkMailSent records that the claimant of token sent mail id.
func (db *DB) MarkMailSent(ctx context.Context, id int64, token string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE mail_queue SET status = 'sent', sent_at = ?, claim_token = NULL, claimed_until = NULL, last_error = NULL WHERE id = ? AND claim_token = ?`,
		ms(at), id, token)
	return err
}

// RetryMail releases a failed mail of the claimant of token: due again at
// next, or given up (status failed) when giveUp.
func (db *DB) RetryMail(ctx context.Context, id int64, token string, next time.Time, lastError string, giveUp bool) error {
	status := "pending"
	if giveUp {
		status = "failed"
	}
	_, err := db.exec(ctx, `UPDATE mail_queue SET status = ?, next_attempt_at = ?, claim_token = NULL, claimed_until = NULL, last_error = ? WHERE id = ? AND claim_token = ?`,
		status, ms(next), lastError, id, token)
	return err
}

// FindMail returns one queued mail with its state (for tests and checks).
func (db *DB) FindMail(ctx context.Context, id int64) (*explorer.QueuedMail, error) {
	m := &explorer.QueuedMail{ID: id}
	var created int64
	var sent sql.NullInt64
	var lastErr sql.NullString
	err := db.queryRow(ctx, "no such mail", `SELECT recipient, subject, body, status, attempts, created_at, sent_at, last_error FROM mail_queue WHERE id = ?`, []any{id},
		&m.To, &m.Subject, &m.Body, &m.Status, &m.Attempts, &created, &sent, &lastErr)
	if err != nil {
		return nil, err
	}
	m.Created, m.Sent, m.LastError = explorer.FromMillis(created), timeOrNil(sent), lastErr.String
	return m, nil
}
