package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"

	"explorer"
)

// SaveProjectSpace implements explorer.Store: a project's space file,
// charged to its owner in place of the one it replaces (space_bytes), its
// version one more than that one's.
func (db *DB) SaveProjectSpace(ctx context.Context, project, account int64, lang string, data []byte) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if err := db.setProjectSpaceBytes(ctx, project, int64(len(data))); err != nil {
			return err
		}
		_, err := db.exec(ctx, `INSERT INTO project_spaces (project_id, account_id, language, version, data) VALUES (?, ?, ?, 1, ?)
			ON CONFLICT (project_id) DO UPDATE SET account_id = excluded.account_id, language = excluded.language,
			version = project_spaces.version + 1, data = excluded.data`, project, account, lang, data)
		return err
	})
}

// ImportProjectSpace stores a project's space file of an earlier
// version (kept in the data directory) unless the project has a stored
// space already, which is newer: it is kept as it is. The project's size
// is charged as SaveProjectSpace charges it. ENOTFOUND when the project
// is gone.
func (db *DB) ImportProjectSpace(ctx context.Context, project, account int64, lang string, data []byte) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		var one int
		err := db.queryRowTx(ctx, `SELECT 1 FROM projects WHERE id = ?`, project).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return explorer.Errorf(explorer.ENOTFOUND, "project %d not found", project)
		}
		if err != nil {
			return db.mapError(err, "")
		}
		res, err := db.exec(ctx, `INSERT INTO project_spaces (project_id, account_id, language, version, data) VALUES (?, ?, ?, 1, ?)
			ON CONFLICT (project_id) DO NOTHING`, project, account, lang, data)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return db.mapError(err, "")
		}
		return db.setProjectSpaceBytes(ctx, project, int64(len(data)))
	})
}

// ProjectSpaceVersions implements explorer.Store: the spaces of an
// account's projects in a language, by project; only those of its most
// newest projects (the highest ids) when most > 0.
func (db *DB) ProjectSpaceVersions(ctx context.Context, account int64, lang string, most int) ([]explorer.ProjectSpaceVersion, error) {
	query := `SELECT project_id, version FROM project_spaces WHERE account_id = ? AND language = ? ORDER BY project_id`
	args := []any{account, lang}
	if most > 0 {
		query += ` DESC LIMIT ?`
		args = append(args, most)
	}
	rows, err := db.reader(ctx).QueryContext(ctx, db.dialect.Rebind(query), args...)
	if err != nil {
		return nil, db.mapError(err, "")
	}
	defer rows.Close()
	var out []explorer.ProjectSpaceVersion
	for rows.Next() {
		var v explorer.ProjectSpaceVersion
		if err := rows.Scan(&v.Project, &v.Version); err != nil {
			return nil, db.mapError(err, "")
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, db.mapError(err, "")
	}
	slices.SortFunc(out, func(a, b explorer.ProjectSpaceVersion) int { return cmp.Compare(a.Project, b.Project) })
	return out, nil
}

// ProjectSpaceData implements explorer.Store: ENOTFOUND when the project
// has no space of that version (deleted, or built again since).
func (db *DB) ProjectSpaceData(ctx context.Context, project, version int64) ([]byte, error) {
	var data []byte
	err := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(`SELECT data FROM project_spaces WHERE project_id = ? AND version = ?`),
		project, version).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "project %d has no word space of version %d", project, version)
	}
	if err != nil {
		return nil, db.mapError(err, "")
	}
	return data, nil
}

// AnyProjectSpaces implements explorer.Store.
func (db *DB) AnyProjectSpaces(ctx context.Context, lang string) (bool, error) {
	var n int
	err := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM project_spaces WHERE language = ? LIMIT 1) s`), lang).Scan(&n)
	if err != nil {
		return false, db.mapError(err, "")
	}
	return n > 0, nil
}
