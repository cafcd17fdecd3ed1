package store

import (
	"context"
	"database/sql"
	"explorer/projects"
	"fmt"
	"strings"

	explorer "explorer"
)

// SetProjectPoles replaces the poles a project is measured with.
func (db *DB) SetProjectPoles(ctx context.Context, id int64, poleIDs []int64) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if _, err := db.exec(ctx, `DELETE FROM project_poles WHERE project_id = ?`, id); err != nil {
			return err
		}
		for i, pole := range poleIDs {
			if _, err := db.exec(ctx, `INSERT INTO project_poles (project_id, pole_id, position) VALUES (?, ?, ?)`, id, pole, i); err != nil {
				return err
			}
		}
		return nil
	})
}

// FindProjectPoles lists the poles a project is measured with, in order.
func (db *DB) FindProjectPoles(ctx context.Context, id int64) ([]int64, error) {
	out := []int64{}
	err := queryEach(ctx, db, `SELECT pole_id FROM project_poles WHERE project_id = ? ORDER BY position`, []any{id}, func(rows *sql.Rows) error {
		var p int64
		err := rows.Scan(&p)
		out = append(out, p)
		return err
	})
	return out, err
}

// FindPoleProjects lists the projects measured with a pole, by id.
func (db *DB) FindPoleProjects(ctx context.Context, poleID int64) ([]*explorer.Project, error) {
	return db.findProjects(ctx, `p.id IN (SELECT project_id FROM project_poles WHERE pole_id = ?)`, explorer.Page{Limit: projects.MaxPoleProjects}, poleID)
}

// DropPoleFromProjects removes a pole from the projects measured with it
// and notes its name in their dropped poles (one line each).
func (db *DB) DropPoleFromProjects(ctx context.Context, poleID int64, name string) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		name = strings.ReplaceAll(name, "\n", " ")
		if _, err := db.exec(ctx, `UPDATE projects SET dropped_poles = CASE WHEN dropped_poles = '' THEN ? ELSE dropped_poles || ? END,
			tonality_gen = tonality_gen + 1, tonality_state = CASE WHEN tonality_state = '' THEN '' ELSE 'stale' END
			WHERE id IN (SELECT project_id FROM project_poles WHERE pole_id = ?)`, name, "\n"+name, poleID); err != nil {
			return err
		}
		_, err := db.exec(ctx, `DELETE FROM project_poles WHERE pole_id = ?`, poleID)
		return err
	})
}

// TakeDroppedPoles returns and clears the names of a project's dropped
// poles.
func (db *DB) TakeDroppedPoles(ctx context.Context, id int64) ([]string, error) {
	var names []string
	err := db.InTx(ctx, func(ctx context.Context) error {
		var s string
		if err := db.queryRowTx(ctx, `SELECT dropped_poles FROM projects WHERE id = ?`, id).Scan(&s); err != nil {
			return db.mapError(err, fmt.Sprintf("project %d not found", id))
		}
		if s == "" {
			return nil
		}
		names = strings.Split(s, "\n")
		_, err := db.exec(ctx, `UPDATE projects SET dropped_poles = '' WHERE id = ?`, id)
		return err
	})
	return names, err
}

// FindWordPolarities lists an account's corrections by language and word.
func (db *DB) FindWordPolarities(ctx context.Context, userID int64) ([]explorer.WordPolarity, error) {
	var out []explorer.WordPolarity
	err := queryEach(ctx, db, `SELECT language, word, polarity FROM word_polarities WHERE user_id = ? ORDER BY language, word`, []any{userID}, func(rows *sql.Rows) error {
		var w explorer.WordPolarity
		err := rows.Scan(&w.Language, &w.Word, &w.Polarity)
		out = append(out, w)
		return err
	})
	return out, err
}

// SetWordPolarity adds or replaces one correction.
func (db *DB) SetWordPolarity(ctx context.Context, userID int64, w explorer.WordPolarity) error {
	_, err := db.exec(ctx, `INSERT INTO word_polarities (user_id, language, word, polarity, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, language, word) DO UPDATE SET polarity = excluded.polarity`, userID, w.Language, w.Word, w.Polarity, ms(w.Created))
	return err
}

// DeleteWordPolarity removes one correction.
func (db *DB) DeleteWordPolarity(ctx context.Context, userID int64, language, word string) error {
	return db.updateOne(ctx, fmt.Sprintf("no correction of %q in %s", word, language),
		`DELETE FROM word_polarities WHERE user_id = ? AND language = ? AND word = ?`, userID, language, word)
}

// FindOwnerProjects lists the ids of a user's EXPLORED projects of a
// language ("": any).
func (db *DB) FindOwnerProjects(ctx context.Context, ownerID int64, lang string) ([]int64, error) {
	var out []int64
	err := queryEach(ctx, db, `SELECT id FROM projects WHERE owner_id = ? AND status = ? AND (? = '' OR language = ?) ORDER BY id`,
		[]any{ownerID, explorer.ProjectExplored, lang, lang}, func(rows *sql.Rows) error {
			var id int64
			err := rows.Scan(&id)
			out = append(out, id)
			return err
		})
	return out, err
}
