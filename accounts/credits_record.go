package accounts

import (
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
