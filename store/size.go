package store

import "context"

// SpaceUsed returns the bytes the database occupies: on SQLite the pages
// of the file after a checkpoint has moved the write-ahead log into it
// (page_count × page_size), on PostgreSQL pg_database_size. Benchmarks and
// operators read it to see what stored data costs.
func (db *DB) SpaceUsed(ctx context.Context) (int64, error) {
	if db.path == "" {
		var n int64
		err := db.write.QueryRowContext(ctx, `SELECT pg_database_size(current_database())`).Scan(&n)
		return n, db.mapError(err, "")
	}
	if _, err := db.write.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return 0, db.mapError(err, "")
	}
	var pages, size int64
	if err := db.write.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		return 0, db.mapError(err, "")
	}
	if err := db.write.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&size); err != nil {
		return 0, db.mapError(err, "")
	}
	return pages * size, nil
}
