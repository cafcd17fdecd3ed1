package explorer

import (
	"context"
	"time"
)

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
	Delivery Delivery
}

// InvitationFilter selects manager invitations; zero fields match any.
type InvitationFilter struct {
	SenderID    int64
	RecipientID int64
	Status      string
	// Page is the window of the list (zero: all).
	Page Page
}

// AccountStore keeps account states, plan migrations, manager invitations
// and writes manager relations (RelationStore reads them).
type AccountStore interface {
	FindAccountState(ctx context.Context, userID int64) (*AccountState, error)
	// CreateAccountState inserts a unless the user has an account; it
	// reports whether it inserted.
	CreateAccountState(ctx context.Context, a *AccountState) (bool, error)
	UpdateAccountPlan(ctx context.Context, userID, planID int64) error
	UpdateAccountSeats(ctx context.Context, userID int64, seats int) error
	// AdvanceAccountCycle moves the cycle to start..end only when the
	// current cycle still ends at from; it reports whether it did.
	AdvanceAccountCycle(ctx context.Context, userID int64, from, start, end time.Time) (bool, error)
	// SetAccountOverdraft sets how many credits below zero an account may
	// go; MarkLowCreditsMailed records the low-balance mail of the cycle
	// starting at cycle once, reporting whether this call did.
	SetAccountOverdraft(ctx context.Context, userID, credits int64) error
	// LockAccount takes the write lock of an account's row until the
	// transaction ends, so that charges to one account run one after the
	// other (see LockModel).
	LockAccount(ctx context.Context, userID int64) error
	MarkLowCreditsMailed(ctx context.Context, userID int64, cycle time.Time) (bool, error)
	// FindDueAccounts lists up to limit accounts whose cycle ended by now.
	FindDueAccounts(ctx context.Context, now time.Time, limit int) ([]int64, error)

	CreatePlanMigration(ctx context.Context, m *PlanMigration) error
	// FindPendingMigration returns the scheduled migration; ENOTFOUND when none.
	FindPendingMigration(ctx context.Context, userID int64) (*PlanMigration, error)
	// FindPlanMigrations lists a user's plan changes, newest first.
	FindPlanMigrations(ctx context.Context, userID int64) ([]*PlanMigration, error)
	// MarkMigrationApplied and MarkMigrationCancelled change a pending
	// migration only; they report whether it was still pending.
	MarkMigrationApplied(ctx context.Context, id int64, at time.Time) (bool, error)
	MarkMigrationCancelled(ctx context.Context, id int64, at time.Time) (bool, error)

	CreateManagerInvitation(ctx context.Context, inv *ManagerInvitation) error
	FindManagerInvitation(ctx context.Context, id int64) (*ManagerInvitation, error)
	FindManagerInvitations(ctx context.Context, f InvitationFilter) ([]*ManagerInvitation, error)
	// AnswerManagerInvitation moves a pending invitation to status; it
	// reports whether it was still pending.
	AnswerManagerInvitation(ctx context.Context, id int64, status string, at time.Time) (bool, error)
	DeleteManagerInvitation(ctx context.Context, id int64) error
	CreateManagerRelation(ctx context.Context, managerID, managedID int64, at time.Time) error
	DeleteManagerRelation(ctx context.Context, managedID int64) error
}

// Payer returns the user whose account pays for u: its manager, or u.
// The domains read it through the kernel: the projects' and poles' texts
// and word spaces belong to the paying account.
func (s *Service) Payer(ctx context.Context, u *User) (*User, error) {
	m, err := s.store.FindManager(ctx, u.ID)
	if ErrorCode(err) == ENOTFOUND {
		return u, nil
	}
	return m, err
}
