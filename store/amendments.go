package store

import (
	"context"
	"explorer/models"
	"fmt"
	"time"

	explorer "explorer"
)

// The model editor's amendments (explorer.EditModel): the newest version
// of a model is rewritten in place with a new revision, its previous
// manifest kept in model_amendments. Parts are shared as for any version.

// FindModelVersionRevision returns a version's revision.
func (db *DB) FindModelVersionRevision(ctx context.Context, modelID int64, version int) (int, error) {
	var revision int
	err := db.row(ctx, `SELECT revision FROM model_versions WHERE model_id = ? AND version = ?`, modelID, version).Scan(&revision)
	if err != nil {
		return 0, db.mapError(err, fmt.Sprintf("model %d has no version %d", modelID, version))
	}
	return revision, nil
}

// AmendModelVersion keeps the newest version's current manifest as an
// amendment, stores s as its revision m.Revision, changed at at, and saves
// m with the model's time and counts (versionWritten): one update of the
// model's row. With when, the statement that keeps the amendment checks
// that the version is amendable, and nothing is written when it is not.
func (db *DB) AmendModelVersion(ctx context.Context, m *models.ModelRecord, at time.Time, s *explorer.Structure, when *models.Amendable) (bool, error) {
	modelID, version, revision := m.ID, m.Version, m.Revision
	keep := `INSERT INTO model_amendments (model_id, version, revision, created_at, parts)
		SELECT model_id, version, revision, created_at, parts FROM model_versions WHERE model_id = ? AND version = ?`
	args := []any{modelID, version}
	if when != nil {
		keep += ` AND editor AND created_by = ? AND created_at > ?`
		args = append(args, when.By, ms(when.Since))
	}
	res, err := db.exec(ctx, keep, args...)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || (n == 0 && when != nil) {
		return false, err
	}
	manifest, added, err := db.storeParts(ctx, modelID, s)
	if err != nil {
		return false, err
	}
	if err := db.updateOne(ctx, fmt.Sprintf("model %d has no version %d", modelID, version),
		`UPDATE model_versions SET parts = ?, created_at = ?, revision = ? WHERE model_id = ? AND version = ?`,
		manifest, ms(at), revision, modelID, version); err != nil {
		return false, err
	}
	// The old manifest moved to model_amendments: what is new is the
	// parts added and the new manifest. The version is now the model's
	// newest change.
	return true, db.versionWritten(ctx, modelID, written{at: at, save: m}, s, added+int64(len(manifest)))
}

// FindModelAmendment returns the structure a version had at an amended
// revision.
func (db *DB) FindModelAmendment(ctx context.Context, modelID int64, version, revision int) (*explorer.Structure, error) {
	var manifest []byte
	err := db.row(ctx, `SELECT parts FROM model_amendments WHERE model_id = ? AND version = ? AND revision = ?`,
		modelID, version, revision).Scan(&manifest)
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("model %d has no version %d.%d", modelID, version, revision))
	}
	s, err := db.readVersion(ctx, modelID, manifest)
	if err != nil {
		return nil, versionError(modelID, version, err)
	}
	return s, nil
}
