package explorer

// CreditCost is what a piece of work costs the account that pays for it:
// Rows verbatims at the configured credits each, against the balance the
// account has and the overdraft an admin allowed it.
type CreditCost struct {
	Rows      int
	Credits   int64
	Balance   int64
	Overdraft int64
	// Enforced is false on a server that only tracks credits
	// (BillingOptions.TrackOnly): nothing is refused there.
	Enforced bool
}

// After is the balance once the work is paid.
func (c *CreditCost) After() int64 { return c.Balance - c.Credits }

// Payable reports whether the account may do the work: the balance after
// it stays at or above minus the overdraft.
func (c *CreditCost) Payable() bool { return !c.Enforced || c.After() >= -c.Overdraft }
