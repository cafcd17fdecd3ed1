package store

import (
	"context"
	"explorer/models"
)

// SetModelSource records that a model was made from a project.
func (db *DB) SetModelSource(ctx context.Context, modelID, projectID int64) error {
	_, err := db.exec(ctx, `INSERT INTO model_sources (model_id, project_id) VALUES (?, ?)`, modelID, projectID)
	return err
}

// FindModelSource is the project a model was made from, 0 when none.
func (db *DB) FindModelSource(ctx context.Context, modelID int64) (int64, error) {
	ids, err := queryList(ctx, db, `SELECT project_id FROM model_sources WHERE model_id = ?`, []any{modelID}, scanInt64)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

// FindSourcedModels lists the models made from a project that userID
// owns or has access to, by id, with userID's rights.
func (db *DB) FindSourcedModels(ctx context.Context, projectID, userID int64) ([]*models.ModelRecord, error) {
	return queryList(ctx, db, `SELECT `+modelColumns+` FROM model_sources s JOIN models m ON m.id = s.model_id`+modelJoins+`
	WHERE s.project_id = ? AND (m.owner_id = ? OR a.user_id IS NOT NULL) ORDER BY m.id`,
		[]any{userID, userID, projectID, userID}, scanModel)
}

func scanInt64(sc rowScanner) (int64, error) {
	var n int64
	err := sc.Scan(&n)
	return n, err
}
