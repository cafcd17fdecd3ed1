package store

import (
	"context"
	"database/sql"
)

// Reads run as prepared statements: with modernc SQLite, parsing the SQL
// text costs more than running the query. A prepared *sql.Stmt of the read
// pool is prepared once per connection and safe for concurrent use. Every
// query of the store goes through cachedStmt (query, row, queryRow) or
// txStmtOf (exec, queryRowTx): one path, prepared outside a transaction
// on the read pool and inside one bound to the transaction.

// maxCachedStmts bounds the prepared statements kept for plain reads, since
// a few queries are built with a variable number of placeholders.
const maxCachedStmts = 256

// cachedStmt returns a prepared statement for a read: of the read pool
// outside a transaction, bound to the transaction inside one (txStmt); nil
// on error or when the cache is full (the caller runs the text).
func (db *DB) cachedStmt(ctx context.Context, query string) *sql.Stmt {
	if t := db.inTx(ctx); t != nil {
		return db.txStmt(ctx, t, query)
	}
	if st, ok := db.stmts.Load(query); ok {
		return st.(*sql.Stmt)
	}
	if db.stmtCount.Load() >= maxCachedStmts {
		return nil
	}
	st, err := db.read.PrepareContext(ctx, db.dialect.Rebind(query))
	if err != nil {
		return nil // the text query reports the error
	}
	if prev, loaded := db.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt)
	}
	db.stmtCount.Add(1)
	return st
}

// Statements in a write transaction on SQLite run prepared too. The
// writer pool has one connection, which the transaction holds, so a
// statement missing from the writer's cache is prepared in the
// transaction (bound to it, closed when it ends) at its first use, reused
// for the rest of the transaction, and noted to be prepared on the writer
// once the transaction has ended; later transactions bind that one
// (Tx.StmtContext reuses what is prepared on the connection). So the
// first large upload on a server parses its INSERT once, not once a row.
// On PostgreSQL pgx caches the statements of each connection itself.

// maxTxWanted bounds the statements one transaction asks to prepare on
// the writer; maxTxStmts those it prepares for itself.
const (
	maxTxWanted = 16
	maxTxStmts  = 64
)

// txStmt returns the prepared statement of query bound to t, or nil (the
// caller runs the query as text).
func (db *DB) txStmt(ctx context.Context, t *tx, query string) *sql.Stmt {
	if db.path == "" {
		return nil
	}
	if st, ok := t.stmts[query]; ok {
		return st
	}
	if len(t.stmts) >= maxTxStmts {
		return nil
	}
	var st *sql.Stmt
	if ws, ok := db.writeStmts.Load(query); ok {
		st = t.StmtContext(ctx, ws.(*sql.Stmt))
	} else {
		var err error
		if st, err = t.PrepareContext(ctx, query); err != nil {
			return nil // the text query reports the error
		}
		if len(t.wanted) < maxTxWanted {
			t.wanted = append(t.wanted, query)
		}
	}
	if t.stmts == nil {
		t.stmts = make(map[string]*sql.Stmt)
	}
	t.stmts[query] = st
	return st
}

// prepareWanted prepares on the writer the statements a transaction that
// just ended asked for.
func (db *DB) prepareWanted(wanted []string) {
	for _, q := range wanted {
		if _, ok := db.writeStmts.Load(q); ok || db.writeStmtCount.Load() >= maxCachedStmts {
			continue
		}
		st, err := db.write.PrepareContext(context.Background(), q)
		if err != nil {
			continue
		}
		if _, loaded := db.writeStmts.LoadOrStore(q, st); loaded {
			st.Close()
			continue
		}
		db.writeStmtCount.Add(1)
	}
}

// inTx returns the transaction of ctx, or nil.
func (db *DB) inTx(ctx context.Context) *tx {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return t
	}
	return nil
}

// txStmtOf is txStmt for the transaction of ctx; nil outside one.
func (db *DB) txStmtOf(ctx context.Context, query string) *sql.Stmt {
	if t := db.inTx(ctx); t != nil {
		return db.txStmt(ctx, t, query)
	}
	return nil
}

// queryRowTx runs a query for one row in the transaction of ctx, or on the
// writer outside one.
func (db *DB) queryRowTx(ctx context.Context, query string, args ...any) *sql.Row {
	if st := db.txStmtOf(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.writer(ctx).QueryRowContext(ctx, db.dialect.Rebind(query), args...)
}
