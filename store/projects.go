package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"explorer/models"
	"fmt"
	"strings"

	explorer "explorer"
)

// projectSelect reads a project with the info of its model when the
// project's owner may see that model (owns it or holds an access).
const projectSelect = `SELECT p.id, p.owner_id, u.username, p.title, p.created_at, p.verbatims, p.encoding, p.status,
	p.status_message, p.language, p.structure, p.model_id, p.explored_version, p.text_column, p.explored_texts, p.tonality_state,
	m.id, m.title, m.type, m.language, m.outdated, mu.username, m.created_at
	FROM projects p JOIN users u ON u.id = p.owner_id
	LEFT JOIN models m ON m.id = p.model_id AND (m.owner_id = p.owner_id
		OR EXISTS (SELECT 1 FROM model_accesses a WHERE a.model_id = m.id AND a.user_id = p.owner_id))
	LEFT JOIN users mu ON mu.id = m.owner_id`

func scanProject(sc rowScanner) (*explorer.Project, error) {
	var p explorer.Project
	var created int64
	var structure string
	var model, explored sql.NullInt64
	var info projectModel
	err := sc.Scan(&p.ID, &p.OwnerID, &p.Owner, &p.Title, &created, &p.Rows, &p.Encoding, &p.Status,
		&p.StatusMessage, &p.Language, &structure, &model, &explored, &p.TextColumn, &p.ExploredTexts, &p.TonalityState,
		&info.id, &info.title, &info.typ, &info.language, &info.outdated, &info.owner, &info.created)
	if err != nil {
		return nil, err
	}
	p.Created = fromMillis(created)
	if p.Structure, err = decodeStructure([]byte(structure)); err != nil {
		return nil, explorer.Internal(fmt.Errorf("project %d structure: %w", p.ID, err))
	}
	if model.Valid {
		p.ModelID = &model.Int64
	}
	if explored.Valid {
		v := int(explored.Int64)
		p.ExploredVersion = &v
	}
	p.Model = info.info()
	return &p, nil
}

// projectModel holds the model columns of projectSelect, null when the
// project has no model its owner may see.
type projectModel struct {
	id, created   sql.NullInt64
	title         sql.NullString
	typ, language sql.NullString
	owner         sql.NullString
	outdated      sql.NullBool
}

func (m *projectModel) info() *explorer.ModelInfo {
	if !m.id.Valid {
		return nil
	}
	r := models.ModelRecord{ID: m.id.Int64, Type: m.typ.String, Language: m.language.String, Outdated: m.outdated.Bool,
		Owner: m.owner.String, Created: fromMillis(m.created.Int64)}
	if m.title.Valid {
		r.Title = &m.title.String
	}
	info := r.Info()
	return &info
}

// CreateProject inserts p with its headers and sets their IDs.
func (db *DB) CreateProject(ctx context.Context, p *explorer.Project) error {
	structure, err := encodeStructure(&p.Structure)
	if err != nil {
		return explorer.Internal(err)
	}
	var explored any
	if p.ExploredVersion != nil {
		explored = *p.ExploredVersion
	}
	id, err := db.insert(ctx, `INSERT INTO projects (owner_id, title, created_at, verbatims, encoding, status, status_message,
		language, structure, model_id, explored_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.OwnerID, p.Title, ms(p.Created), p.Rows, p.Encoding, p.Status, p.StatusMessage,
		p.Language, string(structure), nullInt(p.ModelID), explored)
	if err != nil {
		return err
	}
	p.ID = id
	if err := db.insertHeaders(ctx, id, p.Headers); err != nil {
		return err
	}
	return db.charge(ctx, p.OwnerID, int64(len(p.Title)+len(structure))+headerBytes(p.Headers))
}

// headerBytes is what the names of headers store (storage.go).
func headerBytes(headers []explorer.ProjectHeader) int64 {
	var n int64
	for _, h := range headers {
		n += int64(len(h.Header))
	}
	return n
}

func (db *DB) insertHeaders(ctx context.Context, id int64, headers []explorer.ProjectHeader) error {
	for i := range headers {
		h := &headers[i]
		var err error
		h.ID, err = db.insert(ctx, `INSERT INTO project_headers (project_id, position, header, time_series_candidate, filterable,
			nps_candidate, suggested_language, column_data_size, empty_cells) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, i, h.Header, h.TimeSeriesCandidate, h.Filterable, h.NPSCandidate, h.SuggestedLanguage, h.ColumnDataSize, h.NumberOfEmptyCells)
		if err != nil {
			return err
		}
	}
	return nil
}

