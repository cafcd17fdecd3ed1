package store

import (
	"context"
	"explorer/projects"
	"strings"
	"time"

	explorer "explorer"
)

// measureInsert queues a measurement of the projects the SELECT that
// follows it finds; a project that already has one waiting gets no other
// (the unique index jobs_measure_queued, migration 0033).
const measureInsert = `INSERT INTO jobs (owner_id, kind, project_id, state, unit, created_at, updated_at)
	SELECT p.owner_id, ?, p.id, ?, ?, ?, ? FROM projects p `

// QueueMeasureJobs queues a measure job for each of the projects whose
// tonality is stale, unless one is already queued for it.
func (db *DB) QueueMeasureJobs(ctx context.Context, now time.Time, projectIDs ...int64) error {
	for _, id := range projectIDs {
		if _, err := db.exec(ctx, measureInsert+`WHERE p.id = ? AND p.tonality_state = 'stale' ON CONFLICT DO NOTHING`,
			projects.JobMeasure, projects.JobQueued, projects.UnitTexts, ms(now), ms(now), id); err != nil {
			return err
		}
	}
	return nil
}

// QueueStaleMeasureJobs queues a measure job for every EXPLORED project
// whose tonality is stale and that has none queued or running.
func (db *DB) QueueStaleMeasureJobs(ctx context.Context, now time.Time) (int, error) {
	res, err := db.exec(ctx, measureInsert+`WHERE p.tonality_state = 'stale' AND p.status = ?
		AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.project_id = p.id AND j.kind = ? AND j.state IN (?, ?))
		ON CONFLICT DO NOTHING`,
		projects.JobMeasure, projects.JobQueued, projects.UnitTexts, ms(now), ms(now), explorer.ProjectExplored,
		projects.JobMeasure, projects.JobQueued, projects.JobRunning)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// CountPendingJobs counts the queued and running jobs of a kind, of
// every user and instance; of the projects projectIDs when some are
// given.
func (db *DB) CountPendingJobs(ctx context.Context, kind string, projectIDs ...int64) (int, error) {
	q, args := `SELECT COUNT(*) FROM jobs WHERE kind = ? AND state IN (?, ?)`, []any{kind, projects.JobQueued, projects.JobRunning}
	if len(projectIDs) > 0 {
		q += ` AND project_id IN (?` + strings.Repeat(", ?", len(projectIDs)-1) + `)`
		for _, id := range projectIDs {
			args = append(args, id)
		}
	}
	var n int
	err := db.row(ctx, q, args...).Scan(&n)
	return n, db.mapError(err, "")
}
