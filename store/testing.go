package store

import "context"

// ExecForTest runs a raw statement written with ? placeholders. Tests use
// it to set up rows that no operation writes yet; the service never calls
// it.
func (db *DB) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := db.exec(ctx, query, args...)
	return err
}
