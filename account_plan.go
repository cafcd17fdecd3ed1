package explorer

import (
	"context"
	"fmt"
	"time"
)

// MaxSeats is the largest seat count of an account.
const MaxSeats = 10_000

// DefaultSeats is the seat count of a new account: its owner's and one for
// a managed user. The plan's monthly cost covers the owner's seat; every
// further seat costs the plan's seat price a month and brings its credits
// per seat.
const DefaultSeats = 2

// paidSeats returns how many of n seats are paid beyond the owner's.
func paidSeats(n int) int64 { return int64(max(0, n-1)) }

// ScheduledMigration is a plan change waiting for the next cycle start.
type ScheduledMigration struct {
	Plan      *Plan
	Effective time.Time
}

// Seats is an account's seat count and how many are taken: one by the
// account's owner and one by each managed user.
type Seats struct {
	Seats int
	InUse int
}

// paying returns the settled account state paying for the caller (its
// manager's when it is managed).
func (s *Service) paying(ctx context.Context, u *User) (*AccountState, error) {
	p, err := s.payer(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.settle(ctx, p.ID)
}

// ownAccount refuses plan and seat changes to a managed user: its manager
// pays and decides.
func (s *Service) ownAccount(ctx context.Context, u *User) error {
	m, err := s.store.FindManager(ctx, u.ID)
	if err == nil {
		return Errorf(EFORBIDDEN, "your account is managed by %s, who changes its plan and seats", m.Username)
	}
	if ErrorCode(err) != ENOTFOUND {
		return err
	}
	return nil
}

// Product returns the plan in force for the caller (its manager's plan
// when it is managed).
func (s *Service) Product(ctx context.Context) (*Plan, error) {
	u, err := actor(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.paying(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.store.FindPlanByID(ctx, a.PlanID)
}

// ProductMigration returns the scheduled plan change; ENOTFOUND when none.
func (s *Service) ProductMigration(ctx context.Context) (*ScheduledMigration, error) {
	u, err := actor(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.paying(ctx, u)
	if err != nil {
		return nil, err
	}
	m, err := s.store.FindPendingMigration(ctx, a.UserID)
	if ErrorCode(err) == ENOTFOUND {
		return nil, Errorf(ENOTFOUND, "no plan change is scheduled")
	}
	if err != nil {
		return nil, err
	}
	p, err := s.store.FindPlanByID(ctx, m.ToPlanID)
	if err != nil {
		return nil, err
	}
	return &ScheduledMigration{Plan: p, Effective: m.Effective}, nil
}

// ChangeProduct moves the caller's account to another plan and answers
// the plan in force afterwards: it writes the effect PreviewProduct shows
// (see planEffect).
func (s *Service) ChangeProduct(ctx context.Context, in PlanChoice) (*Plan, error) {
	u, target, err := s.planTarget(ctx, in)
	if err != nil {
		return nil, err
	}
	var result *Plan
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		e, err := s.planEffect(ctx, u, target)
		if err != nil {
			return err
		}
		result = e.From
		if e.Kind == EffectUpgrade {
			result = e.To
		}
		return s.applyPlan(ctx, u, e)
	})
	if err != nil {
		return nil, err
	}
	return result, nil
}

// PreviewProduct answers what ChangeProduct would do, writing nothing.
func (s *Service) PreviewProduct(ctx context.Context, in PlanChoice) (*BillingEffect, error) {
	u, target, err := s.planTarget(ctx, in)
	if err != nil {
		return nil, err
	}
	return s.dryRun(ctx, func(ctx context.Context) (*BillingEffect, error) { return s.planEffect(ctx, u, target) })
}

func (s *Service) planTarget(ctx context.Context, in PlanChoice) (*User, *Plan, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := s.ownAccount(ctx, u); err != nil {
		return nil, nil, err
	}
	target, err := s.findPlanChoice(ctx, in)
	return u, target, err
}

// planEffect computes a plan change of u's account within a transaction.
// A plan of higher monthly cost is an upgrade, effective at once: the cost
// difference and the included-credit difference times the remaining
// fraction of the cycle are charged and added, and a scheduled downgrade
// is dropped. Any other plan is a downgrade, scheduled for the next cycle
// start (replacing one already scheduled). The current plan, or the plan
// already scheduled, is ECONFLICT.
func (s *Service) planEffect(ctx context.Context, u *User, target *Plan) (*BillingEffect, error) {
	a, err := s.settleTx(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	cur, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return nil, err
	}
	if target.ID == cur.ID {
		return nil, Errorf(ECONFLICT, "the account is already on the %s plan", cur.Handle)
	}
	pending, err := s.store.FindPendingMigration(ctx, u.ID)
	if err != nil && ErrorCode(err) != ENOTFOUND {
		return nil, err
	}
	if pending != nil && pending.ToPlanID == target.ID {
		return nil, Errorf(ECONFLICT, "a change to the %s plan is already scheduled", target.Handle)
	}
	now := s.clock.Now()
	e := &BillingEffect{Kind: EffectDowngrade, From: cur, To: target, Seats: a.Seats, SeatsBefore: a.Seats, Currency: target.Currency,
		Effective: a.CycleEnd, pending: pending, chargeKind: ChargePlanProration, creditKind: CreditPlanProration}
	if target.MonthlyCostCents > cur.MonthlyCostCents {
		e.Kind, e.Effective = EffectUpgrade, now
		e.DaysLeft, e.Days = a.remainingFraction(now)
		e.Description = fmt.Sprintf("upgrade from %s to %s, %d of %d days", cur.Name, target.Name, e.DaysLeft, e.Days)
		e.ChargeCents = mulDivRound(target.MonthlyCostCents-cur.MonthlyCostCents, e.DaysLeft, e.Days)
		e.Credits = mulDivRound(max(0, target.IncludedCredits-cur.IncludedCredits), e.DaysLeft, e.Days)
	}
	return s.withBalance(ctx, u, e)
}

// applyPlan writes a plan effect: a downgrade is scheduled, an upgrade
// applied with its charge and credits.
func (s *Service) applyPlan(ctx context.Context, u *User, e *BillingEffect) error {
	now := s.clock.Now()
	if e.pending != nil {
		if _, err := s.store.MarkMigrationCancelled(ctx, e.pending.ID, now); err != nil {
			return err
		}
	}
	m := &PlanMigration{UserID: u.ID, FromPlanID: e.From.ID, ToPlanID: e.To.ID, Effective: e.Effective, Created: now}
	if e.Kind == EffectDowngrade {
		if err := s.store.CreatePlanMigration(ctx, m); err != nil {
			return err
		}
		v, err := s.viewerOf(ctx, u.ID)
		if err != nil {
			return err
		}
		return s.notify(ctx, u, downgradeMail(e, v))
	}
	m.Applied = &now
	if err := s.store.CreatePlanMigration(ctx, m); err != nil {
		return err
	}
	if err := s.store.UpdateAccountPlan(ctx, u.ID, e.To.ID); err != nil {
		return err
	}
	return s.record(ctx, u.ID, u.ID, now, e.charge(), e.entry())
}

// CancelProductMigration drops the scheduled plan change; ECONFLICT when
// none is scheduled.
func (s *Service) CancelProductMigration(ctx context.Context) error {
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	if err := s.ownAccount(ctx, u); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.settleTx(ctx, u.ID); err != nil {
			return err
		}
		m, err := s.store.FindPendingMigration(ctx, u.ID)
		if ErrorCode(err) == ENOTFOUND {
			return Errorf(ECONFLICT, "no plan change is scheduled")
		}
		if err != nil {
			return err
		}
		_, err = s.store.MarkMigrationCancelled(ctx, m.ID, s.clock.Now())
		return err
	})
}

