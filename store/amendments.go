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
// that the version is amendable, and nothing is written when it is not
// but s's parts (charged to m's owner), which the version that the change
// then makes uses (partsStored): a caller whose amendment is refused
// writes a version of s in the same transaction (EditModel does), or the
// parts stay unused until the model is deleted. On PostgreSQL the check, the kept manifest, the
// version's update, the model's and the owner's charge are one statement,
// after the parts: two round trips for an amendment.
func (db *DB) AmendModelVersion(ctx context.Context, m *models.ModelRecord, at time.Time, s *explorer.Structure, when *models.Amendable) (bool, error) {
	manifest, added, err := db.storeParts(ctx, m.ID, s)
	if err != nil {
		return false, err
	}
	keep, keepArgs := amendmentKept(m, when)
	set := []any{manifest, ms(at), m.Revision, m.ID, m.Version}
	w := written{at: at, save: m}
	var amended bool
	if db.path == "" {
		w.before = `kept AS (` + keep + ` RETURNING 1), v AS (` + versionRevised + ` AND EXISTS (SELECT 1 FROM kept) RETURNING 1), `
		w.beforeArgs, w.guard = append(keepArgs, set...), ` AND EXISTS (SELECT 1 FROM v)`
		amended, err = db.versionWritten(ctx, m.ID, w, s, added+int64(len(manifest)))
	} else {
		amended, err = db.amendApart(ctx, keep, keepArgs, set, w, s, added+int64(len(manifest)))
	}
	if err != nil || amended {
		return amended, err
	}
	if when == nil {
		return false, explorer.Errorf(explorer.ENOTFOUND, "model %d has no version %d", m.ID, m.Version)
	}
	// The parts stay, charged now, for the version the change makes.
	db.partsStored(ctx, m.ID, s, manifest)
	return false, db.charge(ctx, m.OwnerID, added)
}

// versionRevised is the update of an amended version.
const versionRevised = `UPDATE model_versions SET parts = ?, created_at = ?, revision = ? WHERE model_id = ? AND version = ?`

// amendmentKept is the statement that keeps m's newest version's manifest
// in model_amendments, when the version is amendable (with when).
func amendmentKept(m *models.ModelRecord, when *models.Amendable) (string, []any) {
	keep := `INSERT INTO model_amendments (model_id, version, revision, created_at, parts)
		SELECT model_id, version, revision, created_at, parts FROM model_versions WHERE model_id = ? AND version = ?`
	args := []any{m.ID, m.Version}
	if when != nil {
		keep += ` AND editor AND created_by = ? AND created_at > ?`
		args = append(args, when.By, ms(when.Since))
	}
	return keep, args
}

// amendApart is AmendModelVersion's writes one statement each (SQLite).
func (db *DB) amendApart(ctx context.Context, keep string, keepArgs, set []any, w written, s *explorer.Structure, bytes int64) (bool, error) {
	res, err := db.exec(ctx, keep, keepArgs...)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := db.exec(ctx, versionRevised, set...); err != nil {
		return false, err
	}
	return db.versionWritten(ctx, w.save.ID, w, s, bytes)
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
