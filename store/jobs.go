package store

import (
	"context"
	"database/sql"
	"errors"
	"explorer/projects"
	"fmt"
	"time"

	explorer "explorer"
)

const jobSelect = `SELECT id, owner_id, kind, project_id, state, instance, pinned, column_name, topics, groups_n, model_id,
	unit, done, total, result, error, error_code, cancel_asked, created_at, started_at, updated_at, ended_at FROM jobs`

func scanJob(sc rowScanner) (*projects.Job, error) {
	var j projects.Job
	var created, started, updated, ended int64
	err := sc.Scan(&j.ID, &j.OwnerID, &j.Kind, &j.ProjectID, &j.State, &j.Instance, &j.Pinned, &j.Column, &j.Topics, &j.Groups,
		&j.ModelID, &j.Unit, &j.Done, &j.Total, &j.Result, &j.Error, &j.ErrorCode, &j.CancelAsked, &created, &started, &updated, &ended)
	if err != nil {
		return nil, err
	}
	j.Created, j.Started, j.Updated, j.Finished = orZero(created), orZero(started), orZero(updated), orZero(ended)
	return &j, nil
}

// orZero reads a time stored as milliseconds, 0 being none.
func orZero(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return fromMillis(n)
}

// CreateJob inserts j queued, unless its owner already has maxQueued
// queued jobs (ETHROTTLED; measurements are not counted).
func (db *DB) CreateJob(ctx context.Context, j *projects.Job, maxQueued int) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		var n int
		if err := db.queryRowTx(ctx, `SELECT COUNT(*) FROM jobs WHERE owner_id = ? AND state = ? AND kind <> ?`,
			j.OwnerID, projects.JobQueued, projects.JobMeasure).Scan(&n); err != nil {
			return db.mapError(err, "")
		}
		if n >= maxQueued {
			e := explorer.Errorf(explorer.ETHROTTLED, "you have %d jobs waiting, the most a user may queue: wait for one to end", n)
			e.RetryAfter = 30
			return e
		}
		if j.Unit == "" {
			j.Unit = projects.UnitTexts
		}
		j.State = projects.JobQueued
		id, err := db.insert(ctx, `INSERT INTO jobs (owner_id, kind, project_id, state, instance, pinned, column_name, topics, groups_n,
			model_id, unit, done, total, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			j.OwnerID, j.Kind, j.ProjectID, j.State, j.Instance, j.Pinned, j.Column, j.Topics, j.Groups, j.ModelID, j.Unit,
			j.Done, j.Total, ms(j.Created), ms(j.Created))
		j.ID = id
		return err
	})
}

// FindJob returns a job.
func (db *DB) FindJob(ctx context.Context, id int64) (*projects.Job, error) {
	j, err := scanJob(db.row(ctx, jobSelect+` WHERE id = ?`, id))
	if err != nil {
		return nil, db.mapError(err, fmt.Sprintf("job %d not found", id))
	}
	return j, nil
}

// FindUserJobs lists a user's jobs, newest first.
func (db *DB) FindUserJobs(ctx context.Context, ownerID int64, limit int) ([]*projects.Job, error) {
	return db.findJobs(ctx, ` WHERE owner_id = ? ORDER BY id DESC LIMIT ?`, ownerID, limit)
}

func (db *DB) findJobs(ctx context.Context, where string, args ...any) ([]*projects.Job, error) {
	rows, err := db.query(ctx, jobSelect+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*projects.Job{}
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, db.mapError(err, "")
		}
		out = append(out, j)
	}
	return out, db.mapError(rows.Err(), "")
}

// FindProjectJob returns the newest job of a project, nil when none.
func (db *DB) FindProjectJob(ctx context.Context, projectID int64) (*projects.Job, error) {
	j, err := scanJob(db.row(ctx, jobSelect+` WHERE project_id = ? ORDER BY id DESC LIMIT 1`, projectID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, db.mapError(err, "")
	}
	return j, nil
}

// claimLock is the PostgreSQL advisory lock that serializes claims, so
// that two instances never start two jobs of one user at once (SQLite
// serializes every write transaction).
const claimLock = 31007

// ClaimJob marks the oldest ready queued job running on instance (a
// measurement only when no job a user asked for is ready).
func (db *DB) ClaimJob(ctx context.Context, instance string, now time.Time) (*projects.Job, error) {
	return db.claimJob(ctx, instance, now, "")
}

// ClaimProjectJob marks the oldest ready queued job of a project running
// on instance.
func (db *DB) ClaimProjectJob(ctx context.Context, instance string, projectID int64, now time.Time) (*projects.Job, error) {
	return db.claimJob(ctx, instance, now, ` AND j.project_id = ?`, projectID)
}

// claimJob claims the oldest ready queued job that also meets where
// (with its args): the jobs users asked for before the measurements
// (queued for them by others' changes too, as a shared model's), which
// would else run first in their owner's lane.
func (db *DB) claimJob(ctx context.Context, instance string, now time.Time, where string, args ...any) (*projects.Job, error) {
	var claimed *projects.Job
	err := db.InTx(ctx, func(ctx context.Context) error {
		if db.dialect.Name() == "postgres" {
			if _, err := db.exec(ctx, `SELECT pg_advisory_xact_lock(?)`, claimLock); err != nil {
				return err
			}
		}
		var id int64
		err := db.queryRowTx(ctx, `SELECT j.id FROM jobs j WHERE j.state = ? AND (j.pinned = FALSE OR j.instance = ?)
			AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.owner_id = j.owner_id AND r.state = ?)`+where+`
			ORDER BY (j.kind = ?), j.id LIMIT 1`,
			append(append([]any{projects.JobQueued, instance, projects.JobRunning}, args...), projects.JobMeasure)...).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return db.mapError(err, "")
		}
		res, err := db.exec(ctx, `UPDATE jobs SET state = ?, instance = ?, started_at = ?, updated_at = ?, done = 0
			WHERE id = ? AND state = ?`, projects.JobRunning, instance, ms(now), ms(now), id, projects.JobQueued)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		claimed, err = scanJob(db.queryRowTx(ctx, jobSelect+` WHERE id = ?`, id))
		return db.mapError(err, "")
	})
	return claimed, err
}

// SetJobProgress writes a running job's progress in a short
// transaction of its own.
func (db *DB) SetJobProgress(ctx context.Context, id int64, done, total int64, now time.Time) (bool, error) {
	var cancel bool
	err := db.InTx(ctx, func(ctx context.Context) error {
		if _, err := db.exec(ctx, `UPDATE jobs SET done = ?, total = ?, updated_at = ? WHERE id = ? AND state = ?`,
			done, total, ms(now), id, projects.JobRunning); err != nil {
			return err
		}
		err := db.queryRowTx(ctx, `SELECT cancel_asked FROM jobs WHERE id = ?`, id).Scan(&cancel)
		return db.mapError(err, fmt.Sprintf("job %d not found", id))
	})
	return cancel, err
}

// EndJob ends a queued or running job.
func (db *DB) EndJob(ctx context.Context, id int64, end projects.JobEnd, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE jobs SET state = ?, result = ?, error = ?, error_code = ?, ended_at = ?, updated_at = ?
		WHERE id = ? AND state IN (?, ?)`, end.State, end.Result, end.Message, end.Code, ms(now), ms(now), id, projects.JobQueued, projects.JobRunning)
	return err
}

