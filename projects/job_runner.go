package projects

import (
	"context"
	"explorer"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// MaxQueuedJobs is how many jobs one user may have waiting; a further
// one is refused ETHROTTLED.
const MaxQueuedJobs = 5

// keptJobs is how many ended jobs a user keeps (the list of its jobs);
// older ones are deleted.
const keptJobs = 50

// jobProgressEvery is how often a running job's progress is written (in
// a short transaction of its own); jobHeartbeat how often at least, even
// without progress, so that a job whose instance died can be told apart.
const (
	jobProgressEvery = 500 * time.Millisecond
	jobHeartbeat     = 10 * time.Second
)

// jobRunner runs the jobs this instance claims, at most Service.jobSlots
// at once.
type jobRunner struct {
	mu       sync.Mutex
	running  int
	claiming bool
	again    bool
	live     map[int64]*liveJob
	// own are the projects whose jobs this Service queued, the only
	// ones it claims with Options.OwnJobsOnly.
	own     map[int64]bool
	inputs  map[int64]jobInput
	waiters map[int64]*jobWaiter
	// idle is broadcast when no job runs or is being claimed.
	idle *sync.Cond
	// hook, set by tests, sees every progress report of every job.
	hook func(id, done, total int64)
}

// jobInput is the file of an import job, held by the instance that
// received it until the job runs.
type jobInput struct {
	in      ImportProjectInput
	release func()
}

// jobWaiter is told when a job of this instance ends, with the error
// its step returned.
type jobWaiter struct {
	ch  chan struct{}
	err error
}

// liveJob is a job running on this instance: its progress (written out
// every jobProgressEvery) and its cancel.
type liveJob struct {
	id          int64
	done, total atomic.Int64
	cancel      context.CancelFunc
	cancelled   atomic.Bool
	hook        func(id, done, total int64)
}

func (l *liveJob) report(done, total int64) {
	l.done.Store(done)
	l.total.Store(total)
	if l.hook != nil {
		l.hook(l.id, done, total)
	}
}

type liveJobKey struct{}

// jobCancelled tells whether the job running in ctx was cancelled by its
// owner.
func jobCancelled(ctx context.Context) bool {
	l, ok := ctx.Value(liveJobKey{}).(*liveJob)
	return ok && l.cancelled.Load()
}

// Wake claims queued jobs while this instance has free slots.
func (s *Service) Wake() {
	r := &s.jobs
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.claiming {
		r.again = true
		return
	}
	r.claiming = true
	go s.claimJobs()
}

func (s *Service) claimJobs() {
	r := &s.jobs
	for {
		r.mu.Lock()
		full := r.running >= s.jobSlots
		r.again = false
		r.mu.Unlock()
		var j *Job
		var err error
		if !full {
			j, err = s.claimOne()
			if err != nil {
				s.log.Error("claiming a job", "err", err)
			}
		}
		r.mu.Lock()
		if j == nil {
			if r.again && !full && err == nil {
				r.mu.Unlock()
				continue
			}
			r.claiming = false
			r.broadcastIdle()
			r.mu.Unlock()
			return
		}
		r.running++
		r.mu.Unlock()
		go s.runJob(j)
	}
}

// claimOne claims a job: any ready one, or with Options.OwnJobsOnly
// one of the projects this Service queued jobs for.
func (s *Service) claimOne() (*Job, error) {
	if !s.ownJobsOnly {
		return s.store.ClaimJob(context.Background(), s.instance, s.clock.Now())
	}
	for _, id := range s.ownProjects() {
		j, err := s.store.ClaimProjectJob(context.Background(), s.instance, id, s.clock.Now())
		if j != nil || err != nil {
			return j, err
		}
	}
	return nil, nil
}

// ownProjects lists the projects whose jobs this Service queued (with
// Options.OwnJobsOnly; none without).
func (s *Service) ownProjects() []int64 {
	r := &s.jobs
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]int64, 0, len(r.own))
	for id := range r.own {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// ownJobsOf notes that this Service queued jobs of projects, so that
// with Options.OwnJobsOnly it claims them.
func (s *Service) ownJobsOf(ids ...int64) {
	if !s.ownJobsOnly {
		return
	}
	r := &s.jobs
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.own == nil {
		r.own = map[int64]bool{}
	}
	for _, id := range ids {
		r.own[id] = true
	}
}

func (r *jobRunner) broadcastIdle() {
	if r.idle != nil && r.running == 0 && !r.claiming {
		r.idle.Broadcast()
	}
}

// WaitJobs waits until this instance runs no job and claims none (for
// tests and an orderly shutdown).
func (s *Service) WaitJobs() {
	r := &s.jobs
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.idle == nil {
		r.idle = sync.NewCond(&r.mu)
	}
	for r.running > 0 || r.claiming {
		r.idle.Wait()
	}
}

// runJob runs a claimed job to its end and claims the next.
func (s *Service) runJob(j *Job) {
	r := &s.jobs
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.mu.Lock()
	l := &liveJob{id: j.ID, cancel: cancel, hook: r.hook}
	if r.live == nil {
		r.live = map[int64]*liveJob{}
	}
	r.live[j.ID] = l
	r.mu.Unlock()
	input, hasInput := s.takeInput(j)
	ctx = explorer.WithProgress(context.WithValue(ctx, liveJobKey{}, l), l.report)
	stop := s.writeProgress(j.ID, l)
	result, err := s.doJob(ctx, j, input, hasInput)
	stop()
	if hasInput && input.release != nil {
		input.release()
	}
	end := endOf(result, err, l.cancelled.Load())
	if end.Code == explorer.EINTERNAL {
		// The job's answer says "internal error"; its cause is logged
		// here, since an asynchronous job has no request to log it.
		s.log.Error("a job failed", "job", j.ID, "kind", j.Kind, "err", err)
	}
	bg := context.Background()
	// The last figures, which the half-second writes may not have seen.
	if _, e := s.store.SetJobProgress(bg, j.ID, l.done.Load(), l.total.Load(), s.clock.Now()); e != nil {
		s.log.Warn("writing a job's progress", "job", j.ID, "err", e)
	}
	now := s.clock.Now()
	if e := s.store.EndJob(bg, j.ID, end, now); e != nil {
		s.log.Error("ending a job", "job", j.ID, "err", e)
	} else {
		s.mailJobEnd(j, end, now)
	}
	if e := s.store.PruneJobs(bg, j.OwnerID, keptJobs); e != nil {
		s.log.Warn("pruning a user's jobs", "user", j.OwnerID, "err", e)
	}
	r.mu.Lock()
	delete(r.live, j.ID)
	if w := r.waiters[j.ID]; w != nil {
		w.err = err
		close(w.ch)
		delete(r.waiters, j.ID)
	}
	r.running--
	r.mu.Unlock()
	s.Wake()
}

// writeProgress writes l's progress every jobProgressEvery while it
// changes (at least every jobHeartbeat), each in a short transaction
// with a short deadline (a write that would wait behind a long one is
// skipped: the next carries the figures), and stops the job when a
// cancel was asked (by another instance, say). stop ends it.
func (s *Service) writeProgress(id int64, l *liveJob) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(jobProgressEvery)
		defer t.Stop()
		lastDone, lastTotal, last := int64(-1), int64(-1), time.Now()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			done, total := l.done.Load(), l.total.Load()
			if done == lastDone && total == lastTotal && time.Since(last) < jobHeartbeat {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			asked, err := s.store.SetJobProgress(ctx, id, done, total, s.clock.Now())
			cancel()
			if err != nil {
				continue
			}
			lastDone, lastTotal, last = done, total, time.Now()
			if asked && !l.cancelled.Load() {
				l.cancelled.Store(true)
				l.cancel()
			}
		}
	}()
	return func() {
		close(quit)
		wg.Wait()
	}
}

