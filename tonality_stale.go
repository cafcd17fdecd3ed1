package explorer

import "context"

// Measurer queues the measurement of projects whose tonality a change
// made stale. The projects domain implements it and the wiring hands it
// to the Service (SetMeasurer); without one a change only marks the
// tonality stale, to be queued by the next start's MeasureStale.
type Measurer interface {
	// QueueMeasure queues, in the transaction of ctx, a measure job for
	// each project unless one waits already; inside a transaction begun
	// with Service.InTx it asks WakeAfterCommit to wake the runner.
	QueueMeasure(ctx context.Context, ids ...int64) error
	// Wake makes the runner look for queued jobs.
	Wake()
}

// SetMeasurer hands the Service the measurer of stale projects; the
// wiring calls it once, before the Service serves.
func (s *Service) SetMeasurer(m Measurer) { s.measurer = m }

// WakeAfterCommit notes, inside a transaction begun with InTx, that the
// measurer must be woken once it is committed, and reports whether ctx
// is inside one (outside, the caller wakes it at once).
func WakeAfterCommit(ctx context.Context) bool {
	queued, ok := ctx.Value(afterCommitKey{}).(*bool)
	if ok {
		*queued = true
	}
	return ok
}

// afterCommitKey carries, in a transaction's context, whether
// measurements were queued in it: the runner is woken once it is
// committed.
type afterCommitKey struct{}

// InTx runs fn in one transaction (store.InTx) and, once it is committed,
// wakes the measurer for the measurements fn queued (MarkStale). A nested
// call joins the outer transaction.
func (s *Service) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(afterCommitKey{}).(*bool); ok {
		return s.store.InTx(ctx, fn)
	}
	queued := false
	err := s.store.InTx(context.WithValue(ctx, afterCommitKey{}, &queued), fn)
	if err == nil && queued && s.measurer != nil {
		s.measurer.Wake()
	}
	return err
}

// MarkStale makes the tonality of projects stale in the transaction of
// ctx and queues their measurement in it (a measure job each, unless one
// waits already), so that the stale flag and its job are committed
// together: a restart loses no measurement.
func (s *Service) MarkStale(ctx context.Context, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	if err := s.store.MarkTonalityStale(ctx, ids...); err != nil {
		return err
	}
	if s.measurer == nil {
		return nil
	}
	return s.measurer.QueueMeasure(ctx, ids...)
}

// PoleChanged makes the tonality of the projects measured with a pole
// stale (inside the change's transaction) and returns their ids, to be
// measured again once it is committed.
func (s *Service) PoleChanged(ctx context.Context, poleID int64) ([]int64, error) {
	ps, err := s.store.FindPoleProjects(ctx, poleID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids, s.MarkStale(ctx, ids...)
}
