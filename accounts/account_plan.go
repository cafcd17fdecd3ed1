package accounts

import (
	"context"
	"fmt"
	"time"

	"explorer"
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

// paying returns the settled account state paying for the caller (its
// manager's when it is managed).
func (s *Service) paying(ctx context.Context, u *explorer.User) (*AccountState, error) {
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.settle(ctx, p.ID)
}

// ownAccount refuses plan and seat changes to a managed user: its manager
// pays and decides.
func (s *Service) ownAccount(ctx context.Context, u *explorer.User) error {
	m, err := s.store.FindManager(ctx, u.ID)
	if err == nil {
		return explorer.Errorf(explorer.EFORBIDDEN, "your account is managed by %s, who changes its plan and seats", m.Username)
	}
	if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return err
	}
	return nil
}

// Product returns the plan in force for the caller (its manager's plan
// when it is managed).
func (s *Service) Product(ctx context.Context) (*Plan, error) {
	u, err := explorer.Actor(ctx)
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
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.paying(ctx, u)
	if err != nil {
		return nil, err
	}
	m, err := s.store.FindPendingMigration(ctx, a.UserID)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "no plan change is scheduled")
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
func (s *Service) ChangeProduct(ctx context.Context, in PlanChoice, shown ...Shown) (*Plan, error) {
	u, target, err := s.planTarget(ctx, in)
	if err != nil {
		return nil, err
	}
	var result *Plan
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		e, err := s.planEffect(ctx, u, target)
		if err != nil {
			return err
		}
		if err := checkShown(e, shown); err != nil {
			return err
		}
		result = e.From
		if e.Kind == EffectUpgrade {
			result = e.To
		}
		detail := e.Kind + " from " + e.From.Handle + " to " + e.To.Handle
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionPlanChange, Target: u.Username, Detail: detail}); err != nil {
			return err
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

func (s *Service) planTarget(ctx context.Context, in PlanChoice) (*explorer.User, *Plan, error) {
	u, err := explorer.ActiveActor(ctx)
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
func (s *Service) planEffect(ctx context.Context, u *explorer.User, target *Plan) (*BillingEffect, error) {
	a, err := s.settleTx(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	cur, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return nil, err
	}
	if target.ID == cur.ID {
		return nil, explorer.Errorf(explorer.ECONFLICT, "the account is already on the %s plan", cur.Handle)
	}
	pending, err := s.store.FindPendingMigration(ctx, u.ID)
	if err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return nil, err
	}
	if pending != nil && pending.ToPlanID == target.ID {
		return nil, explorer.Errorf(explorer.ECONFLICT, "a change to the %s plan is already scheduled", target.Handle)
	}
	now := s.clock.Now()
	e := &BillingEffect{Kind: EffectDowngrade, From: cur, To: target, Seats: a.Seats, SeatsBefore: a.Seats, Currency: target.Currency,
		Effective: a.CycleEnd, pending: pending, chargeKind: ChargePlanProration, creditKind: CreditPlanProration}
	if target.MonthlyCostCents > cur.MonthlyCostCents {
		e.Kind, e.Effective = EffectUpgrade, now
		e.DaysLeft, e.Days = remainingFraction(a, now)
		e.Description = fmt.Sprintf("upgrade from %s to %s, %d of %d days", cur.Name, target.Name, e.DaysLeft, e.Days)
		e.ChargeCents = mulDivRound(target.MonthlyCostCents-cur.MonthlyCostCents, e.DaysLeft, e.Days)
		e.Credits = mulDivRound(max(0, target.IncludedCredits-cur.IncludedCredits), e.DaysLeft, e.Days)
	}
	return s.withBalance(ctx, u, e)
}

// applyPlan writes a plan effect: a downgrade is scheduled, an upgrade
// applied with its charge and credits.
func (s *Service) applyPlan(ctx context.Context, u *explorer.User, e *BillingEffect) error {
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
		return s.notifyDowngrade(ctx, u, e.From, e.To, e.Effective)
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
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	if err := s.ownAccount(ctx, u); err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.settleTx(ctx, u.ID); err != nil {
			return err
		}
		m, err := s.store.FindPendingMigration(ctx, u.ID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return explorer.Errorf(explorer.ECONFLICT, "no plan change is scheduled")
		}
		if err != nil {
			return err
		}
		if _, err = s.store.MarkMigrationCancelled(ctx, m.ID, s.clock.Now()); err != nil {
			return err
		}
		return s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionPlanCancel, Target: u.Username})
	})
}
