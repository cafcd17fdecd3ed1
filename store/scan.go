package store

import (
	"context"
	"database/sql"
)

// queryAll runs a read query and returns its rows, each scanned into a new
// T through the destinations dest gives for it.
func queryAll[T any](ctx context.Context, db *DB, query string, args []any, dest func(*T) []any) ([]T, error) {
	var out []T
	err := queryEach(ctx, db, query, args, func(rows *sql.Rows) error {
		var v T
		if err := rows.Scan(dest(&v)...); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
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
