package accounts

import (
	"context"
	"time"

	"explorer"
)

// UsageBucket is the usage of one day or one month: Start is its first
// instant in the caller's time zone.
type UsageBucket struct {
	Start time.Time
	UsageSums
}

// UsageHistory is the caller's usage per day for the last 30 days and per
// month for the last 12 months (today and this month included), oldest
// first, in the caller's time zone.
type UsageHistory struct {
	Days   []UsageBucket
	Months []UsageBucket
}

// Days and months a usage history shows.
const (
	HistoryDays   = 30
	HistoryMonths = 12
)

// UsageHistory returns the caller's usage per day and per month; a
// manager's includes its managed users' records.
func (s *Service) UsageHistory(ctx context.Context) (*UsageHistory, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	loc, err := s.userLocation(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	ids, err := s.usageUsers(ctx, u)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now().In(loc)
	y, m, d := now.Date()
	h := &UsageHistory{}
	for i := HistoryDays - 1; i >= 0; i-- {
		h.Days = append(h.Days, UsageBucket{Start: time.Date(y, m, d-i, 0, 0, 0, 0, loc)})
	}
	for i := HistoryMonths - 1; i >= 0; i-- {
		h.Months = append(h.Months, UsageBucket{Start: time.Date(y, m-time.Month(i), 1, 0, 0, 0, 0, loc)})
	}
	from := h.Months[0].Start
	if h.Days[0].Start.Before(from) {
		from = h.Days[0].Start
	}
	records, err := s.store.FindUsageRecords(ctx, ids, from, time.Date(y, m+1, 1, 0, 0, 0, 0, loc))
	if err != nil {
		return nil, err
	}
	for _, r := range records {
		addToBucket(h.Days, r, time.Date(y, m, d+1, 0, 0, 0, 0, loc))
		addToBucket(h.Months, r, time.Date(y, m+1, 1, 0, 0, 0, 0, loc))
	}
	return h, nil
}

// addToBucket adds r to the bucket holding its time; buckets are
// consecutive, the last ending at end.
func addToBucket(buckets []UsageBucket, r *UsageRecord, end time.Time) {
	if r.Recorded.Before(buckets[0].Start) || !r.Recorded.Before(end) {
		return
	}
	i := len(buckets) - 1
	for i > 0 && r.Recorded.Before(buckets[i].Start) {
		i--
	}
	b := &buckets[i].UsageSums
	if r.Trialing {
		b.ProjectsTrialing += r.Projects
		b.VerbatimsTrialing += r.Verbatims
	} else {
		b.ProjectsNonTrialing += r.Projects
		b.VerbatimsNonTrialing += r.Verbatims
	}
}

// BalancePoint is the balance right after one ledger entry.
type BalancePoint struct {
	Entry   *CreditEntry
	Balance int64
}

// BalanceHistory returns the balance after each of the newest limit
// ledger entries of the account paying for the caller, oldest first, and
// the balance before the first of them.
func (s *Service) BalanceHistory(ctx context.Context, limit int) (points []BalancePoint, start int64, err error) {
	l, err := s.CreditLedger(ctx, limit)
	if err != nil {
		return nil, 0, err
	}
	points = make([]BalancePoint, len(l.Entries))
	b := l.Balance
	for i, e := range l.Entries {
		points[len(points)-1-i] = BalancePoint{Entry: e, Balance: b}
		b -= e.Credits
	}
	return points, b, nil
}
