package explorer

import (
	"context"
	"sync/atomic"
)

// ProgressFunc is told how far a long operation is: done of total (texts
// read over all passes, or bytes of a file). It is called often (per
// row): it must be cheap and must not block.
type ProgressFunc func(done, total int64)

type progressKey struct{}

// WithProgress returns a context whose long operations (import, explore,
// apply, learning words, measuring tonality) report their progress to fn.
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

// ProgressOf is the ProgressFunc of ctx, nil when none.
func ProgressOf(ctx context.Context) ProgressFunc {
	fn, _ := ctx.Value(progressKey{}).(ProgressFunc)
	return fn
}

type rowCounterKey struct{}

// rowCounter counts the rows a step's passes over a project's rows read,
// against total (rows × passes), for the context's ProgressFunc.
type rowCounter struct {
	done, total int64
	fn          ProgressFunc
}

// CountRows returns a context in which each row a pass over the
// project's rows reads (columnTexts, measureTexts) counts towards total;
// ctx itself when it has no ProgressFunc.
func CountRows(ctx context.Context, total int64) context.Context {
	fn := ProgressOf(ctx)
	if fn == nil {
		return ctx
	}
	rc := &rowCounter{total: max(total, 1), fn: fn}
	fn(0, rc.total)
	return context.WithValue(ctx, rowCounterKey{}, rc)
}

// RowRead counts one row read in ctx (countRows); done never passes
// total, since a pass may be added to what was foreseen.
func RowRead(ctx context.Context) {
	rc, ok := ctx.Value(rowCounterKey{}).(*rowCounter)
	if !ok {
		return
	}
	n := atomic.AddInt64(&rc.done, 1)
	rc.fn(min(n, rc.total), rc.total)
}