// doJob runs a job's step as its owner. What it made is its project
// (the interfaces answer where to read it); result stays empty.
func (s *Service) doJob(ctx context.Context, j *Job, input jobInput, hasInput bool) (string, error) {
	owner, err := s.store.FindUserByID(ctx, j.OwnerID)
	if err != nil {
		return "", err
	}
	ctx = explorer.WithUser(ctx, owner)
	result := ""
	switch j.Kind {
	case JobImport:
		if !hasInput {
			err := explorer.Errorf(explorer.ECONFLICT, "the file of this import is gone (the server stopped before it was read): import the file again")
			s.failProject(ctx, j.ProjectID, explorer.ProjectFailed, "import failed: ", err)
			return "", err
		}
		p, err := s.root.OwnProject(ctx, owner, j.ProjectID)
		if err != nil {
			return "", err
		}
		_, err = s.importRows(ctx, owner, p, input.in)
		return result, err
	case JobExplore:
		_, err := s.ExploreProjectWith(ctx, j.ProjectID, j.Column, ExploreOptions{Topics: j.Topics, Groups: j.Groups})
		return result, err
	case JobApply:
		return result, s.ApplyModel(ctx, j.ProjectID, j.ModelID)
	case JobLearnWords:
		_, err := s.BuildProjectSpace(ctx, j.ProjectID)
		return result, err
	case JobMeasure:
		return result, s.measureJob(ctx, j.ProjectID)
	}
	return "", explorer.Errorf(explorer.EINTERNAL, "unknown job kind %q", j.Kind)
}
