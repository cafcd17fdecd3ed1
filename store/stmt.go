package store

import (
	"context"
	"database/sql"
)

// Hot reads (a model and its accesses on every GET) run as prepared
// statements: with modernc SQLite, parsing the SQL text costs more than
// running the query. A prepared *sql.Stmt of the read pool is prepared
// once per connection and safe for concurrent use.

// prepared returns the prepared statement of a query (written with ?).
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := db.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := db.read.PrepareContext(ctx, db.dialect.Rebind(query))
	if err != nil {
		return nil, db.mapError(err, "")
	}
	if prev, loaded := db.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// queryHot is query through a prepared statement; inside a transaction it
// is a plain query of the transaction.
func (db *DB) queryHot(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return db.query(ctx, query, args...)
	}
	st, err := db.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, db.mapError(err, "")
	}
	return rows, nil
}

// queryRowHot is queryHot for one row; scan errors are left to the
// caller, as with QueryRowContext.
func (db *DB) queryRowHot(ctx context.Context, query string, args ...any) rowScanner {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(query), args...)
	}
	st, err := db.prepared(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return st.QueryRowContext(ctx, args...)
}

type rowScanner interface{ Scan(...any) error }

// errRow is a row whose Scan answers an error.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// maxCachedStmts bounds the prepared statements kept for plain reads, since
// a few queries are built with a variable number of placeholders.
const maxCachedStmts = 256

// cachedStmt returns a prepared statement for a read outside a transaction,
// or nil inside one, on error, or when the cache is full.
func (db *DB) cachedStmt(ctx context.Context, query string) *sql.Stmt {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return nil
	}
	if st, ok := db.stmts.Load(query); ok {
		return st.(*sql.Stmt)
	}
	if db.stmtCount.Load() >= maxCachedStmts {
		return nil
	}
	st, err := db.prepared(ctx, query)
	if err != nil {
		return nil
	}
	db.stmtCount.Add(1)
	return st
}
