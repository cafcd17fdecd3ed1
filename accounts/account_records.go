package accounts

import (
	"time"

	"explorer"
)

// The accounts' records: the plans of the catalogue, an account's billing
// state and plan changes, and the manager invitations. Package store
// persists them (accounts.Store).

// PlanTrial is the handle of the plan new accounts start on; usage of an
// account on it is counted as trialing.
const PlanTrial = "trial"

// Plan is a product plan of the catalogue. Money is in integer cents of
// Currency. The monthly cost covers the owner's seat; every further seat
// costs SeatPriceCents a month and brings CreditsPerSeat.
type Plan struct {
	ID               int64
	Handle           string
	Name             string
	Description      string
	MonthlyCostCents int64
	Currency         string
	IncludedCredits  int64
	SeatPriceCents   int64
	CreditsPerSeat   int64
}

// IsTrial reports whether usage on this plan counts as trialing.
func (p *Plan) IsTrial() bool { return p.Handle == PlanTrial }

// PlanChoice names a plan by handle or by id: the plan an account
// changes to.
type PlanChoice struct {
	Handle string
	ID     int64
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

// Manager invitation statuses.
const (
	InvitationPending  = "pending"
	InvitationAccepted = "accepted"
	InvitationRejected = "rejected"
)

// ManagerInvitation invites Recipient to be managed by Sender, who then
// pays for it.
type ManagerInvitation struct {
	ID          int64
	SenderID    int64
	Sender      string
	RecipientID int64
	Recipient   string
	Status      string
	Created     time.Time
	// Delivery tells the sender of a new invitation whether the recipient
	// is e-mailed about it; empty once stored.
	Delivery explorer.Delivery
}

// InvitationFilter selects manager invitations; zero fields match any.
type InvitationFilter struct {
	SenderID    int64
	RecipientID int64
	Status      string
	// Page is the window of the list (zero: all).
	Page explorer.Page
}
