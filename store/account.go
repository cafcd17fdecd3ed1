package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	explorer "explorer"
	"explorer/accounts"
)

const accountColumns = `user_id, plan_id, seats, anchor_at, cycle_start_at, cycle_end_at, created_at`

// FindAccountState returns a user's account state; ENOTFOUND when the
// account was not opened yet.
func (db *DB) FindAccountState(ctx context.Context, userID int64) (*accounts.AccountState, error) {
	var a accounts.AccountState
	var anchor, start, end, created int64
	var mailed sql.NullInt64
	err := db.queryRow(ctx, "account not found", `SELECT `+accountColumns+`, overdraft_credits, low_credits_mailed_at FROM accounts WHERE user_id = ?`, []any{userID},
		&a.UserID, &a.PlanID, &a.Seats, &anchor, &start, &end, &created, &a.Overdraft, &mailed)
	if err != nil {
		return nil, err
	}
	a.Anchor, a.CycleStart, a.CycleEnd, a.Created = fromMillis(anchor), fromMillis(start), fromMillis(end), fromMillis(created)
	a.LowCreditsMailed = timeOrNil(mailed)
	return &a, nil
}

// SetAccountOverdraft sets how many credits below zero an account may go.
func (db *DB) SetAccountOverdraft(ctx context.Context, userID, credits int64) error {
	return db.updateOne(ctx, "account not found", `UPDATE accounts SET overdraft_credits = ? WHERE user_id = ?`, credits, userID)
}

// MarkLowCreditsMailed records that the low-balance mail of the cycle
// starting at cycle was queued, unless it was already; it reports whether
// it marked (so that of several instances only one mails).
func (db *DB) MarkLowCreditsMailed(ctx context.Context, userID int64, cycle time.Time) (bool, error) {
	return db.execAffected(ctx, `UPDATE accounts SET low_credits_mailed_at = ? WHERE user_id = ? AND (low_credits_mailed_at IS NULL OR low_credits_mailed_at < ?)`,
		ms(cycle), userID, ms(cycle))
}

// CreateAccountState inserts a unless the user already has an account.
func (db *DB) CreateAccountState(ctx context.Context, a *accounts.AccountState) (bool, error) {
	res, err := db.exec(ctx, `INSERT INTO accounts (`+accountColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
		a.UserID, a.PlanID, a.Seats, ms(a.Anchor), ms(a.CycleStart), ms(a.CycleEnd), ms(a.Created))
	if err != nil {
		return false, err
	}
	return affected(res)
}

// UpdateAccountPlan sets the plan of an account.
func (db *DB) UpdateAccountPlan(ctx context.Context, userID, planID int64) error {
	return db.updateOne(ctx, "account not found", `UPDATE accounts SET plan_id = ? WHERE user_id = ?`, planID, userID)
}

// UpdateAccountSeats sets the seats of an account.
func (db *DB) UpdateAccountSeats(ctx context.Context, userID int64, seats int) error {
	return db.updateOne(ctx, "account not found", `UPDATE accounts SET seats = ? WHERE user_id = ?`, seats, userID)
}

// AdvanceAccountCycle moves the cycle when it still ends at from.
func (db *DB) AdvanceAccountCycle(ctx context.Context, userID int64, from, start, end time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE accounts SET cycle_start_at = ?, cycle_end_at = ? WHERE user_id = ? AND cycle_end_at = ?`,
		ms(start), ms(end), userID, ms(from))
	if err != nil {
		return false, err
	}
	return affected(res)
}

// FindDueAccounts lists accounts whose cycle ended by now.
func (db *DB) FindDueAccounts(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	rows, err := db.query(ctx, `SELECT user_id FROM accounts WHERE cycle_end_at <= ? ORDER BY cycle_end_at, user_id LIMIT ?`, ms(now), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, db.mapError(err, "")
		}
		out = append(out, id)
	}
	return out, db.mapError(rows.Err(), "")
}

// CreatePlanMigration inserts m and sets its ID.
func (db *DB) CreatePlanMigration(ctx context.Context, m *accounts.PlanMigration) error {
	id, err := db.insert(ctx, `INSERT INTO plan_migrations (user_id, from_plan_id, to_plan_id, effective_at, created_at, applied_at, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		m.UserID, m.FromPlanID, m.ToPlanID, ms(m.Effective), ms(m.Created), nullMillis(m.Applied), nullMillis(m.Cancelled))
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ECONFLICT {
			return explorer.Errorf(explorer.ECONFLICT, "a plan change is already scheduled")
		}
		return err
	}
	m.ID = id
	return nil
}

