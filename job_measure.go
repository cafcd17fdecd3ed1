package explorer

import (
	"context"
	"errors"
)

// startMeasureJob records a background measurement of p as a running
// job of its owner (kind measure, outside the queue: measurements keep
// their own, one at a time per instance), so that its progress shows as
// other jobs' do and it can be cancelled. It returns the context to
// measure in and finish, which ends the job with the measurement's
// error. A job that cannot be recorded does not stop the measurement.
func (s *Service) startMeasureJob(ctx context.Context, p *Project) (context.Context, func(err error)) {
	j := &Job{OwnerID: p.OwnerID, Kind: JobMeasure, ProjectID: p.ID}
	if err := s.store.StartJob(context.WithoutCancel(ctx), j, s.instance, s.clock.Now()); err != nil {
		s.log.Warn("recording a measurement as a job", "project", p.ID, "err", err)
		return ctx, func(error) {}
	}
	ctx, cancel := context.WithCancel(ctx)
	r := &s.jobs
	r.mu.Lock()
	if r.live == nil {
		r.live = map[int64]*liveJob{}
	}
	l := &liveJob{id: j.ID, cancel: cancel, hook: r.hook}
	r.live[j.ID] = l
	r.mu.Unlock()
	ctx = WithProgress(context.WithValue(ctx, liveJobKey{}, l), l.report)
	stop := s.writeProgress(j.ID, l)
	return ctx, func(err error) {
		stop()
		cancel()
		end := endOf("", err, err != nil && l.cancelled.Load())
		if errors.Is(err, errChangedMeanwhile) {
			end = JobEnd{State: JobFailed, Code: ECONFLICT, Message: "the project changed while it was measured: it is measured again"}
		}
		bg := context.Background()
		if _, e := s.store.SetJobProgress(bg, j.ID, l.done.Load(), l.total.Load(), s.clock.Now()); e != nil {
			s.log.Warn("writing a job's progress", "job", j.ID, "err", e)
		}
		if e := s.store.EndJob(bg, j.ID, end, s.clock.Now()); e != nil {
			s.log.Error("ending a job", "job", j.ID, "err", e)
		}
		r.mu.Lock()
		delete(r.live, j.ID)
		r.mu.Unlock()
	}
}
