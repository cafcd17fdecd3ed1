package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	explorer "explorer"
)

const projectSelect = `SELECT p.id, p.owner_id, u.username, p.title, p.created_at, p.verbatims, p.encoding, p.status,
	p.status_message, p.language, p.structure, p.model_id, p.explored_version
	FROM projects p JOIN users u ON u.id = p.owner_id`

func scanProject(sc interface{ Scan(...any) error }) (*explorer.Project, error) {
	var p explorer.Project
	var created int64
	var structure string
	var model sql.NullInt64
	var explored sql.NullInt64
	err := sc.Scan(&p.ID, &p.OwnerID, &p.Owner, &p.Title, &created, &p.Rows, &p.Encoding, &p.Status,
		&p.StatusMessage, &p.Language, &structure, &model, &explored)
	if err != nil {
		return nil, err
	}
	p.Created = explorer.FromMillis(created)
	if err := json.Unmarshal([]byte(structure), &p.Structure); err != nil {
		return nil, explorer.Internal(fmt.Errorf("project %d structure: %w", p.ID, err))
	}
	if model.Valid {
		p.ModelID = &model.Int64
	}
	if explored.Valid {
		v := int(explored.Int64)
		p.ExploredVersion = &v
	}
	return &p, nil
}

// CreateProject inserts p with its headers and sets their IDs.
func (db *DB) CreateProject(ctx context.Context, p *explorer.Project) error {
	structure, err := json.Marshal(&p.Structure)
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
	for i := range p.Headers {
		h := &p.Headers[i]
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
	row := db.reader(ctx).QueryRowContext(ctx, db.dialect.Rebind(projectSelect+` WHERE p.id = ?`), id)
	p, err := scanProject(row)
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("project %d not found", id))
	}
	if err := db.loadHeaders(ctx, []*explorer.Project{p}); err != nil {
		return nil, err
	}
	return p, nil
}

// FindModelProjects lists the projects a model is applied to, by id.
func (db *DB) FindModelProjects(ctx context.Context, modelID int64) ([]*explorer.Project, error) {
	rows, err := db.query(ctx, projectSelect+` WHERE p.model_id = ? ORDER BY p.id`, modelID)
	if err != nil {
		return nil, err
	}
	out := []*explorer.Project{}
	for rows.Next() {
		p, err := scanProject(rows)
		if err != nil {
			rows.Close()
			return nil, db.mapError(err, "")
		}
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, db.mapError(err, "")
	}
	return out, db.loadHeaders(ctx, out)
}

// loadHeaders reads the headers of projects.
func (db *DB) loadHeaders(ctx context.Context, projects []*explorer.Project) error {
	for _, p := range projects {
		rows, err := db.query(ctx, `SELECT id, header, time_series_candidate, filterable, nps_candidate, suggested_language,
			column_data_size, empty_cells FROM project_headers WHERE project_id = ? ORDER BY position`, p.ID)
		if err != nil {
			return err
		}
		p.Headers = []explorer.ProjectHeader{}
		for rows.Next() {
			var h explorer.ProjectHeader
			if err := rows.Scan(&h.ID, &h.Header, &h.TimeSeriesCandidate, &h.Filterable, &h.NPSCandidate, &h.SuggestedLanguage,
				&h.ColumnDataSize, &h.NumberOfEmptyCells); err != nil {
				rows.Close()
				return db.mapError(err, "")
			}
			p.Headers = append(p.Headers, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return db.mapError(err, "")
		}
	}
	return nil
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