// FindPendingMigration returns the user's scheduled migration.
func (db *DB) FindPendingMigration(ctx context.Context, userID int64) (*accounts.PlanMigration, error) {
	var m accounts.PlanMigration
	var eff, created int64
	err := db.queryRow(ctx, "no plan change is scheduled", `SELECT id, user_id, from_plan_id, to_plan_id, effective_at, created_at FROM plan_migrations
		WHERE user_id = ? AND applied_at IS NULL AND cancelled_at IS NULL`, []any{userID},
		&m.ID, &m.UserID, &m.FromPlanID, &m.ToPlanID, &eff, &created)
	if err != nil {
		return nil, err
	}
	m.Effective, m.Created = fromMillis(eff), fromMillis(created)
	return &m, nil
}

// FindPlanMigrations lists a user's plan changes, newest first.
func (db *DB) FindPlanMigrations(ctx context.Context, userID int64) ([]*accounts.PlanMigration, error) {
	return queryList(ctx, db, `SELECT id, user_id, from_plan_id, to_plan_id, effective_at, created_at, applied_at, cancelled_at
		FROM plan_migrations WHERE user_id = ? ORDER BY id DESC`, []any{userID},
		func(sc rowScanner) (*accounts.PlanMigration, error) {
			var m accounts.PlanMigration
			var eff, created int64
			var applied, cancelled sql.NullInt64
			err := sc.Scan(&m.ID, &m.UserID, &m.FromPlanID, &m.ToPlanID, &eff, &created, &applied, &cancelled)
			m.Effective, m.Created = fromMillis(eff), fromMillis(created)
			m.Applied, m.Cancelled = timeOrNil(applied), timeOrNil(cancelled)
			return &m, err
		})
}

// MarkMigrationApplied marks a pending migration applied.
func (db *DB) MarkMigrationApplied(ctx context.Context, id int64, at time.Time) (bool, error) {
	return db.execAffected(ctx, `UPDATE plan_migrations SET applied_at = ? WHERE id = ? AND applied_at IS NULL AND cancelled_at IS NULL`, ms(at), id)
}

// MarkMigrationCancelled marks a pending migration cancelled.
func (db *DB) MarkMigrationCancelled(ctx context.Context, id int64, at time.Time) (bool, error) {
	return db.execAffected(ctx, `UPDATE plan_migrations SET cancelled_at = ? WHERE id = ? AND applied_at IS NULL AND cancelled_at IS NULL`, ms(at), id)
}

const invitationSelect = `SELECT i.id, i.sender_id, s.username, i.recipient_id, r.username, i.status, i.created_at
	FROM manager_invitations i JOIN users s ON s.id = i.sender_id JOIN users r ON r.id = i.recipient_id`

func scanInvitation(sc rowScanner) (*accounts.ManagerInvitation, error) {
	var inv accounts.ManagerInvitation
	var created int64
	if err := sc.Scan(&inv.ID, &inv.SenderID, &inv.Sender, &inv.RecipientID, &inv.Recipient, &inv.Status, &created); err != nil {
		return nil, err
	}
	inv.Created = fromMillis(created)
	return &inv, nil
}

// CreateManagerInvitation inserts inv and sets its ID.
func (db *DB) CreateManagerInvitation(ctx context.Context, inv *accounts.ManagerInvitation) error {
	id, err := db.insert(ctx, `INSERT INTO manager_invitations (sender_id, recipient_id, status, created_at) VALUES (?, ?, ?, ?)`,
		inv.SenderID, inv.RecipientID, inv.Status, ms(inv.Created))
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ECONFLICT {
			return explorer.Errorf(explorer.ECONFLICT, "an invitation to %s is already pending", inv.Recipient)
		}
		return err
	}
	inv.ID = id
	return nil
}

