package store

import (
	"context"
	"database/sql"
	"strings"

	explorer "explorer"
)

// FindRecentVersions lists the newest versions of the models, newest
// first (the higher model id first among versions of one time).
func (db *DB) FindRecentVersions(ctx context.Context, modelIDs []int64, limit int) ([]explorer.RecentVersion, error) {
	out := []explorer.RecentVersion{}
	if len(modelIDs) == 0 || limit <= 0 {
		return out, nil
	}
	args := make([]any, 0, len(modelIDs)+1)
	for _, id := range modelIDs {
		args = append(args, id)
	}
	args = append(args, limit)
	in := strings.TrimSuffix(strings.Repeat("?, ", len(modelIDs)), ", ")
	rows, err := db.query(ctx, `SELECT v.model_id, v.version, v.created_at, u.username FROM model_versions v
		LEFT JOIN users u ON u.id = v.created_by WHERE v.model_id IN (`+in+`)
		ORDER BY v.created_at DESC, v.model_id DESC, v.version DESC LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			v  explorer.RecentVersion
			by sql.NullString
		)
		if err := rows.Scan(&v.ModelID, &v.Version, millisTime{&v.Created}, &by); err != nil {
			return nil, db.mapError(err, "")
		}
		if by.Valid {
			v.CreatedBy = &explorer.UserRef{UserID: by.String}
		}
		out = append(out, v)
	}
	return out, db.mapError(rows.Err(), "")
}
