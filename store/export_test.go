package store

import (
	"context"

	explorer "explorer"
)

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

// StoreVersionV1Tx is StoreVersionV1 in a transaction of its own.
func (db *DB) StoreVersionV1Tx(ctx context.Context, model int64, version int, s *explorer.Structure) error {
	return db.InTx(ctx, func(ctx context.Context) error { return db.StoreVersionV1(ctx, model, version, s) })
}
