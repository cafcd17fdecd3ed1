package projects

import (
	"context"
	"time"

	"explorer"
)

// jobInterrupted is the error of a job its server stopped while it ran.
const jobInterrupted = "interrupted when the server stopped: start it again"

// submitJob queues j for its owner u (ETHROTTLED past MaxQueuedJobs
// waiting) and wakes the runner.
func (s *Service) submitJob(ctx context.Context, u *explorer.User, j *Job) (*Job, error) {
	j.OwnerID, j.Created = u.ID, s.clock.Now()
	if err := s.store.CreateJob(context.WithoutCancel(ctx), j, MaxQueuedJobs); err != nil {
		return nil, err
	}
	s.ownJobsOf(j.ProjectID)
	s.Wake()
	return j, nil
}

// explorable checks that p may be explored: READY, EXPLORED, or FAILED
// after its import (not an import that failed: it has no rows).
func explorable(p *explorer.Project) error {
	switch {
	case p.Status == explorer.ProjectFailed && len(p.Headers) == 0:
		return explorer.Errorf(explorer.ECONFLICT, "project %d has no rows (its import failed): delete it and import the file again", p.ID)
	case p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored && p.Status != explorer.ProjectFailed:
		return explorer.Errorf(explorer.ECONFLICT, "project %d is %s: it must be READY, EXPLORED or FAILED", p.ID, p.Status)
	}
	return nil
}

// SubmitExplore queues the explore of a project (ExploreProjectWith),
// checking first what can be checked before it runs.
func (s *Service) SubmitExplore(ctx context.Context, id int64, column string, opt ExploreOptions) (*Job, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := explorer.CheckText("column", column); err != nil {
		return nil, err
	}
	if err := opt.check(); err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if err := explorable(p); err != nil {
		return nil, err
	}
	if _, err := exploreColumn(p, column); err != nil {
		return nil, err
	}
	if err := s.accounts.RequireCredits(ctx, u, 0, "exploring"); err != nil {
		return nil, err
	}
	return s.submitJob(ctx, u, &Job{Kind: JobExplore, ProjectID: id, Column: column, Topics: opt.Topics, Groups: opt.Groups})
}

// SubmitApply queues applying a model to a project (ApplyModel).
func (s *Service) SubmitApply(ctx context.Context, id, modelID int64) (*Job, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: it must be READY or EXPLORED", p.ID, p.Status)
	}
	if _, err := s.models.VisibleModel(ctx, u, modelID); err != nil {
		return nil, err
	}
	if err := s.accounts.RequireCredits(ctx, u, 0, "applying a model"); err != nil {
		return nil, err
	}
	return s.submitJob(ctx, u, &Job{Kind: JobApply, ProjectID: id, ModelID: modelID})
}

// SubmitLearnWords queues learning a project's words
// (BuildProjectSpace).
func (s *Service) SubmitLearnWords(ctx context.Context, id int64) (*Job, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if s.projectSpaces == nil {
		return nil, explorer.Errorf(explorer.ECONFLICT, "this server keeps no project word spaces")
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: its words can be learnt when it is READY or EXPLORED", p.ID, p.Status)
	}
	if col := columnIndex(p, p.TextColumn); p.TextColumn == "" || col < 0 {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d has not been explored: explore a text column first", p.ID)
	}
	if err := s.accounts.RequireCredits(ctx, u, 0, "learning words"); err != nil {
		return nil, err
	}
	return s.submitJob(ctx, u, &Job{Kind: JobLearnWords, ProjectID: id})
}

