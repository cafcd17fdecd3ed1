package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"explorer/projects"
	"fmt"
	"strconv"
	"strings"

	explorer "explorer"
)

// tonalityPartBytes is what one stored tonality part costs besides its
// mentions (ids, counts and the score sum).
const tonalityPartBytes = 48

// SetProjectTonality replaces a project's stored tonality (see
// explorer.TonalityStore), charging its owner the difference.
func (db *DB) SetProjectTonality(ctx context.Context, id int64, parts []projects.TonalityPart, state string, gen int64) (bool, error) {
	wrote := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		if gen >= 0 {
			var cur int64
			if err := db.queryRowTx(ctx, `SELECT tonality_gen FROM projects WHERE id = ?`, id).Scan(&cur); err != nil {
				return db.mapError(err, fmt.Sprintf("project %d not found", id))
			}
			if cur != gen {
				return nil
			}
		}
		if _, err := db.exec(ctx, `DELETE FROM project_tonality WHERE project_id = ?`, id); err != nil {
			return err
		}
		var bytes int64
		for _, p := range parts {
			enc, examples := encodeMentions(p.Mentions), encodeRows(p.Examples)
			bytes += int64(len(enc)+len(examples)) + tonalityPartBytes
			if _, err := db.exec(ctx, `INSERT INTO project_tonality (project_id, topic_id, pole_id, positive, negative, neutral, texts, score_sum, mentions, examples)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, p.TopicID, p.PoleID, p.Positive, p.Negative, p.Neutral, p.Texts, p.ScoreSum, enc, examples); err != nil {
				return err
			}
		}
		if err := db.chargeOwner(ctx, "projects", id, bytes, "tonality_bytes"); err != nil {
			return err
		}
		wrote = true
		return db.updateOne(ctx, fmt.Sprintf("project %d not found", id),
			`UPDATE projects SET tonality_state = ?, tonality_bytes = ? WHERE id = ?`, state, bytes, id)
	})
	return wrote, err
}

// FindProjectTonality returns a project's stored parts without mentions,
// its tonality state and generation.
func (db *DB) FindProjectTonality(ctx context.Context, id int64) ([]projects.TonalityPart, string, int64, error) {
	var state string
	var gen int64
	if err := db.queryRow(ctx, fmt.Sprintf("project %d not found", id), `SELECT tonality_state, tonality_gen FROM projects WHERE id = ?`, []any{id}, &state, &gen); err != nil {
		return nil, "", 0, err
	}
	var parts []projects.TonalityPart
	err := queryEach(ctx, db, `SELECT topic_id, pole_id, positive, negative, neutral, texts, score_sum, examples FROM project_tonality
		WHERE project_id = ? ORDER BY topic_id, pole_id`, []any{id}, func(rows *sql.Rows) error {
		var p projects.TonalityPart
		var examples string
		if err := rows.Scan(&p.TopicID, &p.PoleID, &p.Positive, &p.Negative, &p.Neutral, &p.Texts, &p.ScoreSum, &examples); err != nil {
			return err
		}
		p.Examples = decodeRows(examples)
		parts = append(parts, p)
		return nil
	})
	return parts, state, gen, err
}

// FindTonalityMentions returns the mentions of one stored part.
func (db *DB) FindTonalityMentions(ctx context.Context, id, topicID, poleID int64) ([]projects.Mention, error) {
	var raw []byte
	err := db.row(ctx, `SELECT mentions FROM project_tonality WHERE project_id = ? AND topic_id = ? AND pole_id = ?`, id, topicID, poleID).Scan(&raw)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, db.mapError(err, "")
	}
	ms, err := decodeMentions(raw)
	if err != nil {
		return nil, explorer.Internal(fmt.Errorf("project %d tonality: %w", id, err))
	}
	return ms, nil
}

// MarkTonalityStale makes the measured tonality of projects stale and
// counts a change in each.
func (db *DB) MarkTonalityStale(ctx context.Context, ids ...int64) error {
	for _, id := range ids {
		if _, err := db.exec(ctx, `UPDATE projects SET tonality_gen = tonality_gen + 1,
			tonality_state = CASE WHEN tonality_state = '' THEN '' ELSE 'stale' END WHERE id = ?`, id); err != nil {
			return err
		}
	}
	return nil
}

// FindProjectRows returns the cells of the rows numbered nums.
func (db *DB) FindProjectRows(ctx context.Context, id int64, nums []int) (map[int][]string, error) {
	out := make(map[int][]string, len(nums))
	for start := 0; start < len(nums); start += 200 {
		chunk := nums[start:min(start+200, len(nums))]
		args := []any{id}
		for _, n := range chunk {
			args = append(args, n)
		}
		q := `SELECT num, cells FROM project_rows WHERE project_id = ? AND num IN (?` + strings.Repeat(", ?", len(chunk)-1) + `)`
		err := queryEach(ctx, db, q, args, func(rows *sql.Rows) error {
			var num int
			var raw []byte
			if err := rows.Scan(&num, &raw); err != nil {
				return err
			}
			var cells []string
			if err := json.Unmarshal(raw, &cells); err != nil {
				return explorer.Internal(fmt.Errorf("project %d row %d: %w", id, num, err))
			}
			out[num] = cells
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// encodeRows writes row numbers comma-separated ("" for none).
func encodeRows(rows []int) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = strconv.Itoa(r)
	}
	return strings.Join(parts, ",")
}

// decodeRows reads what encodeRows wrote; a part that is no number is
// left out.
func decodeRows(s string) []int {
	var rows []int
	for _, f := range strings.Split(s, ",") {
		if r, err := strconv.Atoi(f); err == nil {
			rows = append(rows, r)
		}
	}
	return rows
}
