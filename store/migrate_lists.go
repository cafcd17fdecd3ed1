package store

import (
	"context"
	"fmt"
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
// index of pg_trgm's trigram operators on the column in lower case.
func listSearchIndexes(ctx context.Context, db *DB) error {
	var stmts []string
	if db.dialect.Name() == "postgres" {
		stmts = append(stmts, `CREATE EXTENSION IF NOT EXISTS pg_trgm`)
		for _, l := range searchedLists {
			stmts = append(stmts, fmt.Sprintf(`CREATE INDEX %[1]s_search ON %[1]s USING gin (lower(%[2]s) gin_trgm_ops)`, l.table, l.column))
		}
	} else {
		for _, l := range searchedLists {
			stmts = append(stmts, sqliteSearchIndex(l.table, l.column)...)
		}
	}
	for _, s := range stmts {
		if _, err := db.writer(ctx).ExecContext(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

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