// AskJobCancel cancels a queued job, or flags a running one.
func (db *DB) AskJobCancel(ctx context.Context, id int64, now time.Time) (bool, error) {
	var cancelled bool
	err := db.InTx(ctx, func(ctx context.Context) error {
		res, err := db.exec(ctx, `UPDATE jobs SET state = ?, error = ?, ended_at = ?, updated_at = ? WHERE id = ? AND state = ?`,
			projects.JobCancelled, "cancelled", ms(now), ms(now), id, projects.JobQueued)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			cancelled = true
			return nil
		}
		_, err = db.exec(ctx, `UPDATE jobs SET cancel_asked = TRUE WHERE id = ? AND state = ?`, id, projects.JobRunning)
		return err
	})
	return cancelled, err
}

// InterruptJobs marks running jobs interrupted: those of instance, or
// all when instance is "".
func (db *DB) InterruptJobs(ctx context.Context, instance, message string, now time.Time) ([]*projects.Job, error) {
	// A queued pinned job (an import) held its file in the memory of the
	// process that stopped: it can no more run than a running one.
	where, args := ` WHERE (state = ? OR (state = ? AND pinned = TRUE))`, []any{projects.JobRunning, projects.JobQueued}
	if instance != "" {
		where, args = where+` AND instance = ?`, append(args, instance)
	}
	return db.interruptJobs(ctx, where, args, message, now)
}

// InterruptStaleJobs marks interrupted the running jobs of other
// instances not written since before.
func (db *DB) InterruptStaleJobs(ctx context.Context, instance string, before time.Time, message string, now time.Time) ([]*projects.Job, error) {
	return db.interruptJobs(ctx, ` WHERE state = ? AND instance <> ? AND updated_at < ?`,
		[]any{projects.JobRunning, instance, ms(before)}, message, now)
}

// interruptJobs marks the jobs where selects interrupted and returns
// those it marked, as read before (their Updated the last progress
// write): a job another instance marked meanwhile, or that ended, is not
// returned, so that its end is told once.
func (db *DB) interruptJobs(ctx context.Context, where string, args []any, message string, now time.Time) ([]*projects.Job, error) {
	var out []*projects.Job
	err := db.InTx(ctx, func(ctx context.Context) error {
		found, err := db.findJobs(ctx, where+` ORDER BY id`, args...)
		if err != nil {
			return err
		}
		for _, j := range found {
			res, err := db.exec(ctx, `UPDATE jobs SET state = ?, error = ?, ended_at = ?, updated_at = ? WHERE id = ? AND state = ?`,
				projects.JobInterrupted, message, ms(now), ms(now), j.ID, j.State)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err == nil && n == 1 {
				j.State, j.Error = projects.JobInterrupted, message
				out = append(out, j)
			}
		}
		return nil
	})
	return out, err
}

// PruneJobs deletes a user's ended jobs beyond the newest keep.
func (db *DB) PruneJobs(ctx context.Context, ownerID int64, keep int) error {
	_, err := db.exec(ctx, `DELETE FROM jobs WHERE owner_id = ? AND state NOT IN (?, ?) AND id NOT IN
		(SELECT id FROM (SELECT id FROM jobs WHERE owner_id = ? ORDER BY id DESC LIMIT ?) newest)`,
		ownerID, projects.JobQueued, projects.JobRunning, ownerID, keep)
	return err
}
