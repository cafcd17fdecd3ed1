package explorer

import (
	"time"
)

// BillingOptions configure credits and billing. Zero values take the
// defaults.
type BillingOptions struct {
	// CreditPriceCents is the price of one credit bought (BuyCredits), in
	// the paying plan's currency (default 10).
	CreditPriceCents int64
	// CreditsPerVerbatim is how many credits one analysed verbatim uses
	// (default 1).
	CreditsPerVerbatim int64
	// TrackOnly counts credits without ever refusing work (an install
	// that sells none); by default an import the paying account cannot
	// pay is refused with EPAYMENT.
	TrackOnly bool
}

func (o BillingOptions) withDefaults() BillingOptions {
	if o.CreditPriceCents <= 0 {
		o.CreditPriceCents = 10
	}
	if o.CreditsPerVerbatim <= 0 {
		o.CreditsPerVerbatim = 1
	}
	return o
}

// AccountState is the billing state of a user's own account: its plan,
// seats and current monthly cycle. Cycles start at 00:00 UTC on the day of
// the month of Anchor (the user's creation day), or on the month's last
// day when it is shorter.
type AccountState struct {
	UserID     int64
	PlanID     int64
	Seats      int
	Anchor     time.Time
	CycleStart time.Time
	CycleEnd   time.Time
	Created    time.Time
	// Overdraft is how many credits below zero an admin lets the account
	// go (0: none); LowCreditsMailed the start of the cycle whose
	// low-balance mail was queued (nil: never).
	Overdraft        int64
	LowCreditsMailed *time.Time
}

// PlanMigration is a plan change. A downgrade is scheduled (pending until
// applied or cancelled); an upgrade is recorded applied at once.
type PlanMigration struct {
	ID         int64
	UserID     int64
	FromPlanID int64
	ToPlanID   int64
	Effective  time.Time
	Created    time.Time
	Applied    *time.Time
	Cancelled  *time.Time
}
