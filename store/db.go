// Package store implements explorer.Store on SQLite (modernc.org/sqlite)
// and keeps what differs between SQL dialects behind the Dialect seam.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	explorer "explorer"
)

// DB is a database with one writer connection and a pool of readers.
type DB struct {
	write   *sql.DB
	read    *sql.DB
	dialect Dialect
	// path is the SQLite file; empty on PostgreSQL.
	path string
	// stmts are prepared statements of hot reads (stmt.go).
	stmts     sync.Map
	stmtCount atomic.Int64
	// writeStmts are statements prepared on the SQLite writer (stmt.go).
	writeStmts     sync.Map
	writeStmtCount atomic.Int64
	// parts caches the ids of model version parts (versions.go).
	parts partCache
	// schema is what the migrations found and ran at open (migrate.go).
	schema schemaState
}

var _ explorer.Store = (*DB)(nil)

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// tx is a write transaction carried in a context.
type tx struct {
	*sql.Tx
	db *DB
	// committed runs after the transaction commits (afterCommit).
	committed []func()
	// wanted are queries to prepare once the transaction ends, stmts
	// the statements prepared for or bound to it (stmt.go).
	wanted []string
	stmts  map[string]*sql.Stmt
	// charged is what the transaction charged each user (storage.go).
	charged map[int64]explorer.StorageCharge
	// stored are parts stored for a version not yet written (versions.go).
	stored *storedParts
}

// afterCommit runs fn once the transaction of ctx has committed (never
// when it rolls back), or at once outside a transaction. Caches learn
// only what the database holds for good.
func (db *DB) afterCommit(ctx context.Context, fn func()) {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		t.committed = append(t.committed, fn)
		return
	}
	fn()
}

// Close closes the pools.
func (db *DB) Close() error {
	if db.read == db.write {
		return db.write.Close()
	}
	return errors.Join(db.read.Close(), db.write.Close())
}

// Dialect returns the database's dialect.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.read.PingContext(ctx)
}

// InTx runs fn in one write transaction. Nested calls join the outer one.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return fn(ctx)
	}
	sqlTx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return db.mapError(err, "")
	}
	t := &tx{Tx: sqlTx, db: db}
	defer func() {
		defer db.prepareWanted(t.wanted)
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
			return
		}
		if cerr := sqlTx.Commit(); cerr != nil {
			err = db.mapError(cerr, "")
			return
		}
		for _, f := range t.committed {
			f()
		}
	}()
	return fn(context.WithValue(ctx, txKey{}, t))
}

// reader returns the transaction of ctx or the read pool.
func (db *DB) reader(ctx context.Context) querier {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return t
	}
	return db.read
}

// writer returns the transaction of ctx or the writer connection.
func (db *DB) writer(ctx context.Context) querier {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return t
	}
	return db.write
}

// exec runs a write statement written with ? placeholders.
func (db *DB) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	var err error
	if st := db.txStmtOf(ctx, query); st != nil {
		res, err = st.ExecContext(ctx, args...)
	} else {
		res, err = db.writer(ctx).ExecContext(ctx, db.dialect.Rebind(query), args...)
	}
	if err != nil {
		return nil, db.mapError(err, "")
	}
	return res, nil
}

// insert runs an INSERT … RETURNING id and returns the id.
func (db *DB) insert(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := db.queryRowTx(ctx, query+" RETURNING id", args...).Scan(&id)
	if err != nil {
		return 0, db.mapError(err, "")
	}
	return id, nil
}

// query runs a read query written with ? placeholders; outside a
// transaction through a prepared statement of the read pool (stmt.go).
func (db *DB) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := db.cachedStmt(ctx, query); st != nil {
		rows, err := st.QueryContext(ctx, args...)
		if err != nil {
			return nil, db.mapError(err, "")
		}
		return rows, nil
	}
	rows, err := db.reader(ctx).QueryContext(ctx, db.dialect.Rebind(query), args...)
	if err != nil {
		return nil, db.mapError(err, "")
	}
	return rows, nil
}

// queryRow runs a read query for one row; notFound is the message of the
// ENOTFOUND error answered when there is none.
func (db *DB) queryRow(ctx context.Context, notFound string, query string, args []any, dest ...any) error {
	if err := db.row(ctx, query, args...).Scan(dest...); err != nil {
		return db.mapError(err, notFound)
	}
	return nil
}

// row runs a read query for one row, which the caller scans (Scan answers
// sql.ErrNoRows when there is none, unmapped).
func (db *DB) row(ctx context.Context, query string, args ...any) *sql.Row {
	if st := db.cachedStmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(query), args...)
}

// pointRow is row for a read of one row through a unique key (a user, a
// session, a token, a model by id), whose cost the index bounds. On SQLite
// it runs without the context's cancellation: modernc's driver watches a
// cancellable context with a goroutine of its own for every statement,
// whose start and end wake a thread (a tenth of the CPU of a cached model
// GET at one connection). The request's deadline still holds before and
// after the read; PostgreSQL's reads keep theirs.
func (db *DB) pointRow(ctx context.Context, query string, args ...any) *sql.Row {
	if db.path != "" {
		ctx = context.WithoutCancel(ctx)
	}
	return db.row(ctx, query, args...)
}

// mapError turns driver errors into explorer errors.
func (db *DB) mapError(err error, notFound string) error {
	if err == nil {
		return nil
	}
	var e *explorer.Error
	if errors.As(err, &e) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		if notFound == "" {
			notFound = "not found"
		}
		return explorer.Errorf(explorer.ENOTFOUND, "%s", notFound)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return explorer.Interrupted(err)
	}
	if code := db.dialect.ErrorCode(err); code != "" {
		return &explorer.Error{Code: code, Message: conflictMessage(code), Err: err}
	}
	return explorer.Internal(fmt.Errorf("database: %w", err))
}

func conflictMessage(code string) string {
	switch code {
	case explorer.ECONFLICT:
		return "the resource already exists or is in use"
	case explorer.EUNAVAILABLE:
		return "the database is busy; try again"
	}
	return "database error"
}

// Unix milliseconds are how times are stored.
func ms(t interface{ UnixMilli() int64 }) int64 { return t.UnixMilli() }

// fromMillis reads a time stored as Unix epoch milliseconds, in UTC.
func fromMillis(n int64) time.Time { return time.UnixMilli(n).UTC() }
