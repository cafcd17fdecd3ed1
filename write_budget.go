package explorer

import (
	"context"
	"sync"
	"time"
)

// writeWindow counts each user's writes in fixed one-minute windows, in
// memory: every instance counts the writes it serves.
type writeWindow struct {
	mu    sync.Mutex
	users map[int64]*writeCount
}

type writeCount struct {
	start time.Time
	n     int
}

// spend counts one write of user at now against limit; it returns 0, or
// how long until the user's window ends when the limit is reached.
func (w *writeWindow) spend(user int64, limit int, now time.Time) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.users == nil {
		w.users = map[int64]*writeCount{}
	}
	c := w.users[user]
	if c == nil || now.Sub(c.start) >= time.Minute || now.Before(c.start) {
		if len(w.users) >= 10000 {
			w.sweep(now)
		}
		c = &writeCount{start: now}
		w.users[user] = c
	}
	if c.n >= limit {
		return c.start.Add(time.Minute).Sub(now)
	}
	c.n++
	return 0
}

// sweep forgets the windows that ended.
func (w *writeWindow) sweep(now time.Time) {
	for id, c := range w.users {
		if now.Sub(c.start) >= time.Minute {
			delete(w.users, id)
		}
	}
}

// SpendWrite counts one write of the signed-in user; past its budget of
// writes per minute it is ETHROTTLED with RetryAfter, the seconds until
// the window ends. The HTTP edge calls it for every request that is not
// GET, HEAD or OPTIONS.
func (s *Service) SpendWrite(ctx context.Context) error {
	u, err := Actor(ctx)
	if err != nil {
		return err
	}
	limit, err := s.writesPerMinute(ctx, u)
	if err != nil {
		return err
	}
	if wait := s.writes.spend(u.ID, limit, s.clock.Now()); wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		e := Errorf(ETHROTTLED, "more than %d writes in a minute: the limit per user; try again in %d seconds", limit, secs)
		e.RetryAfter = secs
		return e
	}
	return nil
}

// writesPerMinute is u's budget of writes per minute: its override as read
// with u when it was, else from the store.
func (s *Service) writesPerMinute(ctx context.Context, u *User) (int, error) {
	if u.Writes.Read {
		return BudgetOverride{WritesPerMinute: u.Writes.Limit}.apply(s.budgets).WritesPerMinute, nil
	}
	b, err := s.budgetsOf(ctx, u.ID)
	return b.WritesPerMinute, err
}