// SubmitImport creates the project of an import (INITIALIZING,
// "importing") and queues the reading of its file, which this instance
// holds until the job runs (release is called then, or when the job
// cannot be queued). The file is read in the bytes of in.File.
func (s *Service) SubmitImport(ctx context.Context, in ImportProjectInput, size int64, release func()) (*Job, error) {
	if release == nil {
		release = func() {}
	}
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		release()
		return nil, err
	}
	if err := s.accounts.CheckImportCredits(ctx, u, in.File, "this import"); err != nil {
		release()
		return nil, err
	}
	p, err := s.createImportProject(ctx, u, in)
	if err != nil {
		release()
		return nil, err
	}
	// The file is held for the job before the job exists: a runner of
	// this instance may claim it as soon as it is stored.
	r := &s.jobs
	r.mu.Lock()
	if r.inputs == nil {
		r.inputs = map[int64]jobInput{}
	}
	r.inputs[p.ID] = jobInput{in: in, release: release}
	r.mu.Unlock()
	j := &Job{Kind: JobImport, ProjectID: p.ID, Instance: s.instance, Pinned: true, Unit: UnitBytes, Total: size}
	j.OwnerID, j.Created = u.ID, s.clock.Now()
	if err := s.store.CreateJob(context.WithoutCancel(ctx), j, MaxQueuedJobs); err != nil {
		in, _ := s.takeInput(j)
		in.release()
		s.failProject(ctx, p.ID, explorer.ProjectFailed, "import failed: ", err)
		return nil, err
	}
	s.ownJobsOf(p.ID)
	s.Wake()
	return j, nil
}

// Job returns a job of the caller's, with the progress of this
// instance's running jobs as it is now (written out every half second).
func (s *Service) Job(ctx context.Context, id int64) (*Job, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	j, err := s.store.FindJob(ctx, id)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && j.OwnerID != u.ID) {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "job %d not found", id)
	}
	if err != nil {
		return nil, err
	}
	s.liveProgress(j)
	return j, nil
}

func (s *Service) liveProgress(j *Job) {
	if j.State != JobRunning {
		return
	}
	s.jobs.mu.Lock()
	l := s.jobs.live[j.ID]
	s.jobs.mu.Unlock()
	if l != nil {
		j.Done, j.Total = l.done.Load(), l.total.Load()
	}
}

// Jobs lists the caller's jobs, newest first.
func (s *Service) Jobs(ctx context.Context) ([]*Job, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.store.FindUserJobs(ctx, u.ID, keptJobs+MaxQueuedJobs+1)
	for _, j := range list {
		s.liveProgress(j)
	}
	return list, err
}

// ProjectJob is the newest job of a project of the caller's, nil when it
// has none.
func (s *Service) ProjectJob(ctx context.Context, projectID int64) (*Job, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.root.OwnProject(ctx, u, projectID); err != nil {
		return nil, err
	}
	j, err := s.store.FindProjectJob(ctx, projectID)
	if j != nil {
		s.liveProgress(j)
	}
	return j, err
}

// CancelJob cancels a job of the caller's: a queued one at once, a
// running one at its next progress check (its project is left as the
// step's failure leaves it). An ended job is ECONFLICT.
func (s *Service) CancelJob(ctx context.Context, id int64) (*Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	if j.Ended() {
		return nil, explorer.Errorf(explorer.ECONFLICT, "job %d is %s: only a queued or running job can be cancelled", id, j.State)
	}
	s.jobs.mu.Lock()
	if l := s.jobs.live[id]; l != nil {
		l.cancelled.Store(true)
		l.cancel()
	}
	s.jobs.mu.Unlock()
	cancelled, err := s.store.AskJobCancel(context.WithoutCancel(ctx), id, s.clock.Now())
	if err != nil {
		return nil, err
	}
	if cancelled {
		s.dropQueued(j)
	}
	return s.Job(ctx, id)
}

// dropQueued forgets what a queued job that will not run held: an
// import's file, and its project (FAILED, "cancelled").
func (s *Service) dropQueued(j *Job) {
	in, _ := s.takeInput(j)
	in.release()
	if j.Kind == JobImport {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s.failProject(context.WithValue(ctx, liveJobKey{}, cancelledJob()), j.ProjectID, explorer.ProjectFailed, "import failed: ", ctx.Err())
	}
}

