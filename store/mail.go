package store

import (
	"context"
	"database/sql"
	"time"

	explorer "explorer"
	"explorer/notifications"
)

// EnqueueMail stores a mail to send, due at m.Due (counted against its
// recipient's budget at m.Counted).
func (db *DB) EnqueueMail(ctx context.Context, m *notifications.QueuedMail) error {
	var about any
	if m.About != "" {
		about = m.About
	}
	id, err := db.insert(ctx, `INSERT INTO mail_queue (recipient, subject, body, status, attempts, next_attempt_at, created_at, about, folded, counted_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?, ?)`,
		m.To, m.Subject, m.Body, ms(m.Due), ms(m.Created), about, boolInt(m.Folded), ms(m.Counted))
	m.ID = id
	return err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LockMailRecipient records that a mail to recipient is being queued. In a
// transaction it holds the recipient's row until the end, so that
// instances queuing to one recipient on PostgreSQL count its budget one
// after the other (SQLite has one writer anyway).
func (db *DB) LockMailRecipient(ctx context.Context, recipient string, now time.Time) error {
	_, err := db.exec(ctx, `INSERT INTO mail_recipients (recipient, last_queued_at) VALUES (?, ?)
		ON CONFLICT (recipient) DO UPDATE SET last_queued_at = excluded.last_queued_at`, recipient, ms(now))
	return err
}

// MailUses lists the mails to recipient counted after since that were not
// withdrawn: one entry per row (the rows of a digest share their time).
func (db *DB) MailUses(ctx context.Context, recipient string, since time.Time) ([]notifications.MailUse, error) {
	rows, err := db.writer(ctx).QueryContext(ctx, db.dialect.Rebind(`SELECT counted_at, folded FROM mail_queue
		WHERE recipient = ? AND counted_at > ? AND status <> 'withdrawn' ORDER BY counted_at`), recipient, ms(since))
	if err != nil {
		return nil, db.mapError(err, "")
	}
	defer rows.Close()
	var out []notifications.MailUse
	for rows.Next() {
		var at int64
		var folded int
		if err := rows.Scan(&at, &folded); err != nil {
			return nil, db.mapError(err, "")
		}
		out = append(out, notifications.MailUse{At: fromMillis(at), Digest: folded == 1})
	}
	return out, db.mapError(rows.Err(), "")
}

// ClaimMail takes the oldest due pending mail whose lease (if any) has
// expired, with the other rows of its digest when it is folded, leasing
// them to token until leaseUntil; ENOTFOUND when none. The conditional
// update lets one claimant win: on PostgreSQL a concurrent claim of the
// same rows waits and then finds the lease taken.
func (db *DB) ClaimMail(ctx context.Context, now, leaseUntil time.Time, token string) ([]*notifications.QueuedMail, error) {
	q := `WITH due AS (SELECT id, recipient, counted_at, folded FROM mail_queue
			WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
			ORDER BY next_attempt_at, id LIMIT 1)
		UPDATE mail_queue SET claim_token = ?, claimed_until = ?, attempts = attempts + 1
		WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)
		AND (id IN (SELECT id FROM due) OR (folded = 1 AND EXISTS (SELECT 1 FROM due
			WHERE due.folded = 1 AND due.recipient = mail_queue.recipient AND due.counted_at = mail_queue.counted_at)))
		RETURNING id, recipient, subject, body, attempts, created_at, folded, counted_at`
	rows, err := db.writer(ctx).QueryContext(ctx, db.dialect.Rebind(q), ms(now), ms(now), token, ms(leaseUntil), ms(now))
	if err != nil {
		return nil, db.mapError(err, "")
	}
	defer rows.Close()
	var out []*notifications.QueuedMail
	for rows.Next() {
		m := &notifications.QueuedMail{Status: notifications.MailPending}
		var created, counted int64
		var folded int
		if err := rows.Scan(&m.ID, &m.To, &m.Subject, &m.Body, &m.Attempts, &created, &folded, &counted); err != nil {
			return nil, db.mapError(err, "")
		}
		m.Created, m.Counted, m.Folded = fromMillis(created), fromMillis(counted), folded == 1
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, db.mapError(err, "")
	}
	if len(out) == 0 {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "no mail is due")
	}
	return out, nil
}

// MarkMailSent records that the claimant of token sent the mails it
// claimed.
func (db *DB) MarkMailSent(ctx context.Context, token string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE mail_queue SET status = 'sent', sent_at = ?, claim_token = NULL, claimed_until = NULL, last_error = NULL WHERE claim_token = ?`,
		ms(at), token)
	return err
}

// RetryMail releases the mails the claimant of token failed to send: due
// again at next, or given up (status failed) when giveUp. A mail withdrawn
// meanwhile stays withdrawn.
func (db *DB) RetryMail(ctx context.Context, token string, next time.Time, lastError string, giveUp bool) error {
	status := "pending"
	if giveUp {
		status = "failed"
	}
	_, err := db.exec(ctx, `UPDATE mail_queue SET status = ?, next_attempt_at = ?, claim_token = NULL, claimed_until = NULL, last_error = ? WHERE claim_token = ? AND status = 'pending'`,
		status, ms(next), lastError, token)
	return err
}

// WithdrawMail marks the unsent mails about what as withdrawn: they are
// never sent and count against no budget. A mail being sent at that
// moment (claimed, its lease running at now) is not stopped, and keeps
// counting: withdrawn under its sender, it would leave the budget while
// it goes out.
func (db *DB) WithdrawMail(ctx context.Context, about string, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE mail_queue SET status = 'withdrawn'
		WHERE about = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)`, about, ms(now))
	return err
}

// FindMail returns one queued mail with its state (for tests and checks).
func (db *DB) FindMail(ctx context.Context, id int64) (*notifications.QueuedMail, error) {
	m := &notifications.QueuedMail{ID: id}
	var created, counted int64
	var sent sql.NullInt64
	var lastErr, about sql.NullString
	var folded int
	err := db.queryRow(ctx, "no such mail", `SELECT recipient, subject, body, status, attempts, created_at, sent_at, last_error, about, folded, counted_at FROM mail_queue WHERE id = ?`, []any{id},
		&m.To, &m.Subject, &m.Body, &m.Status, &m.Attempts, &created, &sent, &lastErr, &about, &folded, &counted)
	if err != nil {
		return nil, err
	}
	m.Created, m.Sent, m.LastError = fromMillis(created), timeOrNil(sent), lastErr.String
	m.About, m.Folded, m.Counted = about.String, folded == 1, fromMillis(counted)
	return m, nil
}
