package accounts

import (
	"context"

	"explorer"
)

// lowCreditsShare is the share of the monthly included credits (in
// percent) under which a balance counts as low.
const lowCreditsShare = 10

// monthlyCredits are the credits an account's plan and seats bring each
// cycle.
func monthlyCredits(p *Plan, a *AccountState) int64 {
	return p.IncludedCredits + paidSeats(a.Seats)*p.CreditsPerSeat
}

// lowCreditsLine is the balance under which an account's credits are low:
// 10 % of its monthly credits (0 for a plan that includes none: the
// balance is then low once it is below zero).
func lowCreditsLine(p *Plan, a *AccountState) int64 {
	return monthlyCredits(p, a) * lowCreditsShare / 100
}

// LowCredits is the state of a low balance, shown on every page.
type LowCredits struct {
	Balance int64
	// Line is the balance under which credits count as low; Monthly the
	// credits the plan brings each cycle.
	Line, Monthly int64
	// Overdraft is how far below zero the account may go.
	Overdraft int64
	// Payer is the username of the paying account when it is not the
	// caller's (a managed user's manager).
	Payer string
}

// CreditsLow answers the caller's paying account's balance when it is
// under the low line (nil when it is not, and where credits are only
// counted: --credits track refuses nothing). It only reads, unless the
// account's cycle is due (then it settles it first).
func (s *Service) CreditsLow(ctx context.Context) (*LowCredits, error) {
	if s.billing.TrackOnly {
		return nil, nil
	}
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, err
	}
	a, err := s.settle(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	plan, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return nil, err
	}
	balance, err := s.store.CreditBalance(ctx, p.ID)
	if err != nil || balance >= lowCreditsLine(plan, a) {
		return nil, err
	}
	out := &LowCredits{Balance: balance, Line: lowCreditsLine(plan, a), Monthly: monthlyCredits(plan, a), Overdraft: a.Overdraft}
	if p.ID != u.ID {
		out.Payer = p.Username
	}
	return out, nil
}

// warnLowCredits queues, in the caller's transaction, the mail to the
// paying account p that its credits are low, once per billing cycle: the
// first usage that leaves the balance under the line sends it.
func (s *Service) warnLowCredits(ctx context.Context, p *explorer.User, a *AccountState, plan *Plan) error {
	if !s.root.Mails() || s.billing.TrackOnly {
		return nil
	}
	balance, err := s.store.CreditBalance(ctx, p.ID)
	line := lowCreditsLine(plan, a)
	if err != nil || balance >= line {
		return err
	}
	if a.LowCreditsMailed != nil && !a.LowCreditsMailed.Before(a.CycleStart) {
		return nil
	}
	first, err := s.store.MarkLowCreditsMailed(ctx, p.ID, a.CycleStart)
	if err != nil || !first {
		return err
	}
	return s.notifyLowCredits(ctx, p, balance, line, a)
}
