package accounts

import (
	"context"
	"errors"
	"time"

	"explorer"
)

// Effect kinds of a BillingEffect.
const (
	EffectUpgrade   = "upgrade"
	EffectDowngrade = "downgrade"
	EffectSeats     = "seats"
	EffectCredits   = "credits"
	// EffectNone is a change that changes nothing (the same seat count).
	EffectNone = "none"
)

// BillingEffect is what a plan, seat or credit change does to the paying
// account. One function computes it; the preview answers it without
// writing, and the change writes exactly its charge and ledger entry, so
// what a person is shown before confirming is what is applied.
type BillingEffect struct {
	Kind string
	// From and To are the plans before and after (the same for seats and
	// credits); Seats and SeatsBefore the seat counts.
	From, To           *Plan
	Seats, SeatsBefore int
	// ChargeCents (in Currency) and Credits are what is charged and added
	// now; zero for a downgrade, a seat decrease or no change.
	ChargeCents int64
	Currency    string
	Credits     int64
	// Effective is when the change takes effect: now, or the next cycle
	// start for a downgrade.
	Effective time.Time
	// DaysLeft of Days is the prorated fraction of the cycle.
	DaysLeft, Days int64
	// Balance is the paying account's credits before; BalanceAfter after.
	Balance, BalanceAfter int64
	// Description is written with the charge and the ledger entry.
	Description string
	// Payer is the username of the paying account.
	Payer string

	chargeKind, creditKind string
	pending                *PlanMigration
}

// charge and entry are what applying the effect writes.
func (e *BillingEffect) charge() *Charge {
	return &Charge{Kind: e.chargeKind, AmountCents: e.ChargeCents, Currency: e.Currency, Description: e.Description}
}

func (e *BillingEffect) entry() *CreditEntry {
	return &CreditEntry{Kind: e.creditKind, Credits: e.Credits, Description: e.Description}
}

// errDryRun rolls back the transaction of a preview.
var errDryRun = errors.New("dry run")

// dryRun computes an effect in a transaction that is rolled back, so a
// preview writes nothing (not even the settling of a due cycle).
func (s *Service) dryRun(ctx context.Context, compute func(ctx context.Context) (*BillingEffect, error)) (*BillingEffect, error) {
	var eff *BillingEffect
	err := s.root.InTx(ctx, func(ctx context.Context) error {
		var err error
		if eff, err = compute(ctx); err != nil {
			return err
		}
		return errDryRun
	})
	if errors.Is(err, errDryRun) {
		return eff, nil
	}
	return nil, err
}

// withBalance fills in the payer and the balances of the effect.
func (s *Service) withBalance(ctx context.Context, payer *explorer.User, e *BillingEffect) (*BillingEffect, error) {
	e.Payer = payer.Username
	b, err := s.store.CreditBalance(ctx, payer.ID)
	if err != nil {
		return nil, err
	}
	e.Balance, e.BalanceAfter = b, b+e.Credits
	return e, nil
}

// Shown is the charge a person saw in a preview before confirming: a
// change given it is refused (ECONFLICT) when its charge is no longer
// that, for instance after midnight changed the prorated days.
type Shown struct{ ChargeCents int64 }

func checkShown(e *BillingEffect, shown []Shown) error {
	for _, sh := range shown {
		if sh.ChargeCents != e.ChargeCents {
			return explorer.Errorf(explorer.ECONFLICT, "the charge is now %d cents, not the %d cents shown; look at the new preview before confirming", e.ChargeCents, sh.ChargeCents)
		}
	}
	return nil
}
