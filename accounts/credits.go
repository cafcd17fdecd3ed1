package accounts

import (
	"context"
	"fmt"
	"time"

	"explorer"
)

// MaxCreditPurchase is the largest quantity of one credit purchase.
const MaxCreditPurchase = 1_000_000

// record writes a charge and a ledger entry of the paying account; zero
// amounts (and nil arguments) are skipped.
func (s *Service) record(ctx context.Context, accountID, userID int64, at time.Time, c *Charge, e *CreditEntry) error {
	if c != nil && c.AmountCents != 0 {
		c.AccountID, c.UserID, c.Created = accountID, userID, at
		if err := s.store.CreateCharge(ctx, c); err != nil {
			return err
		}
	}
	if e != nil && e.Credits != 0 {
		e.AccountID, e.UserID, e.Created = accountID, userID, at
		if err := s.store.CreateCreditEntry(ctx, e); err != nil {
			return err
		}
	}
	return nil
}

// Credits returns the caller's credits: the paying account's balance, so a
// managed user sees its manager's.
func (s *Service) Credits(ctx context.Context) (int64, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return 0, err
	}
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return 0, err
	}
	if _, err := s.settle(ctx, p.ID); err != nil {
		return 0, err
	}
	return s.store.CreditBalance(ctx, p.ID)
}

// BuyCredits buys quantity credits (1 to 1,000,000) for the paying account
// at the configured unit price, records the charge and answers the new
// balance. A managed user buys for its manager's account. It writes the
// effect PreviewCredits shows.
func (s *Service) BuyCredits(ctx context.Context, quantity int64, shown ...Shown) (int64, error) {
	u, err := s.creditsActor(ctx, quantity)
	if err != nil {
		return 0, err
	}
	var balance int64
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		e, p, err := s.creditsEffect(ctx, u, quantity)
		if err != nil {
			return err
		}
		if err := checkShown(e, shown); err != nil {
			return err
		}
		if err := s.record(ctx, p.ID, u.ID, s.clock.Now(), e.charge(), e.entry()); err != nil {
			return err
		}
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionCreditsBuy, Target: p.Username, Detail: fmt.Sprintf("%d credits", quantity)}); err != nil {
			return err
		}
		balance, err = s.store.CreditBalance(ctx, p.ID)
		return err
	})
	return balance, err
}

// PreviewCredits answers what BuyCredits would do, writing nothing.
func (s *Service) PreviewCredits(ctx context.Context, quantity int64) (*BillingEffect, error) {
	u, err := s.creditsActor(ctx, quantity)
	if err != nil {
		return nil, err
	}
	return s.dryRun(ctx, func(ctx context.Context) (*BillingEffect, error) {
		e, _, err := s.creditsEffect(ctx, u, quantity)
		return e, err
	})
}

func (s *Service) creditsActor(ctx context.Context, quantity int64) (*explorer.User, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if quantity < 1 || quantity > MaxCreditPurchase {
		return nil, explorer.Invalid("quantity must be from 1 to 1,000,000", explorer.FieldError{Field: "quantity", Message: "must be from 1 to 1000000"})
	}
	return u, nil
}

// creditsEffect computes a purchase by u within a transaction and answers
// the paying user.
func (s *Service) creditsEffect(ctx context.Context, u *explorer.User, quantity int64) (*BillingEffect, *explorer.User, error) {
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, nil, err
	}
	a, err := s.settleTx(ctx, p.ID)
	if err != nil {
		return nil, nil, err
	}
	plan, err := s.store.FindPlanByID(ctx, a.PlanID)
	if err != nil {
		return nil, nil, err
	}
	e := &BillingEffect{Kind: EffectCredits, From: plan, To: plan, Seats: a.Seats, SeatsBefore: a.Seats, Effective: s.clock.Now(),
		ChargeCents: quantity * s.billing.CreditPriceCents, Currency: plan.Currency, Credits: quantity,
		Description: fmt.Sprintf("%d credits bought by %s", quantity, u.Username), chargeKind: ChargeCredits, creditKind: CreditPurchase}
	e, err = s.withBalance(ctx, p, e)
	return e, p, err
}

// AdjustCredits adds delta credits (negative to remove) to the account
// paying for username, as an adjustment entry. Only admins may.
func (s *Service) AdjustCredits(ctx context.Context, username string, delta int64, note string) (int64, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return 0, err
	}
	a, _ := explorer.Actor(ctx)
	if delta == 0 {
		return 0, explorer.Invalid("an adjustment must not be zero", explorer.FieldError{Field: "credits", Message: "must not be zero"})
	}
	var balance int64
	err := s.root.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		p, err := s.root.Payer(ctx, u)
		if err != nil {
			return err
		}
		if _, err := s.settleTx(ctx, p.ID); err != nil {
			return err
		}
		if note == "" {
			note = "adjustment by " + a.Username
		}
		if err := s.record(ctx, p.ID, a.ID, s.clock.Now(), nil, &CreditEntry{Kind: CreditAdjustment, Credits: delta, Description: note}); err != nil {
			return err
		}
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionCreditsAdjust, Target: p.Username, Detail: fmt.Sprintf("%+d credits", delta)}); err != nil {
			return err
		}
		balance, err = s.store.CreditBalance(ctx, p.ID)
		return err
	})
	return balance, err
}

// Ledger is the recent history of the account paying for the caller.
type Ledger struct {
	Balance int64
	Entries []*CreditEntry
	Charges []*Charge
}

// CreditLedger returns the balance with the newest entries and charges of
// the paying account, at most limit of each.
func (s *Service) CreditLedger(ctx context.Context, limit int) (*Ledger, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, err
	}
	if _, err := s.settle(ctx, p.ID); err != nil {
		return nil, err
	}
	l := &Ledger{}
	if l.Balance, err = s.store.CreditBalance(ctx, p.ID); err != nil {
		return nil, err
	}
	if l.Entries, err = s.store.FindCreditEntries(ctx, p.ID, limit); err != nil {
		return nil, err
	}
	if l.Charges, err = s.store.FindCharges(ctx, p.ID, limit); err != nil {
		return nil, err
	}
	return l, nil
}