func cancelledJob() *liveJob {
	l := &liveJob{}
	l.cancelled.Store(true)
	return l
}

// StartJobAgain queues again a job of the caller's that ended without
// being done (interrupted, failed or cancelled), as a new job with the
// same step; an import cannot be (its file is gone: import it again).
func (s *Service) StartJobAgain(ctx context.Context, id int64) (*Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	if !j.Ended() || j.State == JobDone {
		return nil, explorer.Errorf(explorer.ECONFLICT, "job %d is %s: only a job that stopped before its end can be started again", id, j.State)
	}
	switch j.Kind {
	case JobExplore:
		return s.SubmitExplore(ctx, j.ProjectID, j.Column, ExploreOptions{Topics: j.Topics, Groups: j.Groups})
	case JobApply:
		return s.SubmitApply(ctx, j.ProjectID, j.ModelID)
	case JobLearnWords:
		return s.SubmitLearnWords(ctx, j.ProjectID)
	case JobMeasure:
		return s.measureProjectAgain(ctx, j.ProjectID)
	}
	return nil, explorer.Errorf(explorer.ECONFLICT, "an import cannot be started again: its file is gone; delete the project and import the file again")
}

// AwaitJob waits for a job of the caller's to end and returns it with
// the error its step returned (an error with the job's message when
// another instance ran it). When ctx ends first (the client went away),
// the job is cancelled, as a step run within the request would stop.
func (s *Service) AwaitJob(ctx context.Context, id int64) (*Job, error) {
	j, _, err := s.awaitJob(ctx, id, 0)
	return j, err
}

// WaitJobFor waits at most d for a job of the caller's to end: ended
// tells whether it did (then err is its step's error); a job still
// running goes on (the pages show its progress).
func (s *Service) WaitJobFor(ctx context.Context, id int64, d time.Duration) (j *Job, ended bool, err error) {
	return s.awaitJob(ctx, id, d)
}

// awaitJob waits for a job to end, at most limit when limit > 0 (the job
// goes on), else until ctx ends (the job is cancelled).
func (s *Service) awaitJob(ctx context.Context, id int64, limit time.Duration) (*Job, bool, error) {
	r := &s.jobs
	r.mu.Lock()
	if r.waiters == nil {
		r.waiters = map[int64]*jobWaiter{}
	}
	w := r.waiters[id]
	if w == nil {
		w = &jobWaiter{ch: make(chan struct{})}
		r.waiters[id] = w
	}
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		if r.waiters[id] == w {
			delete(r.waiters, id)
		}
		r.mu.Unlock()
	}()
	t := time.NewTicker(jobProgressEvery)
	defer t.Stop()
	var timeout <-chan time.Time
	if limit > 0 {
		tm := time.NewTimer(limit)
		defer tm.Stop()
		timeout = tm.C
	}
	for {
		j, err := s.Job(context.WithoutCancel(ctx), id)
		if err != nil {
			return nil, false, err
		}
		if j.Ended() {
			return j, true, jobError(j, w)
		}
		select {
		case <-w.ch:
		case <-t.C:
		case <-timeout:
			return j, false, nil
		case <-ctx.Done():
			if limit > 0 {
				return j, false, nil
			}
			_, _ = s.CancelJob(context.WithoutCancel(ctx), id)
			return nil, false, explorer.Interrupted(ctx.Err())
		}
	}
}

// jobError is the error of an ended job: its step's when it ran here.
func jobError(j *Job, w *jobWaiter) error {
	select {
	case <-w.ch:
		if w.err != nil {
			return w.err
		}
	default:
	}
	switch j.State {
	case JobDone:
		return nil
	case JobCancelled:
		return explorer.Errorf(explorer.ECONFLICT, "job %d was cancelled", j.ID)
	}
	code := j.ErrorCode
	if code == "" {
		code = explorer.ECONFLICT
	}
	return explorer.Errorf(code, "%s", j.Error)
}

