package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"explorer/internal/wording"

	"explorer"
)

// dayStart returns 00:00 UTC of t's day.
func dayStart(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// cycleStartIn returns the start of the cycle that begins in month m of
// year y for cycles anchored on day; a day past the month's end falls back
// to its last day.
func cycleStartIn(day, y int, m time.Month) time.Time {
	first := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(day, last), 0, 0, 0, 0, time.UTC)
}

// cycleAt returns the cycle anchored on day that holds t.
func cycleAt(day int, t time.Time) (start, end time.Time) {
	t = t.UTC()
	start = cycleStartIn(day, t.Year(), t.Month())
	if start.After(t) {
		start = cycleStartIn(day, t.Year(), t.Month()-1)
	}
	return start, cycleStartIn(day, start.Year(), start.Month()+1)
}

// remainingFraction returns the whole days left in a's cycle, counting
// today (UTC), and the days of the cycle: the fraction prorated charges
// and credits are multiplied by.
func remainingFraction(a *AccountState, now time.Time) (remaining, total int64) {
	total = int64(a.CycleEnd.Sub(a.CycleStart) / (24 * time.Hour))
	from := dayStart(now)
	if from.Before(a.CycleStart) {
		from = a.CycleStart
	}
	remaining = int64(a.CycleEnd.Sub(from) / (24 * time.Hour))
	return max(0, min(remaining, total)), max(1, total)
}

// accountState returns a user's account state, opening the account on
// first use: the trial plan, DefaultSeats seats, cycles anchored on the user's
// creation day, and the first cycle billed at once.
func (s *Service) accountState(ctx context.Context, userID int64) (*AccountState, error) {
	a, err := s.store.FindAccountState(ctx, userID)
	if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return a, err
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByID(ctx, userID)
		if err != nil {
			return err
		}
		trial, err := s.store.FindPlanByHandle(ctx, PlanTrial)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		anchor := dayStart(u.Created)
		at := now
		if at.Before(anchor) {
			at = anchor
		}
		start, end := cycleAt(anchor.Day(), at)
		n := &AccountState{UserID: userID, PlanID: trial.ID, Seats: DefaultSeats, Anchor: anchor, CycleStart: start, CycleEnd: end, Created: now}
		created, err := s.store.CreateAccountState(ctx, n)
		if err != nil || !created {
			return err
		}
		return s.billCycle(ctx, n, now)
	})
	if err != nil {
		return nil, err
	}
	return s.store.FindAccountState(ctx, userID)
}

// settle returns a user's account state brought up to date: every cycle
// that started by now is billed once and a due plan migration applied.
func (s *Service) settle(ctx context.Context, userID int64) (*AccountState, error) {
	a, err := s.accountState(ctx, userID)
	if err != nil || a.CycleEnd.After(s.clock.Now()) {
		return a, err
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		a, err = s.settleTx(ctx, userID)
		return err
	})
	return a, err
}

// settleTx does settle's work inside the caller's transaction. Each step
// moves the cycle forward with a conditional update, so that of several
// instances settling at once only one bills a cycle and applies a
// migration; the others see the moved cycle and stop.
func (s *Service) settleTx(ctx context.Context, userID int64) (*AccountState, error) {
	if _, err := s.accountState(ctx, userID); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	for misses := 0; ; {
		a, err := s.store.FindAccountState(ctx, userID)
		if err != nil {
			return nil, err
		}
		if a.CycleEnd.After(now) {
			return a, nil
		}
		start := a.CycleEnd
		end := cycleStartIn(a.Anchor.Day(), start.Year(), start.Month()+1)
		moved, err := s.store.AdvanceAccountCycle(ctx, userID, a.CycleEnd, start, end)
		if err != nil {
			return nil, err
		}
		if !moved {
			if misses++; misses > 3 {
				return nil, explorer.Internal(fmt.Errorf("account %d: the billing cycle keeps moving", userID))
			}
			continue
		}
		a.CycleStart, a.CycleEnd = start, end
		m, err := s.store.FindPendingMigration(ctx, userID)
		switch {
		case err == nil && !m.Effective.After(start):
			applied, err := s.store.MarkMigrationApplied(ctx, m.ID, now)
			if err != nil {
				return nil, err
			}
			if applied {
				if err := s.store.UpdateAccountPlan(ctx, userID, m.ToPlanID); err != nil {
					return nil, err
				}
				a.PlanID = m.ToPlanID
			}
		case err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND:
			return nil, err
		}
		if err := s.billCycle(ctx, a, start); err != nil {
			return nil, err
		}
	}
}

// billCycle charges the plan and its extra seats for the cycle starting at
// and adds the included credits. Accounts that are cancelled or managed
// (their manager pays) are not billed.
func (s *Service) billCycle(ctx context.Context, a *AccountState, at time.Time) error {
	u, err := s.store.FindUserByID(ctx, a.UserID)
	if err != nil {
		return err
	}
	if u.Status == explorer.StatusCancelled {
		return nil
	}
	if _, err := s.store.FindManager(ctx, a.UserID); err == nil {
		return nil
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return err
	}
	p, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return err
	}
	extra := paidSeats(a.Seats)
	what := fmt.Sprintf("%s plan, %s, cycle from %s", p.Name, wording.CountText(int64(a.Seats), "seat", "seats"), a.CycleStart.Format(time.DateOnly))
	return s.record(ctx, a.UserID, a.UserID, at,
		&Charge{Kind: ChargeSubscription, AmountCents: p.MonthlyCostCents + extra*p.SeatPriceCents, Currency: p.Currency, Description: what},
		&CreditEntry{Kind: CreditIncluded, Credits: p.IncludedCredits + extra*p.CreditsPerSeat, Description: what})
}

// ApplyDueMigrations settles every account whose billing cycle has ended:
// it bills the new cycles and applies the scheduled plan migrations that
// are due. It is safe to run in several instances at once. It returns the
// number of accounts settled.
func (s *Service) ApplyDueMigrations(ctx context.Context) (int, error) {
	const batch = 200
	n := 0
	for {
		ids, err := s.store.FindDueAccounts(ctx, s.clock.Now(), batch)
		if err != nil {
			return n, err
		}
		var errs []error
		for _, id := range ids {
			err := s.root.InTx(ctx, func(ctx context.Context) error {
				_, err := s.settleTx(ctx, id)
				return err
			})
			if err != nil {
				errs = append(errs, fmt.Errorf("account of user %d: %w", id, err))
				continue
			}
			n++
		}
		if len(errs) > 0 || len(ids) < batch {
			return n, errors.Join(errs...)
		}
	}
}

// RunBilling applies due migrations and bills new cycles at once and then
// every interval until ctx ends. cmd/explorer runs it in a goroutine.
func (s *Service) RunBilling(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = time.Minute
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if n, err := s.ApplyDueMigrations(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			s.log.Error("billing", "settled", n, "err", err)
		} else if n > 0 {
			s.log.Info("billing", "settled", n)
		}
		s.log.Debug("billing pass ended")
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// CreditPriceCents is the price of one credit bought, in the paying plan's
// currency.
func (s *Service) CreditPriceCents() int64 { return s.billing.CreditPriceCents }