// Seats returns the seats of the account paying for the caller.
func (s *Service) Seats(ctx context.Context) (*Seats, error) {
	u, err := actor(ctx)
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
func (s *Service) ChangeSeats(ctx context.Context, n int) (*Seats, error) {
	u, err := s.seatsActor(ctx, n)
	if err != nil {
		return nil, err
	}
	var out *Seats
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		e, inUse, err := s.seatsEffect(ctx, u, n)
		if err != nil {
			return err
		}
		out = &Seats{Seats: n, InUse: inUse}
		if e.Kind == EffectNone {
			return nil
		}
		if err := s.store.UpdateAccountSeats(ctx, u.ID, n); err != nil {
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

func (s *Service) seatsActor(ctx context.Context, n int) (*User, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.ownAccount(ctx, u); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxSeats {
		return nil, Invalid("seats must be from 1 to 10,000", FieldError{Field: "seats", Message: "must be from 1 to 10000"})
	}
	return u, nil
}

// seatsEffect computes a seat change within a transaction and answers the
// seats in use. Fewer seats than in use is ECONFLICT. An increase charges
// the plan's seat price and adds its credits per seat for the added seats
// times the remaining fraction of the cycle; a decrease refunds nothing.
func (s *Service) seatsEffect(ctx context.Context, u *User, n int) (*BillingEffect, int, error) {
	a, err := s.settleTx(ctx, u.ID)
	if err != nil {
		return nil, 0, err
	}
	seats, err := s.seatsOf(ctx, a)
	if err != nil {
		return nil, 0, err
	}
	if n < seats.InUse {
		return nil, 0, Errorf(ECONFLICT, "%d seats are in use (you and %d managed users); remove managed users first", seats.InUse, seats.InUse-1)
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
		e.DaysLeft, e.Days = a.remainingFraction(now)
		e.Description = fmt.Sprintf("%d seat(s) added on the %s plan, %d of %d days", added, p.Name, e.DaysLeft, e.Days)
		e.ChargeCents = mulDivRound(added*p.SeatPriceCents, e.DaysLeft, e.Days)
		e.Credits = mulDivRound(added*p.CreditsPerSeat, e.DaysLeft, e.Days)
	}
	e, err = s.withBalance(ctx, u, e)
	return e, seats.InUse, err
}
