package store

import (
	"context"
	"database/sql"
	"time"
)

// rowScanner is a row to scan: *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(...any) error }

// queryList runs a read query and returns its rows, each read by scan, in
// order; an empty result is an empty slice, not nil.
func queryList[T any](ctx context.Context, db *DB, query string, args []any, scan func(rowScanner) (T, error)) ([]T, error) {
	out := []T{}
	err := queryEach(ctx, db, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// queryEach runs a read query and calls each on every row; it closes the
// rows and maps any error.
func queryEach(ctx context.Context, db *DB, query string, args []any, each func(*sql.Rows) error) error {
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return db.mapError(err, "")
		}
	}
	return db.mapError(rows.Err(), "")
}

// millisTime scans a time stored as Unix epoch milliseconds into *t.
type millisTime struct{ t *time.Time }

func (m millisTime) Scan(v any) error {
	var n sql.NullInt64
	if err := n.Scan(v); err != nil {
		return err
	}
	*m.t = fromMillis(n.Int64)
	return nil
}
