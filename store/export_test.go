package store

import "context"

// OpenSQLiteAt and OpenPostgresAt open a database migrated up to number
// last only, as an older release left it.
var (
	OpenSQLiteAt   = openSQLite
	OpenPostgresAt = openPostgres
)

// Exec runs a statement written with ? placeholders, as a test writes
// rows of an older schema.
func (db *DB) Exec(ctx context.Context, query string, args ...any) error {
	_, err := db.exec(ctx, query, args...)
	return err
}

// Migrate runs the pending migrations.
func (db *DB) Migrate(ctx context.Context) error { return db.migrate(ctx, 1<<30) }

// QueryRowForTest reads one row of a query written with ? placeholders.
func (db *DB) QueryRowForTest(ctx context.Context, query string, dest ...any) error {
	return db.queryRow(ctx, "", query, nil, dest...)
}
