package accounts

import (
	"context"
	"time"
)

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

// PlanStore reads the plan catalogue, seeded by a migration.
type PlanStore interface {
	// FindPlans lists the catalogue by monthly cost.
	FindPlans(ctx context.Context) ([]*Plan, error)
	FindPlanByID(ctx context.Context, id int64) (*Plan, error)
	FindPlanByHandle(ctx context.Context, handle string) (*Plan, error)
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

// UsageStore keeps usage records.
type UsageStore interface {
	CreateUsageRecord(ctx context.Context, r *UsageRecord) error
	// SumUsage adds up the records of users in [from, to).
	SumUsage(ctx context.Context, userIDs []int64, from, to time.Time) (UsageSums, error)
	// FindUsageRecords lists the records of users in [from, to), oldest
	// first.
	FindUsageRecords(ctx context.Context, userIDs []int64, from, to time.Time) ([]*UsageRecord, error)
}

// DashboardStore finds what the start page sums up.
type DashboardStore interface {
	// FindRecentVersions lists the newest versions of the models userID
	// may read (owned or shared), newest first, at most limit, with the
	// models' titles; its cost does not grow with the versions stored.
	FindRecentVersions(ctx context.Context, userID int64, limit int) ([]RecentVersion, error)
}
