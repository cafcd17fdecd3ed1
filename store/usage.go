package store

import (
	"context"
	"strings"
	"time"

	"explorer/accounts"
)

// CreateUsageRecord inserts a usage record and sets its ID.
func (db *DB) CreateUsageRecord(ctx context.Context, r *accounts.UsageRecord) error {
	trialing := 0
	if r.Trialing {
		trialing = 1
	}
	id, err := db.insert(ctx, `INSERT INTO usage_records (user_id, account_id, projects, verbatims, trialing, recorded_at) VALUES (?, ?, ?, ?, ?, ?)`,
		r.UserID, r.AccountID, r.Projects, r.Verbatims, trialing, ms(r.Recorded))
	r.ID = id
	return err
}

// SumUsage adds up the usage of users in [from, to).
func (db *DB) SumUsage(ctx context.Context, userIDs []int64, from, to time.Time) (accounts.UsageSums, error) {
	var s accounts.UsageSums
	if len(userIDs) == 0 {
		return s, nil
	}
	args := []any{ms(from), ms(to)}
	for _, id := range userIDs {
		args = append(args, id)
	}
	rows, err := db.query(ctx, `SELECT trialing, COALESCE(SUM(projects), 0), COALESCE(SUM(verbatims), 0) FROM usage_records
		WHERE recorded_at >= ? AND recorded_at < ? AND user_id IN (?`+strings.Repeat(", ?", len(userIDs)-1)+`) GROUP BY trialing`, args...)
	if err != nil {
		return s, err
	}
	defer rows.Close()
	for rows.Next() {
		var trialing int
		var projects, verbatims int64
		if err := rows.Scan(&trialing, &projects, &verbatims); err != nil {
			return s, db.mapError(err, "")
		}
		if trialing != 0 {
			s.ProjectsTrialing, s.VerbatimsTrialing = projects, verbatims
		} else {
			s.ProjectsNonTrialing, s.VerbatimsNonTrialing = projects, verbatims
		}
	}
	return s, db.mapError(rows.Err(), "")
}

// FindUsageRecords lists the records of users in [from, to), oldest first.
func (db *DB) FindUsageRecords(ctx context.Context, userIDs []int64, from, to time.Time) ([]*accounts.UsageRecord, error) {
	if len(userIDs) == 0 {
		return nil, nil
	}
	args := []any{ms(from), ms(to)}
	for _, id := range userIDs {
		args = append(args, id)
	}
	rows, err := db.query(ctx, `SELECT id, user_id, account_id, projects, verbatims, trialing, recorded_at FROM usage_records
		WHERE recorded_at >= ? AND recorded_at < ? AND user_id IN (?`+strings.Repeat(", ?", len(userIDs)-1)+`) ORDER BY recorded_at, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*accounts.UsageRecord
	for rows.Next() {
		r := &accounts.UsageRecord{}
		var trialing int
		var at int64
		if err := rows.Scan(&r.ID, &r.UserID, &r.AccountID, &r.Projects, &r.Verbatims, &trialing, &at); err != nil {
			return nil, db.mapError(err, "")
		}
		r.Trialing, r.Recorded = trialing != 0, fromMillis(at)
		out = append(out, r)
	}
	return out, db.mapError(rows.Err(), "")
}
