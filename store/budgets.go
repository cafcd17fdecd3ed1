package store

import (
	"context"
	"database/sql"
	"fmt"

	explorer "explorer"
)

// ownedCount is the count of each kind of owned object.
var ownedCount = map[string]string{
	explorer.OwnedModels:   `SELECT COUNT(*) FROM models WHERE owner_id = ?`,
	explorer.OwnedPoles:    `SELECT COUNT(*) FROM poles WHERE owner_id = ?`,
	explorer.OwnedProjects: `SELECT COUNT(*) FROM projects WHERE owner_id = ?`,
	explorer.OwnedTokens:   `SELECT COUNT(*) FROM api_tokens WHERE user_id = ?`,
}

// CountOwned counts the objects of kind a user owns.
func (db *DB) CountOwned(ctx context.Context, userID int64, kind string) (int, error) {
	q, ok := ownedCount[kind]
	if !ok {
		return 0, explorer.Internal(fmt.Errorf("CountOwned: unknown kind %q", kind))
	}
	var n int
	err := db.queryRow(ctx, "", q, []any{userID}, &n)
	return n, err
}

// FindBudgetOverride returns a user's budget override (zero when none).
func (db *DB) FindBudgetOverride(ctx context.Context, userID int64) (explorer.BudgetOverride, error) {
	var v [6]sql.NullInt64
	err := db.queryRow(ctx, "none", `SELECT models, poles, projects, tokens, writes_per_minute, storage FROM user_budgets WHERE user_id = ?`,
		[]any{userID}, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5])
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return explorer.BudgetOverride{}, nil
	}
	if err != nil {
		return explorer.BudgetOverride{}, err
	}
	p := func(n sql.NullInt64) *int {
		if !n.Valid {
			return nil
		}
		i := int(n.Int64)
		return &i
	}
	o := explorer.BudgetOverride{Models: p(v[0]), Poles: p(v[1]), Projects: p(v[2]), Tokens: p(v[3]), WritesPerMinute: p(v[4])}
	if v[5].Valid {
		o.Storage = &v[5].Int64
	}
	return o, nil
}

// SetBudgetOverride replaces a user's budget override.
func (db *DB) SetBudgetOverride(ctx context.Context, userID int64, o explorer.BudgetOverride) error {
	if _, err := db.exec(ctx, `DELETE FROM user_budgets WHERE user_id = ?`, userID); err != nil {
		return err
	}
	n := func(p *int) any {
		if p == nil {
			return nil
		}
		return *p
	}
	var storage any
	if o.Storage != nil {
		storage = *o.Storage
	}
	_, err := db.exec(ctx, `INSERT INTO user_budgets (user_id, models, poles, projects, tokens, writes_per_minute, storage) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		userID, n(o.Models), n(o.Poles), n(o.Projects), n(o.Tokens), n(o.WritesPerMinute), storage)
	return err
}
