package store

import (
	"context"
	"database/sql"
	"explorer/models"
	"fmt"
	"time"

	explorer "explorer"
)

// modelColumns are read by scanModel; its argument is the user whose
// rights are read, and so is modelJoins' (after the FROM of models m).
const (
	modelColumns = `m.id, m.title, m.type, m.language, m.outdated, m.owner_id, u.username, m.created_at,
	m.version, m.revision, m.master_project_id, m.next_group_id, m.next_topic_id, m.next_ignore_term_id,
	CASE WHEN m.owner_id = ? THEN 'OWNER' ELSE COALESCE(a.rights, '') END,
	m.groups_count, m.topics_count, m.terms_count, m.versions_count, m.latest_at, m.sharing_stamp`
	modelJoins = ` JOIN users u ON u.id = m.owner_id
	LEFT JOIN model_accesses a ON a.model_id = m.id AND a.user_id = ?`
	modelSelect = `SELECT ` + modelColumns + ` FROM models m` + modelJoins
)

func scanModel(sc rowScanner) (*models.ModelRecord, error) {
	var m models.ModelRecord
	var title sql.NullString
	var master sql.NullInt64
	var created, changed int64
	c := &m.Counts
	err := sc.Scan(&m.ID, &title, &m.Type, &m.Language, &m.Outdated, &m.OwnerID, &m.Owner, &created,
		&m.Version, &m.Revision, &master, &m.NextGroupID, &m.NextTopicID, &m.NextIgnoreTermID, &m.Rights,
		&c.Groups, &c.Topics, &c.Terms, &c.Versions, &changed, &m.SharingStamp)
	if err != nil {
		return nil, err
	}
	c.Changed = fromMillis(changed)
	if title.Valid {
		m.Title = &title.String
	}
	if master.Valid {
		m.MasterProjectID = &master.Int64
	}
	m.Created = fromMillis(created)
	return &m, nil
}