// FindProject returns a project with its headers.
func (db *DB) FindProject(ctx context.Context, id int64) (*explorer.Project, error) {
	p, err := scanProject(db.row(ctx, projectSelect+` WHERE p.id = ?`, id))
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("project %d not found", id))
	}
	if err := db.loadHeaders(ctx, []*explorer.Project{p}); err != nil {
		return nil, err
	}
	if err := db.loadTopicCounts(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// FindModelProjects lists the projects a model is applied to, by id.
func (db *DB) FindModelProjects(ctx context.Context, modelID int64) ([]*explorer.Project, error) {
	return db.findProjects(ctx, `p.model_id = ?`, explorer.Page{}, modelID)
}

// FindUserProjects lists the projects a user owns, by id, in the window
// page.
func (db *DB) FindUserProjects(ctx context.Context, ownerID int64, page explorer.Page) ([]*explorer.Project, error) {
	return db.findProjects(ctx, `p.owner_id = ?`, page, ownerID)
}

// findProjectsSQL is the query of findProjects for the condition where,
// without its window.
func findProjectsSQL(where string) string {
	return projectSelect + ` WHERE ` + where + ` ORDER BY p.id`
}

func (db *DB) findProjects(ctx context.Context, where string, page explorer.Page, args ...any) ([]*explorer.Project, error) {
	window, wargs := page.SQL()
	out, err := queryList(ctx, db, findProjectsSQL(where)+window, append(args, wargs...), scanProject)
	if err != nil {
		return nil, err
	}
	return out, db.loadHeaders(ctx, out)
}

// loadHeaders reads the headers of projects, in one query (a few for
// more projects than an IN list holds).
func (db *DB) loadHeaders(ctx context.Context, projects []*explorer.Project) error {
	if len(projects) == 0 {
		return nil
	}
	byID := make(map[int64]*explorer.Project, len(projects))
	ids := make([]int64, len(projects))
	for i, p := range projects {
		p.Headers, byID[p.ID], ids[i] = []explorer.ProjectHeader{}, p, p.ID
	}
	return queryIn(ctx, db, `SELECT project_id, id, header, time_series_candidate, filterable, nps_candidate, suggested_language,
		column_data_size, empty_cells FROM project_headers WHERE project_id IN (%s) ORDER BY project_id, position`, nil, ids,
		func(rows *sql.Rows) error {
			var project int64
			var h explorer.ProjectHeader
			if err := rows.Scan(&project, &h.ID, &h.Header, &h.TimeSeriesCandidate, &h.Filterable, &h.NPSCandidate, &h.SuggestedLanguage,
				&h.ColumnDataSize, &h.NumberOfEmptyCells); err != nil {
				return err
			}
			p := byID[project]
			p.Headers = append(p.Headers, h)
			return nil
		})
}

// SetProjectModel applies a model (nil: none) to a project and records the
// version it was explored with (nil: never).
func (db *DB) SetProjectModel(ctx context.Context, projectID int64, modelID *int64, explored *int) error {
	var v any
	if explored != nil {
		v = *explored
	}
	return db.updateOne(ctx, fmt.Sprintf("project %d not found", projectID),
		`UPDATE projects SET model_id = ?, explored_version = ? WHERE id = ?`, nullInt(modelID), v, projectID)
}

// DetachModelProjects removes a model from the projects it is applied to.
func (db *DB) DetachModelProjects(ctx context.Context, modelID int64) error {
	_, err := db.exec(ctx, `UPDATE projects SET model_id = NULL, explored_version = NULL WHERE model_id = ?`, modelID)
	return err
}

// UpdateProject writes a project's fields (not its headers).
func (db *DB) UpdateProject(ctx context.Context, p *explorer.Project) error {
	structure, err := encodeStructure(&p.Structure)
	if err != nil {
		return explorer.Internal(err)
	}
	var explored any
	if p.ExploredVersion != nil {
		explored = *p.ExploredVersion
	}
	if err := db.chargeOwner(ctx, "projects", p.ID, int64(len(p.Title)+len(structure)), "OCTET_LENGTH(title) + OCTET_LENGTH(structure)"); err != nil {
		return err
	}
	return db.updateOne(ctx, fmt.Sprintf("project %d not found", p.ID),
		`UPDATE projects SET title = ?, verbatims = ?, encoding = ?, status = ?, status_message = ?, language = ?, structure = ?,
		model_id = ?, explored_version = ?, text_column = ?, explored_texts = ? WHERE id = ?`,
		p.Title, p.Rows, p.Encoding, p.Status, p.StatusMessage, p.Language, string(structure),
		nullInt(p.ModelID), explored, p.TextColumn, p.ExploredTexts, p.ID)
}

// SetProjectStatus sets a project's status and status message.
func (db *DB) SetProjectStatus(ctx context.Context, id int64, status, message string) error {
	return db.updateOne(ctx, fmt.Sprintf("project %d not found", id),
		`UPDATE projects SET status = ?, status_message = ? WHERE id = ?`, status, message, id)
}

// ReplaceProjectHeaders replaces a project's headers and sets their IDs.
func (db *DB) ReplaceProjectHeaders(ctx context.Context, id int64, headers []explorer.ProjectHeader) error {
	err := db.chargeOwner(ctx, "projects", id, headerBytes(headers), `(SELECT COALESCE(SUM(OCTET_LENGTH(header)), 0) FROM project_headers WHERE project_id = ?)`)
	if err != nil {
		return err
	}
	if _, err := db.exec(ctx, `DELETE FROM project_headers WHERE project_id = ?`, id); err != nil {
		return err
	}
	return db.insertHeaders(ctx, id, headers)
}

// rowsPerInsert is how many rows one INSERT statement carries.
const rowsPerInsert = 200

// InsertProjectRows inserts rows numbered from first.
func (db *DB) InsertProjectRows(ctx context.Context, id int64, first int, rows [][]string) error {
	for start := 0; start < len(rows); start += rowsPerInsert {
		chunk := rows[start:min(start+rowsPerInsert, len(rows))]
		var q strings.Builder
		q.WriteString(`INSERT INTO project_rows (project_id, num, cells) VALUES `)
		args := make([]any, 0, 3*len(chunk))
		for i, cells := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?)")
			b, err := json.Marshal(cells)
			if err != nil {
				return explorer.Internal(err)
			}
			args = append(args, id, first+start+i, string(b))
		}
		if _, err := db.exec(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// EachProjectRow calls fn with the cells of each row of a project, in
// order. fn must not use the store.
func (db *DB) EachProjectRow(ctx context.Context, id int64, fn func(cells []string) error) error {
	var raw sql.RawBytes
	var fnErr error // returned as fn gave it
	err := queryEach(ctx, db, `SELECT cells FROM project_rows WHERE project_id = ? ORDER BY num`, []any{id}, func(rows *sql.Rows) error {
		if err := rows.Scan(&raw); err != nil {
			return err
		}
		var cells []string
		if err := json.Unmarshal(raw, &cells); err != nil {
			return explorer.Internal(fmt.Errorf("project %d row: %w", id, err))
		}
		fnErr = fn(cells)
		return fnErr
	})
	if fnErr != nil {
		return fnErr
	}
	return err
}

// CountProjectRows counts the stored rows of a project.
func (db *DB) CountProjectRows(ctx context.Context, id int64) (int, error) {
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM project_rows WHERE project_id = ?`, []any{id}, &n)
	return n, err
}

// SetProjectTopicCounts replaces the per-topic text counts of a project.
func (db *DB) SetProjectTopicCounts(ctx context.Context, id int64, counts map[int64]int) error {
	if _, err := db.exec(ctx, `DELETE FROM project_topic_counts WHERE project_id = ?`, id); err != nil {
		return err
	}
	for topic, n := range counts {
		if _, err := db.exec(ctx, `INSERT INTO project_topic_counts (project_id, topic_id, texts) VALUES (?, ?, ?)`, id, topic, n); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) loadTopicCounts(ctx context.Context, p *explorer.Project) error {
	p.TopicCounts = map[int64]int{}
	return queryEach(ctx, db, `SELECT topic_id, texts FROM project_topic_counts WHERE project_id = ?`, []any{p.ID}, func(rows *sql.Rows) error {
		var id int64
		var n int
		err := rows.Scan(&id, &n)
		p.TopicCounts[id] = n
		return err
	})
}

// LockProject takes the project's row lock for the transaction of ctx,
// first: a write of a project's parts (its counts, its tonality) then
// waits for a delete of the project, or the delete for it, where each
// taking the other's rows in its own order would deadlock on PostgreSQL.
// The models the project's writes may update come before it (the model
// applied to it, whose outdated flag a DYNAMIC model's exploration
// clears, and those it is the master project of), in the order of their
// ids: a model before its projects, the order every transaction takes
// them in (DECISIONS-LOCAL.md, "Lock order"). SQLite's writers take turns
// already. A missing project is no error (the writes that follow say so).
func (db *DB) LockProject(ctx context.Context, id int64) error {
	return db.lockProject(ctx, id, "NO KEY UPDATE")
}

func (db *DB) lockProject(ctx context.Context, id int64, mode string) error {
	if db.path != "" {
		return nil
	}
	if _, err := db.exec(ctx, `SELECT id FROM models WHERE id = (SELECT model_id FROM projects WHERE id = ?) OR master_project_id = ?
		ORDER BY id FOR NO KEY UPDATE`, id, id); err != nil {
		return err
	}
	var one int
	err := db.queryRowTx(ctx, `SELECT 1 FROM projects WHERE id = ? FOR `+mode, id).Scan(&one)
	if err == sql.ErrNoRows {
		return nil
	}
	return db.mapError(err, "")
}

// DeleteProject deletes a project with its rows, headers and counts, and
// gives its owner back what it stored.
func (db *DB) DeleteProject(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(ctx context.Context) error { return db.deleteProject(ctx, id) })
}

func (db *DB) deleteProject(ctx context.Context, id int64) error {
	if err := db.lockProject(ctx, id, "UPDATE"); err != nil {
		return err
	}
	if err := db.chargeOwner(ctx, "projects", id, 0, projectBytesSQL); err != nil {
		return err
	}
	for _, q := range []string{
		`DELETE FROM project_rows WHERE project_id = ?`,
		`DELETE FROM project_topic_counts WHERE project_id = ?`,
		`DELETE FROM project_headers WHERE project_id = ?`,
		// A model whose master project goes keeps no dangling reference.
		`UPDATE models SET master_project_id = NULL WHERE master_project_id = ?`,
	} {
		if _, err := db.exec(ctx, q, id); err != nil {
			return err
		}
	}
	return db.updateOne(ctx, fmt.Sprintf("project %d not found", id), `DELETE FROM projects WHERE id = ?`, id)
}

// FindProjectsInStatus lists the projects in one of statuses, by id.
func (db *DB) FindProjectsInStatus(ctx context.Context, statuses ...string) ([]*explorer.Project, error) {
	if len(statuses) == 0 {
		return []*explorer.Project{}, nil
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(statuses)), ", ")
	args := make([]any, len(statuses))
	for i, s := range statuses {
		args[i] = s
	}
	return db.findProjects(ctx, `p.status IN (`+marks+`)`, explorer.Page{}, args...)
}

// SwapProjectStatus sets a project's status and message only while it
// still has the status and message seen before; it reports whether it did.
func (db *DB) SwapProjectStatus(ctx context.Context, id int64, fromStatus, fromMessage, status, message string) (bool, error) {
	return db.execAffected(ctx, `UPDATE projects SET status = ?, status_message = ?
		WHERE id = ? AND status = ? AND status_message = ?`, status, message, id, fromStatus, fromMessage)
}