// RecoverJobs marks the jobs this instance (every instance on SQLite)
// left running interrupted; serve calls it at start, before
// RecoverProjects puts their projects right. They can be started again.
// Interrupted measurements are queued again (their projects stay stale);
// the owners of the others are mailed as when a job ends (mailJobEnd).
func (s *Service) RecoverJobs(ctx context.Context) (int, error) {
	list, err := s.store.InterruptJobs(ctx, s.instance, jobInterrupted, s.clock.Now())
	s.measureAgain(ctx, list)
	s.mailInterrupted(list)
	return len(list), err
}

// jobDeadAfter is how long a running job of another instance may go
// without a progress write (a heartbeat every jobHeartbeat) before it is
// taken for the job of a dead instance.
const jobDeadAfter = 2 * time.Minute

// InterruptDeadJobs marks interrupted the running jobs of other
// instances sharing the database that stopped writing their progress
// (the instance died and has not started again), and puts their
// projects right as a start would (RecoverProjects' rules). Only with
// several instances (Options.Instance set): with SQLite a job's writes
// may wait behind a long import, and the one instance recovers at start.
func (s *Service) InterruptDeadJobs(ctx context.Context) (int, error) {
	if s.instance == "" {
		return 0, nil
	}
	now := s.clock.Now()
	list, err := s.store.InterruptStaleJobs(ctx, s.instance, now.Add(-jobDeadAfter), jobInterrupted, now)
	s.measureAgain(ctx, list)
	s.mailInterrupted(list)
	for _, j := range list {
		p, err := s.store.FindProject(ctx, j.ProjectID)
		if err != nil {
			continue
		}
		switch p.Status {
		case explorer.ProjectInitializing, explorer.ProjectExploring:
			err = s.store.InTx(ctx, func(ctx context.Context) error {
				_, err := s.recoverProject(ctx, p)
				return err
			})
			if err != nil {
				s.log.Error("recovering the project of a dead instance's job", "project", p.ID, "err", err)
			}
		}
	}
	return len(list), err
}

// RunJobs claims queued jobs at once and then every interval until ctx
// ends, so that jobs queued by other instances (or left while this one
// was full) run, and interrupts the jobs of instances that died.
func (s *Service) RunJobs(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.InterruptDeadJobs(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("interrupting the jobs of dead instances", "err", err)
		}
		s.Wake()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// takeInput takes out what this instance holds for an import job (its
// file, kept by project, since it is held before the job is stored); its
// release does nothing and ok is false when there is none.
func (s *Service) takeInput(j *Job) (in jobInput, ok bool) {
	r := &s.jobs
	r.mu.Lock()
	defer r.mu.Unlock()
	if j.Kind == JobImport {
		in, ok = r.inputs[j.ProjectID]
		delete(r.inputs, j.ProjectID)
	}
	if in.release == nil {
		in.release = func() {}
	}
	return in, ok
}

// measureProjectAgain queues the measurement of a stale, EXPLORED
// project of the caller's (start again of a measure job that did not end
// done) and returns the job that will measure it.
func (s *Service) measureProjectAgain(ctx context.Context, projectID int64) (*Job, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, projectID)
	if err != nil {
		return nil, err
	}
	if p.TonalityState != explorer.TonalityStale {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is not waiting to be measured: nothing to measure again", p.ID)
	}
	if p.Status != explorer.ProjectExplored {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: only an explored project is measured; explore it again", p.ID, p.Status)
	}
	if err := s.QueueMeasure(context.WithoutCancel(ctx), p.ID); err != nil {
		return nil, err
	}
	j, err := s.store.FindProjectJob(ctx, p.ID)
	if err == nil && j == nil {
		err = explorer.Errorf(explorer.ENOTFOUND, "project %d has no job", p.ID)
	}
	return j, err
}