func nullString(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

func nullInt(v *int64) any {
	if v == nil {
		return nil
	}
	return *v
}

// CreateModel inserts m and its version 1 holding s.
func (db *DB) CreateModel(ctx context.Context, m *models.ModelRecord, s *explorer.Structure) error {
	id, err := db.insert(ctx, `INSERT INTO models (title, type, language, outdated, owner_id, created_at, version,
		master_project_id, next_group_id, next_topic_id, next_ignore_term_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		nullString(m.Title), m.Type, m.Language, m.Outdated, m.OwnerID, ms(m.Created), m.Version,
		nullInt(m.MasterProjectID), m.NextGroupID, m.NextTopicID, m.NextIgnoreTermID)
	if err != nil {
		return err
	}
	m.ID = id
	return db.CreateModelVersion(ctx, id, m.Version, m.Created, m.OwnerID, s)
}

// FindModel returns a model with the rights userID holds on it.
func (db *DB) FindModel(ctx context.Context, id, userID int64) (*models.ModelRecord, error) {
	m, err := scanModel(db.pointRow(ctx, modelSelect+` WHERE m.id = ?`, userID, userID, id))
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("model %d not found", id))
	}
	return m, nil
}

// FindModels lists the models userID owns or has access to, by id. The
// ids come from the owner's and the accesses' indexes, each read no
// further than the window's end (findModelsSQL), so a page costs what it
// shows (and its offset), not what the user or others store.
func (db *DB) FindModels(ctx context.Context, userID int64, page explorer.Page) ([]*models.ModelRecord, error) {
	q, args := findModelsSQL(userID, page)
	return queryList(ctx, db, q, args, scanModel)
}

// findModelsSQL is the query of FindModels with its arguments.
func findModelsSQL(userID int64, page explorer.Page) (string, []any) {
	return findModelsSQLDir(userID, page, false)
}

// findModelsSQLDir is findModelsSQL by id ascending or descending.
func findModelsSQLDir(userID int64, page explorer.Page, desc bool) (string, []any) {
	dir := ""
	if desc {
		dir = " DESC"
	}
	window, wargs := page.SQL()
	if window == "" {
		return modelSelect + ` WHERE m.id IN (SELECT id FROM models WHERE owner_id = ?
			UNION ALL SELECT model_id FROM model_accesses WHERE user_id = ?) ORDER BY m.id` + dir, []any{userID, userID, userID, userID}
	}
	end := page.Offset + page.Limit + 1
	return `SELECT ` + modelColumns + ` FROM (SELECT id FROM (SELECT id FROM models WHERE owner_id = ? ORDER BY id` + dir + ` LIMIT ?) o
		UNION ALL SELECT model_id FROM (SELECT model_id FROM model_accesses WHERE user_id = ? ORDER BY model_id` + dir + ` LIMIT ?) s) i
		JOIN models m ON m.id = i.id` + modelJoins + ` ORDER BY i.id` + dir + window,
		append([]any{userID, userID, end, userID, end, userID}, wargs...)
}

// LockModel takes the row lock of a model for the transaction of ctx and
// returns the model with the rights userID holds on it (as FindModel). On
// PostgreSQL the read itself takes the lock, in one round trip: SELECT …
// FOR NO KEY UPDATE OF m takes it on the model's row alone (not on the
// owner's or the access joined to it) without writing a new row version
// (the update that follows writes one anyway); it is the lock an update
// of non-key columns takes, so it still lets other transactions insert
// rows that reference the model (versions, parts, accesses, projects),
// which take FOR KEY SHARE and which FOR UPDATE would block. SQLite has
// no row locks: the update makes the transaction the writer, then the
// model is read.
func (db *DB) LockModel(ctx context.Context, id, userID int64) (*models.ModelRecord, error) {
	if db.path == "" {
		m, err := scanModel(db.queryRowTx(ctx, modelSelect+` WHERE m.id = ? FOR NO KEY UPDATE OF m`, userID, userID, id))
		if err != nil {
			return nil, db.mapError(err, fmt.Sprintf("model %d not found", id))
		}
		return m, nil
	}
	if _, err := db.exec(ctx, `UPDATE models SET version = version WHERE id = ?`, id); err != nil {
		return nil, err
	}
	return db.FindModel(ctx, id, userID)
}

// UpdateModel saves a model's title, outdated flag, version, master project
// and id counters.
func (db *DB) UpdateModel(ctx context.Context, m *models.ModelRecord) error {
	return db.updateOne(ctx, fmt.Sprintf("model %d not found", m.ID), `UPDATE models SET `+modelSaveSet+` WHERE id = ?`, append(modelSaveArgs(m), m.ID)...)
}

// modelSaveSet sets what UpdateModel saves, from modelSaveArgs.
const modelSaveSet = `title = ?, outdated = ?, version = ?, revision = ?, master_project_id = ?,
	next_group_id = ?, next_topic_id = ?, next_ignore_term_id = ?`

func modelSaveArgs(m *models.ModelRecord) []any {
	return []any{nullString(m.Title), m.Outdated, m.Version, m.Revision, nullInt(m.MasterProjectID), m.NextGroupID, m.NextTopicID, m.NextIgnoreTermID}
}

// DeleteModel removes a model with its versions, accesses and
// invitations, and gives its owner back what it stored.
func (db *DB) DeleteModel(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(ctx context.Context) error { return db.deleteModel(ctx, id) })
}

func (db *DB) deleteModel(ctx context.Context, id int64) error {
	if err := db.chargeOwner(ctx, "models", id, 0, modelBytesSQL); err != nil {
		return err
	}
	for _, q := range []string{
		`DELETE FROM model_invitations WHERE model_id = ?`,
		`DELETE FROM model_accesses WHERE model_id = ?`,
		`DELETE FROM model_amendments WHERE model_id = ?`,
		`DELETE FROM model_versions WHERE model_id = ?`,
		`DELETE FROM model_parts WHERE model_id = ?`,
	} {
		if _, err := db.exec(ctx, q, id); err != nil {
			return err
		}
	}
	return db.updateOne(ctx, fmt.Sprintf("model %d not found", id), `DELETE FROM models WHERE id = ?`, id)
}

// CreateModelVersion stores a version of a model made by createdBy: the
// parts the model does not hold yet and the version's manifest
// (versions.go).
func (db *DB) CreateModelVersion(ctx context.Context, modelID int64, version int, created time.Time, createdBy int64, s *explorer.Structure) error {
	return db.createVersion(ctx, modelID, version, written{at: created, added: 1}, createdBy, s)
}

// SaveModelVersion stores s as the version m.Version of model m, made by
// createdBy at created, and saves m as UpdateModel does in the statement
// that keeps the model's newest version time and counts (versionWritten):
// the model's row is updated once.
func (db *DB) SaveModelVersion(ctx context.Context, m *models.ModelRecord, created time.Time, createdBy int64, s *explorer.Structure) error {
	return db.createVersion(ctx, m.ID, m.Version, written{at: created, added: 1, save: m}, createdBy, s)
}

// SaveEditorVersion is SaveModelVersion for a version the model editor
// makes, marked so in the same insert.
func (db *DB) SaveEditorVersion(ctx context.Context, m *models.ModelRecord, created time.Time, createdBy int64, s *explorer.Structure) error {
	return db.createVersion(ctx, m.ID, m.Version, written{at: created, added: 1, save: m, editor: true}, createdBy, s)
}

func (db *DB) createVersion(ctx context.Context, modelID int64, version int, w written, createdBy int64, s *explorer.Structure) error {
	manifest, added, err := db.storeParts(ctx, modelID, s)
	if err != nil {
		return err
	}
	_, err = db.exec(ctx, `INSERT INTO model_versions (model_id, version, created_at, created_by, content, parts, editor) VALUES (?, ?, ?, ?, '', ?, ?)`,
		modelID, version, ms(w.at), createdBy, manifest, w.editor)
	if err != nil {
		return err
	}
	_, err = db.versionWritten(ctx, modelID, w, s, added+int64(len(manifest)))
	return err
}

// written is a version written at a time, new (added 1) or amended (0),
// with the model record to save in the same update (nil: none); editor:
// a new version the model editor made.
//
// On PostgreSQL, before are common table expressions ("name AS (…), ")
// that the statement runs first, with beforeArgs, and guard a condition
// the model's update adds ("AND …"): a write that the version's update
// depends on joins its statement (AmendModelVersion).
type written struct {
	at     time.Time
	added  int
	save   *models.ModelRecord
	editor bool

	before     string
	beforeArgs []any
	guard      string
}

// versionWrittenSQL keeps a model's newest version time and counts (see
// versionWritten), saves the model record of w.save when there is one
// (modelSaveSet) and returns the owner.
func (w written) versionWrittenSQL(modelID int64, s *explorer.Structure) (string, []any) {
	c := s.Counts()
	q := `UPDATE models SET latest_at = CASE WHEN latest_at < ? THEN ? ELSE latest_at END,
	groups_count = ?, topics_count = ?, terms_count = ?, versions_count = versions_count + ?`
	args := []any{ms(w.at), ms(w.at), c.Groups, c.Topics, c.Terms, w.added}
	if w.save != nil {
		q += `, ` + modelSaveSet
		args = append(args, modelSaveArgs(w.save)...)
	}
	return q + ` WHERE id = ?` + w.guard + ` RETURNING owner_id`, append(args, modelID)
}

// versionWritten follows the newest version of a model, s, written (new
// or amended): the model's newest version time (models.latest_at, by
// which the start page lists recent versions) is moved up to w.at, the
// counts the models list shows are set to s's (and the versions counted),
// w.save is saved (when given), and the model's owner is charged bytes.
// One statement keeps the time and counts, saves and reads the owner; on PostgreSQL the same statement charges
// the owner too (the update in a WITH, whose owner the charge's upsert
// reads: SQLite has no writes in a WITH), one round trip for all three.
// It reports whether the model's row was updated (no: no such model, or
// w.guard did not hold).
func (db *DB) versionWritten(ctx context.Context, modelID int64, w written, s *explorer.Structure, bytes int64) (bool, error) {
	update, args := w.versionWrittenSQL(modelID, s)
	if db.path == "" && (bytes != 0 || w.before != "") {
		var c chargeRow
		err := c.scan(db.queryRowTx(ctx, `WITH `+w.before+`m AS (`+update+`) INSERT INTO user_storage (user_id, bytes)
			SELECT owner_id, CAST(? AS BIGINT) FROM m`+chargeUpsert, append(append(w.beforeArgs, args...), bytes)...))
		if err == sql.ErrNoRows {
			return false, nil
		}
		if err != nil {
			return false, db.mapError(err, "")
		}
		db.charged(ctx, c, bytes)
		return true, nil
	}
	var owner int64
	err := db.queryRowTx(ctx, update, args...).Scan(&owner)
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, db.mapError(err, "")
	}
	return true, db.charge(ctx, owner, bytes)
}

// FindModelVersion returns the structure of a version.
func (db *DB) FindModelVersion(ctx context.Context, modelID int64, version int) (*explorer.Structure, error) {
	var manifest []byte
	err := db.row(ctx, `SELECT parts FROM model_versions WHERE model_id = ? AND version = ?`, modelID, version).Scan(&manifest)
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("model %d has no version %d", modelID, version))
	}
	s, err := db.readVersion(ctx, modelID, manifest)
	if err != nil {
		return nil, versionError(modelID, version, err)
	}
	return s, nil
}

// FindModelVersions lists a model's versions, oldest first.
func (db *DB) FindModelVersions(ctx context.Context, modelID int64) ([]models.ModelVersion, error) {
	return db.FindModelVersionsPage(ctx, modelID, explorer.Page{})
}

// modelVersionsSQL lists a model's versions, oldest first, through the
// primary key (model_id, version).
const modelVersionsSQL = `SELECT v.version, v.created_at, u.username FROM model_versions v
	LEFT JOIN users u ON u.id = v.created_by WHERE v.model_id = ? ORDER BY v.version`

// modelVersionsDownSQL lists a model's versions up to one, newest first,
// through the primary key read backwards.
const modelVersionsDownSQL = `SELECT v.version, v.created_at, u.username FROM model_versions v
	LEFT JOIN users u ON u.id = v.created_by WHERE v.model_id = ? AND v.version <= ? ORDER BY v.version DESC LIMIT ?`

// FindModelVersionsPage lists the window page of a model's versions,
// oldest first.
func (db *DB) FindModelVersionsPage(ctx context.Context, modelID int64, page explorer.Page) ([]models.ModelVersion, error) {
	window, wargs := page.SQL()
	return queryList(ctx, db, modelVersionsSQL+window, append([]any{modelID}, wargs...), scanModelVersion)
}

// FindNewestModelVersions lists a model's newest n versions up to
// version upTo, newest first.
func (db *DB) FindNewestModelVersions(ctx context.Context, modelID int64, upTo, n int) ([]models.ModelVersion, error) {
	return queryList(ctx, db, modelVersionsDownSQL, []any{modelID, upTo, n}, scanModelVersion)
}

func scanModelVersion(sc rowScanner) (v models.ModelVersion, err error) {
	var by sql.NullString
	if err := sc.Scan(&v.Version, millisTime{&v.Created}, &by); err != nil {
		return v, err
	}
	if by.Valid {
		v.CreatedBy = &explorer.UserRef{UserID: by.String}
	}
	return v, nil
}

const accessSelect = `SELECT a.id, a.model_id, a.user_id, u.username, a.rights, a.created_at
	FROM model_accesses a JOIN users u ON u.id = a.user_id`

func scanAccess(sc rowScanner) (models.ModelAccess, error) {
	var a models.ModelAccess
	err := sc.Scan(&a.ID, &a.ModelID, &a.UserID, &a.User.UserID, &a.Rights, millisTime{&a.Created})
	return a, err
}

// CreateModelAccess inserts an access and sets its ID.
func (db *DB) CreateModelAccess(ctx context.Context, a *models.ModelAccess) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		id, err := db.insert(ctx, `INSERT INTO model_accesses (model_id, user_id, rights, created_at) VALUES (?, ?, ?, ?)`,
			a.ModelID, a.UserID, a.Rights, ms(a.Created))
		if err != nil {
			return err
		}
		a.ID = id
		return db.sharingChanged(ctx, a.ModelID)
	})
}

// sharingChanged bumps a model's sharing stamp (migration 0040) after a
// change of its accesses or invitations, in the change's transaction.
func (db *DB) sharingChanged(ctx context.Context, modelID int64) error {
	_, err := db.exec(ctx, `UPDATE models SET sharing_stamp = sharing_stamp + 1 WHERE id = ?`, modelID)
	return err
}

// deleteSharing deletes the access or invitation id from table and bumps
// its model's sharing stamp.
func (db *DB) deleteSharing(ctx context.Context, table string, id int64, notFound string) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		var model int64
		err := db.queryRowTx(ctx, `DELETE FROM `+table+` WHERE id = ? RETURNING model_id`, id).Scan(&model)
		if err != nil {
			return db.mapError(err, notFound)
		}
		return db.sharingChanged(ctx, model)
	})
}

// FindModelAccess returns one access.
func (db *DB) FindModelAccess(ctx context.Context, id int64) (*models.ModelAccess, error) {
	row := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(accessSelect+` WHERE a.id = ?`), id)
	a, err := scanAccess(row)
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("access %d not found", id))
	}
	return &a, nil
}

// FindModelAccesses lists a model's accesses by id.
func (db *DB) FindModelAccesses(ctx context.Context, modelID int64) ([]models.ModelAccess, error) {
	return queryList(ctx, db, accessSelect+` WHERE a.model_id = ? ORDER BY a.id`, []any{modelID}, scanAccess)
}

// DeleteModelAccess removes an access.
func (db *DB) DeleteModelAccess(ctx context.Context, id int64) error {
	return db.deleteSharing(ctx, "model_accesses", id, fmt.Sprintf("access %d not found", id))
}

const modelInvitationSelect = `SELECT i.id, i.model_id, i.sender_id, s.username, i.recipient_id, r.username, i.rights, i.created_at
	FROM model_invitations i JOIN users s ON s.id = i.sender_id JOIN users r ON r.id = i.recipient_id`

func scanModelInvitation(sc rowScanner) (models.ModelInvitation, error) {
	var i models.ModelInvitation
	err := sc.Scan(&i.ID, &i.ModelID, &i.SenderID, &i.Sender.UserID, &i.RecipientID, &i.Recipient.UserID, &i.Rights, millisTime{&i.Created})
	return i, err
}

// CreateModelInvitation inserts an invitation and sets its ID; ECONFLICT
// when the recipient already has one to the model.
func (db *DB) CreateModelInvitation(ctx context.Context, inv *models.ModelInvitation) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		id, err := db.insert(ctx, `INSERT INTO model_invitations (model_id, sender_id, recipient_id, rights, created_at) VALUES (?, ?, ?, ?, ?)`,
			inv.ModelID, inv.SenderID, inv.RecipientID, inv.Rights, ms(inv.Created))
		if err != nil {
			return err
		}
		inv.ID = id
		return db.sharingChanged(ctx, inv.ModelID)
	})
}

// FindModelInvitation returns one pending invitation.
func (db *DB) FindModelInvitation(ctx context.Context, id int64) (*models.ModelInvitation, error) {
	row := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(modelInvitationSelect+` WHERE i.id = ?`), id)
	inv, err := scanModelInvitation(row)
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("invitation %d not found", id))
	}
	return &inv, nil
}

func (db *DB) findInvitations(ctx context.Context, where string, arg any, page explorer.Page) ([]models.ModelInvitation, error) {
	window, wargs := page.SQL()
	return queryList(ctx, db, modelInvitationSelect+` WHERE `+where+` ORDER BY i.id`+window, append([]any{arg}, wargs...), scanModelInvitation)
}

// FindModelInvitations lists the pending invitations to a model by id.
func (db *DB) FindModelInvitations(ctx context.Context, modelID int64) ([]models.ModelInvitation, error) {
	return db.findInvitations(ctx, "i.model_id = ?", modelID, explorer.Page{})
}

// FindReceivedModelInvitations lists the pending invitations a user
// received, by id.
func (db *DB) FindReceivedModelInvitations(ctx context.Context, userID int64, page explorer.Page) ([]models.ModelInvitation, error) {
	return db.findInvitations(ctx, "i.recipient_id = ?", userID, page)
}

// DeleteModelInvitation removes an invitation.
func (db *DB) DeleteModelInvitation(ctx context.Context, id int64) error {
	return db.deleteSharing(ctx, "model_invitations", id, fmt.Sprintf("invitation %d not found", id))
}

// FindModelSharing returns a model's accesses and pending invitations, by
// id, with one query.
func (db *DB) FindModelSharing(ctx context.Context, modelID int64) ([]models.ModelAccess, []models.ModelInvitation, error) {
	rows, err := db.query(ctx, `SELECT 'A', a.id, a.user_id, u.username, 0, '', a.rights, a.created_at
		FROM model_accesses a JOIN users u ON u.id = a.user_id WHERE a.model_id = ?
		UNION ALL
		SELECT 'I', i.id, i.recipient_id, r.username, i.sender_id, s.username, i.rights, i.created_at
		FROM model_invitations i JOIN users s ON s.id = i.sender_id JOIN users r ON r.id = i.recipient_id WHERE i.model_id = ?
		ORDER BY 1, 2`, modelID, modelID)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	accesses, invitations := []models.ModelAccess{}, []models.ModelInvitation{}
	for rows.Next() {
		var kind, user, sender, rights string
		var id, userID, senderID, created int64
		if err := rows.Scan(&kind, &id, &userID, &user, &senderID, &sender, &rights, &created); err != nil {
			return nil, nil, db.mapError(err, "")
		}
		if kind == "A" {
			accesses = append(accesses, models.ModelAccess{ID: id, Rights: rights, Created: fromMillis(created),
				User: explorer.UserRef{UserID: user}, ModelID: modelID, UserID: userID})
			continue
		}
		invitations = append(invitations, models.ModelInvitation{ID: id, Created: fromMillis(created), Rights: rights,
			Recipient: explorer.UserRef{UserID: user}, ModelID: modelID, SenderID: senderID, RecipientID: userID,
			Sender: explorer.UserRef{UserID: sender}})
	}
	return accesses, invitations, db.mapError(rows.Err(), "")
}
