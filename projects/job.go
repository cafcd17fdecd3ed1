package projects

import (
	"context"
	"explorer"
	"time"
)

// Job kinds: the long steps of a project that run as jobs.
const (
	JobImport     = "import"
	JobExplore    = "explore"
	JobApply      = "apply"
	JobLearnWords = "learn-words"
	JobMeasure    = "measure"
)

// Job states. A queued job waits for its owner's running one (one at a
// time per user) or for a free runner; interrupted is a job its server
// stopped while it ran (it can be started again: StartJobAgain).
const (
	JobQueued      = "queued"
	JobRunning     = "running"
	JobDone        = "done"
	JobFailed      = "failed"
	JobInterrupted = "interrupted"
	JobCancelled   = "cancelled"
)

// Units of a job's done and total.
const (
	UnitTexts = "texts"
	UnitBytes = "bytes"
)

// Job is one long step of a project run outside the request that asked
// for it, as stored.
type Job struct {
	ID        int64
	OwnerID   int64
	Kind      string
	ProjectID int64
	State     string
	// Instance is the server instance running the job, or the only one
	// that may run it when Pinned (an import: its file is there).
	Instance string
	Pinned   bool
	// The step's parameters: Column, Topics and Groups of an explore,
	// ModelID of an apply.
	Column         string
	Topics, Groups int
	ModelID        int64
	// Done and Total count what the job went through, in Unit (texts
	// read, over all passes, or bytes of an import's file).
	Unit        string
	Done, Total int64
	// Result is where to read what a done job made; Error why it failed,
	// and ErrorCode its code (EINVALID, ...).
	Result, Error, ErrorCode string
	// CancelAsked is set by a cancel; the running instance stops the job
	// at its next progress write.
	CancelAsked                         bool
	Created, Started, Updated, Finished time.Time
}

// JobEnd is how a job ended: its state, and its result when done, else
// its error's code and message.
type JobEnd struct {
	State, Result, Code, Message string
}

// endOf is the end of a job whose step returned err (cancelled tells
// whether a cancel stopped it).
func endOf(result string, err error, cancelled bool) JobEnd {
	switch {
	case err == nil:
		return JobEnd{State: JobDone, Result: result}
	case cancelled:
		return JobEnd{State: JobCancelled, Message: "cancelled"}
	}
	return JobEnd{State: JobFailed, Code: explorer.ErrorCode(err), Message: explorer.ErrorMessage(err)}
}

// Progress is the share done, from 0 to 1.
func (j *Job) Progress() float64 {
	switch {
	case j.State == JobDone:
		return 1
	case j.Total <= 0:
		return 0
	}
	return min(1, float64(j.Done)/float64(j.Total))
}

// Ended tells whether the job will not run any more (unless started
// again).
func (j *Job) Ended() bool {
	return j.State != JobQueued && j.State != JobRunning
}

// Left estimates the time the running job still needs from the pace so
// far; 0 when it cannot tell.
func (j *Job) Left(now time.Time) time.Duration {
	if j.State != JobRunning || j.Done <= 0 || j.Total <= 0 || j.Started.IsZero() {
		return 0
	}
	spent := now.Sub(j.Started)
	return time.Duration(float64(spent) * float64(j.Total-j.Done) / float64(j.Done))
}

// JobStore keeps jobs.
type JobStore interface {
	// CreateJob inserts j (queued) and sets its ID, unless its owner
	// already has max queued jobs (measurements not counted): then
	// ETHROTTLED.
	CreateJob(ctx context.Context, j *Job, maxQueued int) error
	// QueueMeasureJobs queues a measure job of each project whose
	// tonality is stale, unless one is queued for it already (one
	// waiting measurement per project, whatever changed meanwhile).
	QueueMeasureJobs(ctx context.Context, now time.Time, projectIDs ...int64) error
	// QueueStaleMeasureJobs queues a measure job of every EXPLORED
	// project whose tonality is stale and that has none queued or
	// running; it returns how many it queued.
	QueueStaleMeasureJobs(ctx context.Context, now time.Time) (int, error)
	// CountPendingJobs counts the queued and running jobs of a kind (of
	// the projects projectIDs when some are given).
	CountPendingJobs(ctx context.Context, kind string, projectIDs ...int64) (int, error)
	FindJob(ctx context.Context, id int64) (*Job, error)
	// FindUserJobs lists a user's jobs, newest first, at most limit.
	FindUserJobs(ctx context.Context, ownerID int64, limit int) ([]*Job, error)
	// FindProjectJob returns the newest job of a project, nil when none.
	FindProjectJob(ctx context.Context, projectID int64) (*Job, error)
	// ClaimJob marks the oldest queued job running on instance and
	// returns it: a job not pinned to another instance, whose owner has
	// no running job. Several instances claim from one table: each job
	// is claimed once. Measurements come after the jobs users asked
	// for. nil when none is ready.
	ClaimJob(ctx context.Context, instance string, now time.Time) (*Job, error)
	// ClaimProjectJob is ClaimJob among the jobs of one project.
	ClaimProjectJob(ctx context.Context, instance string, projectID int64, now time.Time) (*Job, error)
	// SetJobProgress writes a running job's progress and returns whether
	// a cancel was asked.
	SetJobProgress(ctx context.Context, id int64, done, total int64, now time.Time) (cancelAsked bool, err error)
	// EndJob ends a running or queued job as end says.
	EndJob(ctx context.Context, id int64, end JobEnd, now time.Time) error
	// AskJobCancel asks a queued or running job to stop: a queued one is
	// cancelled at once (true), a running one flagged.
	AskJobCancel(ctx context.Context, id int64, now time.Time) (cancelled bool, err error)
	// InterruptJobs marks the running jobs (and the queued pinned ones,
	// whose file was in the stopped process) of instance (every instance's
	// when instance is "") interrupted, with message; it returns them.
	InterruptJobs(ctx context.Context, instance, message string, now time.Time) ([]*Job, error)
	// InterruptStaleJobs marks interrupted, with message, the running
	// jobs of other instances than instance whose progress was last
	// written before before (their instance died); it returns them.
	InterruptStaleJobs(ctx context.Context, instance string, before time.Time, message string, now time.Time) ([]*Job, error)
	// PruneJobs deletes a user's ended jobs beyond the newest keep.
	PruneJobs(ctx context.Context, ownerID int64, keep int) error
}
