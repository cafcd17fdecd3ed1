package projects

import (
	"context"
	"errors"
	"explorer"
	"fmt"
	"sync"
	"time"
)

// measureTime bounds one background measurement of a project.
const measureTime = 10 * time.Minute

// measureHold holds the background measurements (set by tests).
type measureHold struct {
	mu sync.Mutex
	// held, set by tests, holds each measurement until it is closed.
	held chan struct{}
	// beforeSave, set by tests, runs between a measurement's reads and its
	// save (a change committed there is one the measurement did not see).
	beforeSave func(projectID int64)
}

// WaitMeasured waits until no background measurement is queued or
// running (for tests and the command line): this instance runs the
// queued ones it can claim, and waits for those others run. With
// Options.OwnJobsOnly, only for the measurements of the projects whose
// jobs it queued.
func (s *Service) WaitMeasured() {
	var own []int64
	if s.ownJobsOnly {
		if own = s.ownProjects(); len(own) == 0 {
			return
		}
	}
	for {
		s.WaitJobs()
		n, err := s.store.CountPendingJobs(context.Background(), JobMeasure, own...)
		if err != nil || n == 0 {
			return
		}
		s.Wake()
		time.Sleep(measurePoll)
	}
}

// measurePoll is how often WaitMeasured looks for measurements left.
const measurePoll = 20 * time.Millisecond

// measureJob is the step of a measure job: it measures a stale project
// again, once. A project deleted meanwhile or no longer stale ends it with
// nothing more to do. One changed while it was measured is queued again
// (requeueChanged). A failure makes the project FAILED, unless the job was
// cancelled (the project stays EXPLORED and stale, to be started again).
func (s *Service) measureJob(ctx context.Context, id int64) error {
	s.measuring.mu.Lock()
	held := s.measuring.held
	s.measuring.mu.Unlock()
	if held != nil {
		select {
		case <-held:
		case <-ctx.Done():
			return explorer.Interrupted(ctx.Err())
		}
	}
	ctx, cancel := context.WithTimeout(ctx, measureTime)
	defer cancel()
	changed, err := s.remeasure(ctx, id)
	switch code := explorer.ErrorCode(err); {
	case code == explorer.ENOTFOUND:
		return nil
	case changed:
		return s.requeueChanged(ctx, id)
	case err != nil && code != explorer.ECONFLICT && !jobCancelled(ctx):
		s.failMeasurement(id, err)
	}
	return err
}

// requeueChanged queues a measurement of a project that changed while it
// was measured (unless one waits already). The change queued one of its
// own, but on PostgreSQL that one may have been folded into this job: a
// change whose insert met this job still queued (one waits per project)
// commits after the job was claimed and read the project, so the job saw
// neither the change nor its generation, found it changed at its save,
// and without this the project stayed stale with no measurement to come
// (found by TestDiscoverTopics on a clean clone's CI, twentieth round).
func (s *Service) requeueChanged(ctx context.Context, id int64) error {
	if err := s.QueueMeasure(context.WithoutCancel(ctx), id); err != nil {
		return fmt.Errorf("queueing project %d again after a change: %w", id, err)
	}
	return nil
}

// failMeasurement makes a project whose measurement failed FAILED with
// the reason, while it is still the EXPLORED project measured (it can be
// explored again).
func (s *Service) failMeasurement(id int64, cause error) {
	ctx := context.Background()
	p, err := s.store.FindProject(ctx, id)
	if err != nil || p.Status != explorer.ProjectExplored {
		return
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		_, err := s.store.SwapProjectStatus(ctx, id, p.Status, p.StatusMessage, explorer.ProjectFailed, "measuring tonality failed: "+explorer.ErrorMessage(cause))
		return err
	})
	if err != nil {
		s.log.Error("recording a failed measurement", "project", id, "err", err)
	}
}

// errChangedMeanwhile stops a measurement whose project changed while it
// ran.
var errChangedMeanwhile = errors.New("the project changed while it was measured")

// remeasure measures project id if its tonality is stale and it is
// EXPLORED: its topics (a DYNAMIC model's current version) counted again
// with tonality and poles. changed reports that a change came meanwhile
// (nothing is written then).
func (s *Service) remeasure(ctx context.Context, id int64) (changed bool, err error) {
	p, err := s.store.FindProject(ctx, id)
	if err != nil {
		return false, err
	}
	_, state, gen, err := s.store.FindProjectTonality(ctx, id)
	if err != nil || state != explorer.TonalityStale || p.Status != explorer.ProjectExplored {
		return false, err
	}
	owner, err := s.store.FindUserByID(ctx, p.OwnerID)
	if err != nil {
		return false, err
	}
	col := columnIndex(p, p.TextColumn)
	if col < 0 {
		return false, explorer.Errorf(explorer.ECONFLICT, "project %d has no explored column", id)
	}
	lang, err := s.columnLanguage(ctx, owner, p, col)
	if err != nil {
		return false, err
	}
	st, dynamic, err := s.modelStructure(ctx, owner, p)
	if err != nil {
		return false, err
	}
	ad, err := s.newAdaptation(ctx, p.OwnerID, lang, p.Rows)
	if err != nil {
		return false, err
	}
	passes := 1
	if ad != nil {
		passes = 2
	}
	m, err := s.measureTexts(explorer.CountRows(ctx, int64(p.Rows)*int64(passes)), p, col, lang, st, ad)
	if err == nil {
		parts := m.result()
		s.beforeSave(p.ID)
		if err = s.chooseExamples(ctx, p.ID, col, lang, st, parts); err == nil {
			e := exploration{st: st, column: p.TextColumn, lang: lang, texts: m.texts, counts: m.counts, parts: parts, dynamic: dynamic, gen: gen}
			err = s.saveMeasurement(ctx, owner, p, e)
		}
	}
	if errors.Is(err, errChangedMeanwhile) {
		return true, nil
	}
	return false, err
}

// beforeSave runs the tests' hook of measureHold, if any.
func (s *Service) beforeSave(id int64) {
	s.measuring.mu.Lock()
	hook := s.measuring.beforeSave
	s.measuring.mu.Unlock()
	if hook != nil {
		hook(id)
	}
}

// QueueMeasure queues the measurement of stale projects, in the
// transaction of ctx (begun with inTx: the runner is woken once it is
// committed) or at once.
func (s *Service) QueueMeasure(ctx context.Context, ids ...int64) error {
	if err := s.store.QueueMeasureJobs(ctx, s.clock.Now(), ids...); err != nil {
		return err
	}
	s.ownJobsOf(ids...)
	if !explorer.WakeAfterCommit(ctx) {
		s.Wake()
	}
	return nil
}

// MeasureStale queues the measurement of every stale project that has
// none queued or running (those made stale before measurements were
// jobs, or whose measurement was cancelled); serve calls it at start.
func (s *Service) MeasureStale(ctx context.Context) (int, error) {
	n, err := s.store.QueueStaleMeasureJobs(ctx, s.clock.Now())
	if n > 0 {
		s.Wake()
	}
	return n, err
}

// measureAgain queues again the measurements among jobs that a stopped
// instance interrupted: their projects are still stale.
func (s *Service) measureAgain(ctx context.Context, jobs []*Job) {
	for _, j := range jobs {
		if j.Kind != JobMeasure {
			continue
		}
		if err := s.QueueMeasure(ctx, j.ProjectID); err != nil {
			s.log.Error("queueing an interrupted measurement again", "project", j.ProjectID, "err", err)
		}
	}
}
