package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

func init() {
	goSteps[38] = fillModelCounts
	goSteps[39] = listSearchIndexes
}

// fillModelCounts writes the groups, topics and terms counts of every
// model from its newest version (migration 0038), one model at a time.
func fillModelCounts(ctx context.Context, db *DB) error {
	type key struct {
		id      int64
		version int
	}
	keys, err := queryList(ctx, db, `SELECT id, version FROM models ORDER BY id`, nil,
		func(sc rowScanner) (k key, err error) { return k, sc.Scan(&k.id, &k.version) })
	if err != nil {
		return err
	}
	for _, k := range keys {
		s, err := db.FindModelVersion(ctx, k.id, k.version)
		if err != nil {
			return fmt.Errorf("model %d: %w", k.id, err)
		}
		c := s.Counts()
		if _, err := db.exec(ctx, `UPDATE models SET groups_count = ?, topics_count = ?, terms_count = ? WHERE id = ?`,
			c.Groups, c.Topics, c.Terms, k.id); err != nil {
			return err
		}
	}
	return nil
}

// searchedLists are the lists searched through a text index: table and
// the column searched.
var searchedLists = []struct{ table, column string }{
	{"models", "title"}, {"projects", "title"}, {"poles", "name"},
}

// listSearchIndexes makes the lists' text indexes (migration 0039):
// on SQLite an FTS5 table with the trigram tokenizer per list (it finds
// any substring of three characters or more, in any case), its content
// read from the list's table and kept by triggers; on PostgreSQL a GIN
// index of pg_trgm's trigram operators on the column in lower case, or
// none when the server cannot have pg_trgm (trigramIndexes).
func listSearchIndexes(ctx context.Context, db *DB) error {
	if db.dialect.Name() == "postgres" {
		_, err := db.trigramIndexes(ctx)
		return err
	}
	for _, l := range searchedLists {
		for _, s := range sqliteSearchIndex(l.table, l.column) {
			if _, err := db.writer(ctx).ExecContext(ctx, s); err != nil {
				return fmt.Errorf("%s: %w", s, err)
			}
		}
	}
	return nil
}

// trigramExtension is the extension of the trigram indexes (a test names
// one the server does not have).
var trigramExtension = "pg_trgm"

// trigramIndexes makes the PostgreSQL lists' trigram indexes, in the
// caller's transaction, and tells whether they are there. Without the
// extension, which it creates when the server lets it, it makes none and
// answers why: the search then reads the user's rows without an index
// (the same lower(column) LIKE, searchCond).
func (db *DB) trigramIndexes(ctx context.Context) (why string, err error) {
	why, err = db.createTrigramExtension(ctx)
	if why != "" || err != nil {
		return why, err
	}
	for _, l := range searchedLists {
		s := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %[1]s_search ON %[1]s USING gin (lower(%[2]s) gin_trgm_ops)`, l.table, l.column)
		if _, err := db.writer(ctx).ExecContext(ctx, s); err != nil {
			return "", fmt.Errorf("%s: %w", s, err)
		}
	}
	return "", nil
}

// createTrigramExtension creates the trigram extension when absent, in a
// savepoint so that the server's refusal (no contrib module, no right to
// create it) leaves the transaction usable; the refusal is answered as
// why, an error only when the database could not be asked.
func (db *DB) createTrigramExtension(ctx context.Context) (why string, err error) {
	var n int
	if err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM pg_extension WHERE extname = ?`, []any{trigramExtension}, &n); err != nil || n > 0 {
		return "", err
	}
	w := db.writer(ctx)
	if _, err := w.ExecContext(ctx, `SAVEPOINT trigram`); err != nil {
		return "", err
	}
	_, err = w.ExecContext(ctx, `CREATE EXTENSION IF NOT EXISTS `+pgx.Identifier{trigramExtension}.Sanitize())
	var refused *pgconn.PgError
	if errors.As(err, &refused) {
		_, err := w.ExecContext(ctx, `ROLLBACK TO SAVEPOINT trigram`)
		return "the server did not create the extension " + trigramExtension + ": " + refused.Message, err
	}
	if err != nil {
		return "", err
	}
	_, err = w.ExecContext(ctx, `RELEASE SAVEPOINT trigram`)
	return "", err
}

// checkTrigramIndexes, at the opening of a PostgreSQL database whose
// migration 0039 ran, makes the trigram indexes when they are missing
// (the extension was installed since) and keeps, when they still cannot
// be made, the notice SearchNotice answers.
func (db *DB) checkTrigramIndexes(ctx context.Context) error {
	if db.schema.version < 39 {
		return nil
	}
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ?`,
		[]any{searchedLists[0].table + "_search"}, &n)
	if err != nil || n > 0 {
		return err
	}
	return db.InTx(ctx, func(ctx context.Context) error {
		if err := db.lockMigrations(ctx); err != nil {
			return err
		}
		why, err := db.trigramIndexes(ctx)
		if why != "" {
			why = "lists search titles without a text index (a scan of the user's rows): " + why
		}
		db.afterCommit(ctx, func() { db.schema.notice = why })
		return err
	})
}

// SearchNotice is, when the lists' search has no text index (PostgreSQL
// without pg_trgm), what an operator is told once at start; else "".
func (db *DB) SearchNotice() string { return db.schema.notice }

// sqliteSearchIndex are the statements that make the FTS5 table
// TABLE_search of table's column, filled and kept by triggers.
func sqliteSearchIndex(table, column string) []string {
	del := `INSERT INTO %[1]s_search(%[1]s_search, rowid, %[2]s) VALUES ('delete', old.id, old.%[2]s);`
	ins := `INSERT INTO %[1]s_search(rowid, %[2]s) VALUES (new.id, new.%[2]s);`
	list := []string{
		`CREATE VIRTUAL TABLE %[1]s_search USING fts5(%[2]s, content='%[1]s', content_rowid='id', tokenize='trigram')`,
		`INSERT INTO %[1]s_search(%[1]s_search) VALUES ('rebuild')`,
		`CREATE TRIGGER %[1]s_search_insert AFTER INSERT ON %[1]s BEGIN ` + ins + ` END`,
		`CREATE TRIGGER %[1]s_search_delete AFTER DELETE ON %[1]s BEGIN ` + del + ` END`,
		`CREATE TRIGGER %[1]s_search_update AFTER UPDATE OF %[2]s ON %[1]s BEGIN ` + del + ` ` + ins + ` END`,
	}
	for i, s := range list {
		list[i] = fmt.Sprintf(s, table, column)
	}
	return list
}
