package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	explorer "explorer"
	"explorer/accounts"
)

// recentModelsSQL lists the models userID may read whose newest version
// is among the newest: at most ? of those it owns (through the index
// models_owner_latest, newest first) and at most ? of those shared with
// it (sorted: a user's shared models are few), with their titles and the
// time of their newest version.
const recentModelsSQL = `SELECT id, title, latest_at FROM (SELECT id, title, latest_at FROM models WHERE owner_id = ?
		ORDER BY latest_at DESC, id DESC LIMIT ?) o
	UNION ALL
	SELECT id, title, latest_at FROM (SELECT m.id, m.title, m.latest_at FROM model_accesses a JOIN models m ON m.id = a.model_id
		WHERE a.user_id = ? ORDER BY m.latest_at DESC, m.id DESC LIMIT ?) s`

// modelRecentVersionsSQL lists a model's newest versions, newest first,
// through the index model_versions_model_created.
const modelRecentVersionsSQL = `SELECT v.version, v.created_at, u.username FROM model_versions v
	LEFT JOIN users u ON u.id = v.created_by WHERE v.model_id = ?
	ORDER BY v.created_at DESC, v.version DESC LIMIT ?`

// FindRecentVersions lists the newest versions of the models userID may
// read (owned or shared), newest first (the higher model id first among
// versions of one time), at most limit. It reads at most 2×limit models
// and limit versions of each of the limit newest: the newest versions
// belong to the models whose newest version is newest (models.latest_at),
// so the cost does not grow with the versions or models stored.
func (db *DB) FindRecentVersions(ctx context.Context, userID int64, limit int) ([]accounts.RecentVersion, error) {
	out := []accounts.RecentVersion{}
	if limit <= 0 {
		return out, nil
	}
	type model struct {
		id     int64
		title  sql.NullString
		latest int64
	}
	models, err := queryList(ctx, db, recentModelsSQL, []any{userID, limit, userID, limit}, func(sc rowScanner) (m model, err error) {
		return m, sc.Scan(&m.id, &m.title, &m.latest)
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(models, func(a, b model) int {
		if a.latest != b.latest {
			return -cmp.Compare(a.latest, b.latest)
		}
		return -cmp.Compare(a.id, b.id)
	})
	for _, m := range models[:min(limit, len(models))] {
		vs, err := db.modelRecentVersions(ctx, m.id, limit)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			v.ModelID, v.Title = m.id, m.title.String
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b accounts.RecentVersion) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return -c
		}
		if a.ModelID != b.ModelID {
			return -cmp.Compare(a.ModelID, b.ModelID)
		}
		return -cmp.Compare(int64(a.Version), int64(b.Version))
	})
	return out[:min(limit, len(out))], nil
}

// modelRecentVersions reads a model's newest versions (without model id
// and title).
func (db *DB) modelRecentVersions(ctx context.Context, modelID int64, limit int) ([]accounts.RecentVersion, error) {
	return queryList(ctx, db, modelRecentVersionsSQL, []any{modelID, limit}, func(sc rowScanner) (v accounts.RecentVersion, err error) {
		var by sql.NullString
		if err := sc.Scan(&v.Version, millisTime{&v.Created}, &by); err != nil {
			return v, err
		}
		if by.Valid {
			v.CreatedBy = &explorer.UserRef{UserID: by.String}
		}
		return v, nil
	})
}
