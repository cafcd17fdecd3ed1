package store

import (
	"errors"
	"strconv"
	"strings"

	explorer "explorer"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect is the seam between portable SQL and one database. Queries are
// written with ? placeholders and portable types; migrations use the
// macros {{ID}} (an auto-assigned integer primary key), {{BLOB}} and
// {{FLOAT}}.
type Dialect interface {
	Name() string
	// Rebind rewrites ? placeholders for the database.
	Rebind(query string) string
	// Migration expands the macros of a migration.
	Migration(sql string) string
	// ErrorCode maps a driver error to an explorer error code, or "".
	ErrorCode(err error) string
}

type sqliteDialect struct{}

func (sqliteDialect) Name() string               { return "sqlite" }
func (sqliteDialect) Rebind(query string) string { return query }
func (sqliteDialect) Migration(sql string) string {
	return strings.NewReplacer(
		"{{ID}}", "INTEGER PRIMARY KEY AUTOINCREMENT",
		"{{BLOB}}", "BLOB",
		"{{FLOAT}}", "REAL",
	).Replace(sql)
}

func (sqliteDialect) ErrorCode(err error) string {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return ""
	}
	switch se.Code() {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return explorer.ECONFLICT
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return explorer.EUNAVAILABLE
	}
	return ""
}

// postgresRebind rewrites ? placeholders as $1, $2, … outside quotes.
func postgresRebind(query string) string {
	var b strings.Builder
	n := 0
	inQuote := false
	for i := 0; i < len(query); i++ {
		c := query[i]
		if c == '\'' {
			inQuote = !inQuote
		}
		if c == '?' && !inQuote {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
