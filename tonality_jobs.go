package explorer

import (
	"context"
	"errors"
	"sync"
	"time"
)

// measureTime bounds one background measurement of a project.
const measureTime = 10 * time.Minute

// measureQueue runs the background measurements of stale projects, one
// at a time per Service, each project once however often it is asked
// for (asked again while it runs, it runs once more after). Its worker
// runs only while there is work.
type measureQueue struct {
	mu      sync.Mutex
	pending []int64
	queued  map[int64]bool
	running bool
	idle    *sync.Cond
	// held, set by tests, holds each measurement until it is closed.
	held chan struct{}
}

// measureLater queues the measurement of projects whose tonality was
// made stale. Call it after the change is committed; a job that starts
// before still sees the change's generation and measures again.
func (s *Service) measureLater(ids ...int64) {
	q := &s.measuring
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.queued == nil {
		q.queued = map[int64]bool{}
	}
	for _, id := range ids {
		if !q.queued[id] {
			q.queued[id] = true
			q.pending = append(q.pending, id)
		}
	}
	if !q.running && len(q.pending) > 0 {
		q.running = true
		go s.measureWorker()
	}
}

func (s *Service) measureWorker() {
	q := &s.measuring
	for {
		q.mu.Lock()
		if len(q.pending) == 0 {
			q.running = false
			if q.idle != nil {
				q.idle.Broadcast()
			}
			q.mu.Unlock()
			return
		}
		id := q.pending[0]
		q.pending = q.pending[1:]
		delete(q.queued, id)
		held := q.held
		q.mu.Unlock()
		if held != nil {
			<-held
		}
		s.measureStale(id)
	}
}

// WaitMeasured waits until no background measurement is queued or
// running (for tests and an orderly shutdown).
func (s *Service) WaitMeasured() {
	q := &s.measuring
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.idle == nil {
		q.idle = sync.NewCond(&q.mu)
	}
	for q.running {
		q.idle.Wait()
	}
}

// measureStale measures a stale project again, retrying while changes
// come in during the measurement (at most a few times: each change queues
// its own run too).
func (s *Service) measureStale(id int64) {
	for range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), measureTime)
		again, err := s.remeasure(ctx, id)
		cancel()
		if err != nil {
			if code := ErrorCode(err); code != ENOTFOUND && code != ECONFLICT {
				s.log.Error("measuring a project's tonality failed", "project", id, "err", err)
				s.failMeasurement(id, err)
			}
			return
		}
		if !again {
			return
		}
	}
}

// failMeasurement makes a project whose measurement failed FAILED with
// the reason, while it is still the EXPLORED project measured (it can be
// explored again).
func (s *Service) failMeasurement(id int64, cause error) {
	ctx := context.Background()
	p, err := s.store.FindProject(ctx, id)
	if err != nil || p.Status != ProjectExplored {
		return
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		_, err := s.store.SwapProjectStatus(ctx, id, p.Status, p.StatusMessage, ProjectFailed, "measuring tonality failed: "+ErrorMessage(cause))
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
// with tonality and poles. again reports that a change came meanwhile.
func (s *Service) remeasure(ctx context.Context, id int64) (again bool, err error) {
	p, err := s.store.FindProject(ctx, id)
	if err != nil {
		return false, err
	}
	_, state, gen, err := s.store.FindProjectTonality(ctx, id)
	if err != nil || state != TonalityStale || p.Status != ProjectExplored {
		return false, err
	}
	owner, err := s.store.FindUserByID(ctx, p.OwnerID)
	if err != nil {
		return false, err
	}
	col := columnIndex(p, p.TextColumn)
	if col < 0 {
		return false, Errorf(ECONFLICT, "project %d has no explored column", id)
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
	ctx, finish := s.startMeasureJob(ctx, p)
	m, err := s.measureTexts(countRows(ctx, int64(p.Rows)*int64(passes)), p, col, lang, st, ad)
	if err == nil {
		parts := m.result()
		if err = s.chooseExamples(ctx, p.ID, col, lang, st, parts); err == nil {
			e := exploration{st: st, column: p.TextColumn, lang: lang, texts: m.texts, counts: m.counts, parts: parts, dynamic: dynamic, gen: gen}
			err = s.saveMeasurement(ctx, owner, p, e)
		}
	}
	finish(err)
	if errors.Is(err, errChangedMeanwhile) {
		return true, nil
	}
	return false, err
}

// afterCommitKey carries, in a transaction's context, the projects to
// measure once it is committed.
type afterCommitKey struct{}

// inTx runs fn in one transaction (store.InTx) and, once it is committed,
// queues the measurements fn asked for with measureAfterCommit. A nested
// call joins the outer transaction and its queue.
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(afterCommitKey{}).(*[]int64); ok {
		return s.store.InTx(ctx, fn)
	}
	var ids []int64
	err := s.store.InTx(context.WithValue(ctx, afterCommitKey{}, &ids), fn)
	if err == nil {
		s.measureLater(ids...)
	}
	return err
}

// measureAfterCommit queues the measurement of projects once the
// transaction of ctx (begun with inTx) is committed; outside one, at once.
func (s *Service) measureAfterCommit(ctx context.Context, ids ...int64) {
	if list, ok := ctx.Value(afterCommitKey{}).(*[]int64); ok {
		*list = append(*list, ids...)
		return
	}
	s.measureLater(ids...)
}

// markStale makes the tonality of projects stale in the transaction of
// ctx and measures them again once it is committed.
func (s *Service) markStale(ctx context.Context, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	if err := s.store.MarkTonalityStale(ctx, ids...); err != nil {
		return err
	}
	s.measureAfterCommit(ctx, ids...)
	return nil
}

// MeasureStale queues the measurement of every stale project, those an
// instance that stopped left behind included; serve calls it at start and
// now and then.
func (s *Service) MeasureStale(ctx context.Context) error {
	ids, err := s.store.FindStaleProjects(ctx)
	if err != nil {
		return err
	}
	s.measureLater(ids...)
	return nil
}

// RunMeasurements measures the stale projects at once and then every
// interval until ctx ends, so that a measurement another instance left
// unfinished (it stopped, or ran out of time) is done by a running one.
func (s *Service) RunMeasurements(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := s.MeasureStale(ctx); err != nil && !errors.Is(err, context.Canceled) {
			s.log.Error("finding stale projects to measure", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
