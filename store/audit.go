package store

import (
	"context"
	"strings"
	"time"

	explorer "explorer"
)

// AddAuditEvent stores a record of the audit log.
func (db *DB) AddAuditEvent(ctx context.Context, e *explorer.AuditEvent) error {
	id, err := db.insert(ctx, `INSERT INTO audit_events (at, last_at, count, actor, action, target, outcome, client_addr, request_id, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ms(e.Time), ms(e.Last), e.Count, e.Actor, e.Action, e.Target, e.Outcome, e.Addr, e.RequestID, e.Detail)
	e.ID = id
	return err
}

// FoldAuditEvent counts e into the newest record of its action, outcome,
// actor and address at or after since.
func (db *DB) FoldAuditEvent(ctx context.Context, e *explorer.AuditEvent, since time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE audit_events SET count = count + 1, last_at = ? WHERE id = (SELECT id FROM audit_events
		WHERE actor = ? AND at >= ? AND action = ? AND outcome = ? AND client_addr = ? ORDER BY id DESC LIMIT 1)`,
		ms(e.Time), e.Actor, ms(since), e.Action, e.Outcome, e.Addr)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, db.mapError(err, "")
}

// SignedInFrom reports whether actor has an accepted sign-in recorded
// from addr (served by the index on actor and time).
func (db *DB) SignedInFrom(ctx context.Context, actor, addr string) (bool, error) {
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM (SELECT 1 FROM audit_events WHERE actor = ? AND client_addr = ? AND outcome = 'success'
		AND action IN ('signin.password', 'signin.ldap', 'signin.totp', 'signin.recovery', 'signin.oidc', 'signin.token') LIMIT 1) k`, []any{actor, addr}, &n)
	return n > 0, err
}

// auditWhere is the WHERE clause of a filter, with its arguments.
func auditWhere(f explorer.AuditFilter) (string, []any) {
	var conds []string
	var args []any
	if f.User != "" {
		// The name as asked and in its canonical form, under which
		// refused sign-ins are recorded.
		key := explorer.UsernameKey(f.User)
		conds = append(conds, "(actor IN (?, ?) OR target IN (?, ?))")
		args = append(args, f.User, key, f.User, key)
	}
	if f.Action != "" {
		conds = append(conds, "action = ?")
		args = append(args, f.Action)
	}
	if f.Outcome != "" {
		conds = append(conds, "outcome = ?")
		args = append(args, f.Outcome)
	}
	if !f.Since.IsZero() {
		conds = append(conds, "at >= ?")
		args = append(args, ms(f.Since))
	}
	if !f.Until.IsZero() {
		conds = append(conds, "at < ?")
		args = append(args, ms(f.Until))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// CountAuditEvents counts the records f selects.
func (db *DB) CountAuditEvents(ctx context.Context, f explorer.AuditFilter) (int, error) {
	where, args := auditWhere(f)
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM audit_events`+where, args, &n)
	return n, err
}

// auditSortColumns are the columns of the audit log's sort keys, each
// the columns of an index of migration 0022 (id breaks ties: on SQLite
// it is the rowid every index ends with).
var auditSortColumns = map[string][]string{"created": {"at"}, "actor": {"actor", "at"}, "action": {"action", "at"}, "target": {"target", "at"}}

// FindAuditEvents lists the records f selects in its order (newest
// first by default).
func (db *DB) FindAuditEvents(ctx context.Context, f explorer.AuditFilter) ([]*explorer.AuditEvent, error) {
	query, args, err := findAuditSQL(f)
	if err != nil {
		return nil, err
	}
	return queryList(ctx, db, query, args, func(sc rowScanner) (*explorer.AuditEvent, error) {
		e := &explorer.AuditEvent{}
		var at, last int64
		if err := sc.Scan(&e.ID, &at, &last, &e.Count, &e.Actor, &e.Action, &e.Target, &e.Outcome, &e.Addr, &e.RequestID, &e.Detail); err != nil {
			return nil, err
		}
		e.Time, e.Last = fromMillis(at), fromMillis(last)
		return e, nil
	})
}

// findAuditSQL is FindAuditEvents' query.
func findAuditSQL(f explorer.AuditFilter) (string, []any, error) {
	where, args := auditWhere(f)
	page, pargs := f.Page.SQL()
	order, err := listOrder(auditSortColumns, "id", explorer.ListQuery{Sort: f.Sort, Desc: !f.Asc})
	return `SELECT id, at, last_at, count, actor, action, target, outcome, client_addr, request_id, detail
		FROM audit_events` + where + order + page, append(args, pargs...), err
}

// PruneAuditEvents removes the records older than before.
func (db *DB) PruneAuditEvents(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM audit_events WHERE at < ?`, ms(before))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return n, db.mapError(err, "")
}
