package store

import (
	"context"
	"database/sql"

	"explorer/accounts"
)

const planColumns = `id, handle, name, description, monthly_cost_cents, currency, included_credits, seat_price_cents, credits_per_seat`

func scanPlan(sc rowScanner) (*accounts.Plan, error) {
	var p accounts.Plan
	err := sc.Scan(&p.ID, &p.Handle, &p.Name, &p.Description, &p.MonthlyCostCents, &p.Currency, &p.IncludedCredits, &p.SeatPriceCents, &p.CreditsPerSeat)
	return &p, err
}

// FindPlans lists the catalogue by monthly cost.
func (db *DB) FindPlans(ctx context.Context) ([]*accounts.Plan, error) {
	return queryList(ctx, db, `SELECT `+planColumns+` FROM plans ORDER BY monthly_cost_cents, id`, nil, scanPlan)
}

func (db *DB) findPlan(ctx context.Context, where string, arg any) (*accounts.Plan, error) {
	p, err := scanPlan(db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(`SELECT `+planColumns+` FROM plans WHERE `+where), arg))
	if err != nil {
		return nil, db.mapError(err, "plan not found")
	}
	return p, nil
}

// FindPlanByID returns a plan by id.
func (db *DB) FindPlanByID(ctx context.Context, id int64) (*accounts.Plan, error) {
	return db.findPlan(ctx, "id = ?", id)
}

// FindPlanByHandle returns a plan by handle.
func (db *DB) FindPlanByHandle(ctx context.Context, handle string) (*accounts.Plan, error) {
	return db.findPlan(ctx, "handle = ?", handle)
}

// CreateCreditEntry inserts a ledger entry and sets its ID.
func (db *DB) CreateCreditEntry(ctx context.Context, e *accounts.CreditEntry) error {
	var project any
	if e.ProjectID > 0 {
		project = e.ProjectID
	}
	id, err := db.insert(ctx, `INSERT INTO credit_entries (account_id, user_id, kind, credits, description, created_at, project_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		e.AccountID, e.UserID, e.Kind, e.Credits, e.Description, ms(e.Created), project)
	e.ID = id
	return err
}

// CreateCharge inserts a charge and sets its ID.
func (db *DB) CreateCharge(ctx context.Context, c *accounts.Charge) error {
	id, err := db.insert(ctx, `INSERT INTO charges (account_id, user_id, kind, amount_cents, currency, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		c.AccountID, c.UserID, c.Kind, c.AmountCents, c.Currency, c.Description, ms(c.Created))
	c.ID = id
	return err
}

// CreditBalance returns the sum of an account's ledger entries.
func (db *DB) CreditBalance(ctx context.Context, accountID int64) (int64, error) {
	var n int64
	err := db.queryRow(ctx, "", `SELECT COALESCE(SUM(credits), 0) FROM credit_entries WHERE account_id = ?`, []any{accountID}, &n)
	return n, err
}

// FindCreditEntries lists an account's newest ledger entries.
func (db *DB) FindCreditEntries(ctx context.Context, accountID int64, limit int) ([]*accounts.CreditEntry, error) {
	return queryList(ctx, db, `SELECT id, account_id, user_id, kind, credits, description, created_at, project_id FROM credit_entries
		WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, []any{accountID, limit},
		func(sc rowScanner) (*accounts.CreditEntry, error) {
			var e accounts.CreditEntry
			var created int64
			var project sql.NullInt64
			err := sc.Scan(&e.ID, &e.AccountID, &e.UserID, &e.Kind, &e.Credits, &e.Description, &created, &project)
			e.Created, e.ProjectID = fromMillis(created), project.Int64
			return &e, err
		})
}

// FindCharges lists an account's newest charges.
func (db *DB) FindCharges(ctx context.Context, accountID int64, limit int) ([]*accounts.Charge, error) {
	return queryList(ctx, db, `SELECT id, account_id, user_id, kind, amount_cents, currency, description, created_at FROM charges
		WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, []any{accountID, limit},
		func(sc rowScanner) (*accounts.Charge, error) {
			var c accounts.Charge
			var created int64
			err := sc.Scan(&c.ID, &c.AccountID, &c.UserID, &c.Kind, &c.AmountCents, &c.Currency, &c.Description, &created)
			c.Created = fromMillis(created)
			return &c, err
		})
}
