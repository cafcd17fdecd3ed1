package explorer

import (
	"context"
	"fmt"
	"time"
)

// Credit ledger entry kinds.
const (
	CreditPurchase      = "purchase"
	CreditPlanProration = "plan_proration"
	CreditSeatProration = "seat_proration"
	CreditIncluded      = "included"
	CreditUsage         = "usage"
	CreditAdjustment    = "adjustment"
)

// Charge kinds.
const (
	ChargeCredits       = "credits"
	ChargePlanProration = "plan_proration"
	ChargeSeatProration = "seat_proration"
	ChargeSubscription  = "subscription"
)

// MaxCreditPurchase is the largest quantity of one credit purchase.
const MaxCreditPurchase = 1_000_000

// CreditEntry is one change of an account's credits; the balance is the
// sum of the entries. AccountID is the paying account, UserID the user
// whose action caused it.
type CreditEntry struct {
	ID          int64
	AccountID   int64
	UserID      int64
	Kind        string
	Credits     int64
	Description string
	Created     time.Time
	// ProjectID is the project whose import or append a usage entry paid
	// (0: none; the project may be gone since).
	ProjectID int64
}

// Charge is an amount billed to an account, in integer cents.
type Charge struct {
	ID          int64
	AccountID   int64
	UserID      int64
	Kind        string
	AmountCents int64
	Currency    string
	Description string
	Created     time.Time
}

// LedgerStore keeps the credit ledger and the charges.
type LedgerStore interface {
	CreateCreditEntry(ctx context.Context, e *CreditEntry) error
	CreateCharge(ctx context.Context, c *Charge) error
	CreditBalance(ctx context.Context, accountID int64) (int64, error)
	// FindCreditEntries and FindCharges list an account's newest first,
	// at most limit.
	FindCreditEntries(ctx context.Context, accountID int64, limit int) ([]*CreditEntry, error)
	FindCharges(ctx context.Context, accountID int64, limit int) ([]*Charge, error)
}

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

// Payer returns the user whose account pays for u: its manager, or u.
func (s *Service) Payer(ctx context.Context, u *User) (*User, error) {
	m, err := s.store.FindManager(ctx, u.ID)
	if ErrorCode(err) == ENOTFOUND {
		return u, nil
	}
	return m, err
}

// Credits returns the caller's credits: the paying account's balance, so a
// managed user sees its manager's.
func (s *Service) Credits(ctx context.Context) (int64, error) {
	u, err := Actor(ctx)
	if err != nil {
		return 0, err
	}
	p, err := s.Payer(ctx, u)
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
	err = s.store.InTx(ctx, func(ctx context.Context) error {
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
		if err := s.audit(ctx, ActionCreditsBuy, p.Username, fmt.Sprintf("%d credits", quantity)); err != nil {
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

func (s *Service) creditsActor(ctx context.Context, quantity int64) (*User, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if quantity < 1 || quantity > MaxCreditPurchase {
		return nil, Invalid("quantity must be from 1 to 1,000,000", FieldError{Field: "quantity", Message: "must be from 1 to 1000000"})
	}
	return u, nil
}

// creditsEffect computes a purchase by u within a transaction and answers
// the paying user.
func (s *Service) creditsEffect(ctx context.Context, u *User, quantity int64) (*BillingEffect, *User, error) {
	p, err := s.Payer(ctx, u)
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
	if err := s.requireAdmin(ctx); err != nil {
		return 0, err
	}
	a, _ := Actor(ctx)
	if delta == 0 {
		return 0, Invalid("an adjustment must not be zero", FieldError{Field: "credits", Message: "must not be zero"})
	}
	var balance int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		p, err := s.Payer(ctx, u)
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
		if err := s.audit(ctx, ActionCreditsAdjust, p.Username, fmt.Sprintf("%+d credits", delta)); err != nil {
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
	u, err := Actor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.Payer(ctx, u)
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
