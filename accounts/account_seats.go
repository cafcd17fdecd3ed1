package accounts

import (
	"context"
	"fmt"

	"explorer"
)

// Seats is an account's seat count and how many are taken: one by the
// account's owner and one by each managed user.
type Seats struct {
	Seats int
	InUse int
}

// Seats returns the seats of the account paying for the caller.
func (s *Service) Seats(ctx context.Context) (*Seats, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.paying(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.seatsOf(ctx, a)
}

func (s *Service) seatsOf(ctx context.Context, a *AccountState) (*Seats, error) {
	managed, err := s.store.FindManagedUsers(ctx, a.UserID)
	if err != nil {
		return nil, err
	}
	return &Seats{Seats: a.Seats, InUse: 1 + len(managed)}, nil
}

// ChangeSeats sets the caller's seat count (1 to 10,000) and writes the
// effect PreviewSeats shows (see seatsEffect).
func (s *Service) ChangeSeats(ctx context.Context, n int, shown ...Shown) (*Seats, error) {
	u, err := s.seatsActor(ctx, n)
	if err != nil {
		return nil, err
	}
	var out *Seats
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		e, inUse, err := s.seatsEffect(ctx, u, n)
		if err != nil {
			return err
		}
		if err := checkShown(e, shown); err != nil {
			return err
		}
		out = &Seats{Seats: n, InUse: inUse}
		if e.Kind == EffectNone {
			return nil
		}
		if err := s.store.UpdateAccountSeats(ctx, u.ID, n); err != nil {
			return err
		}
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionSeatsChange, Target: u.Username, Detail: fmt.Sprintf("%d to %d seats", e.SeatsBefore, n)}); err != nil {
			return err
		}
		return s.record(ctx, u.ID, u.ID, s.clock.Now(), e.charge(), e.entry())
	})
	return out, err
}

// PreviewSeats answers what ChangeSeats would do, writing nothing.
func (s *Service) PreviewSeats(ctx context.Context, n int) (*BillingEffect, error) {
	u, err := s.seatsActor(ctx, n)
	if err != nil {
		return nil, err
	}
	return s.dryRun(ctx, func(ctx context.Context) (*BillingEffect, error) {
		e, _, err := s.seatsEffect(ctx, u, n)
		return e, err
	})
}

func (s *Service) seatsActor(ctx context.Context, n int) (*explorer.User, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.ownAccount(ctx, u); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxSeats {
		return nil, explorer.Invalid("seats must be from 1 to 10,000", explorer.FieldError{Field: "seats", Message: "must be from 1 to 10000"})
	}
	return u, nil
}

// seatsEffect computes a seat change within a transaction and answers the
// seats in use. Fewer seats than in use is ECONFLICT. An increase charges
// the plan's seat price and adds its credits per seat for the added seats
// times the remaining fraction of the cycle; a decrease refunds nothing.
func (s *Service) seatsEffect(ctx context.Context, u *explorer.User, n int) (*BillingEffect, int, error) {
	a, err := s.settleTx(ctx, u.ID)
	if err != nil {
		return nil, 0, err
	}
	seats, err := s.seatsOf(ctx, a)
	if err != nil {
		return nil, 0, err
	}
	if n < seats.InUse {
		return nil, 0, explorer.Errorf(explorer.ECONFLICT, "%d seats are in use (you and %d managed users); remove managed users first", seats.InUse, seats.InUse-1)
	}
	p, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return nil, 0, err
	}
	now := s.clock.Now()
	e := &BillingEffect{Kind: EffectSeats, From: p, To: p, Seats: n, SeatsBefore: a.Seats, Currency: p.Currency, Effective: now,
		chargeKind: ChargeSeatProration, creditKind: CreditSeatProration}
	if n == a.Seats {
		e.Kind = EffectNone
	}
	if added := int64(n - a.Seats); added > 0 {
		e.DaysLeft, e.Days = remainingFraction(a, now)
		e.Description = fmt.Sprintf("%d seat(s) added on the %s plan, %d of %d days", added, p.Name, e.DaysLeft, e.Days)
		e.ChargeCents = mulDivRound(added*p.SeatPriceCents, e.DaysLeft, e.Days)
		e.Credits = mulDivRound(added*p.CreditsPerSeat, e.DaysLeft, e.Days)
	}
	e, err = s.withBalance(ctx, u, e)
	return e, seats.InUse, err
}