// FindManagerInvitation returns an invitation by id.
func (db *DB) FindManagerInvitation(ctx context.Context, id int64) (*accounts.ManagerInvitation, error) {
	row := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(invitationSelect+` WHERE i.id = ?`), id)
	inv, err := scanInvitation(row)
	if err != nil {
		return nil, db.mapError(err, "invitation not found")
	}
	return inv, nil
}

// FindManagerInvitations lists invitations matching f, oldest first.
func (db *DB) FindManagerInvitations(ctx context.Context, f accounts.InvitationFilter) ([]*accounts.ManagerInvitation, error) {
	var where []string
	var args []any
	if f.SenderID != 0 {
		where, args = append(where, "i.sender_id = ?"), append(args, f.SenderID)
	}
	if f.RecipientID != 0 {
		where, args = append(where, "i.recipient_id = ?"), append(args, f.RecipientID)
	}
	if f.Status != "" {
		where, args = append(where, "i.status = ?"), append(args, f.Status)
	}
	q := invitationSelect
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	window, wargs := f.Page.SQL()
	return queryList(ctx, db, q+" ORDER BY i.id"+window, append(args, wargs...), scanInvitation)
}

// AnswerManagerInvitation moves a pending invitation to status.
func (db *DB) AnswerManagerInvitation(ctx context.Context, id int64, status string, at time.Time) (bool, error) {
	return db.execAffected(ctx, `UPDATE manager_invitations SET status = ?, answered_at = ? WHERE id = ? AND status = 'pending'`, status, ms(at), id)
}

// DeleteManagerInvitation deletes an invitation.
func (db *DB) DeleteManagerInvitation(ctx context.Context, id int64) error {
	return db.updateOne(ctx, "invitation not found", `DELETE FROM manager_invitations WHERE id = ?`, id)
}

// CreateManagerRelation makes managedID managed by managerID.
func (db *DB) CreateManagerRelation(ctx context.Context, managerID, managedID int64, at time.Time) error {
	_, err := db.exec(ctx, `INSERT INTO managers (managed_id, manager_id, created_at) VALUES (?, ?, ?)`, managedID, managerID, ms(at))
	if explorer.ErrorCode(err) == explorer.ECONFLICT {
		return explorer.Errorf(explorer.ECONFLICT, "the user already has a manager")
	}
	return err
}

// DeleteManagerRelation ends the relation of a managed user.
func (db *DB) DeleteManagerRelation(ctx context.Context, managedID int64) error {
	return db.updateOne(ctx, "no manager", `DELETE FROM managers WHERE managed_id = ?`, managedID)
}

// execAffected runs a statement and reports whether it touched a row.
func (db *DB) execAffected(ctx context.Context, query string, args ...any) (bool, error) {
	res, err := db.exec(ctx, query, args...)
	if err != nil {
		return false, err
	}
	return affected(res)
}

func affected(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, explorer.Internal(err)
	}
	return n > 0, nil
}

func timeOrNil(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromMillis(v.Int64)
	return &t
}

// nullMillis stores an optional time.
func nullMillis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return ms(*t)
}

// LockAccount takes the row lock of userID's account for the transaction
// of ctx (see LockModel): on PostgreSQL SELECT … FOR NO KEY UPDATE, which
// does not block inserts of rows that reference the account; SQLite's
// write transaction already holds the database, the update keeps it so.
func (db *DB) LockAccount(ctx context.Context, userID int64) error {
	if db.path == "" {
		var one int
		err := db.queryRowTx(ctx, `SELECT 1 FROM accounts WHERE user_id = ? FOR NO KEY UPDATE`, userID).Scan(&one)
		if err == sql.ErrNoRows {
			return nil // the reads that follow report it
		}
		return db.mapError(err, "")
	}
	_, err := db.exec(ctx, `UPDATE accounts SET overdraft_credits = overdraft_credits WHERE user_id = ?`, userID)
	return err
}
