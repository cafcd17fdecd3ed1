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

// Account is the caller's manager relations, as the caller's account shows them.
type Account struct {
	// Manager is nil when the caller has none.
	Manager      *User
	ManagedUsers []*User
	// PendingInvitations are those the caller sent and nobody answered.
	PendingInvitations []*ManagerInvitation
	Status             string
}

// Account returns the caller's manager, managed users and pending
// invitations it sent. A cancelled account may read it.
func (s *Service) Account(ctx context.Context) (*Account, error) {
	u, err := Actor(ctx)
	if err != nil {
		return nil, err
	}
	cur, err := s.store.FindUserByID(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	a := &Account{Status: cur.Status}
	if a.Manager, err = s.store.FindManager(ctx, u.ID); err != nil {
		if ErrorCode(err) != ENOTFOUND {
			return nil, err
		}
		a.Manager = nil
	}
	if a.ManagedUsers, err = s.store.FindManagedUsers(ctx, u.ID); err != nil {
		return nil, err
	}
	if a.PendingInvitations, err = s.store.FindManagerInvitations(ctx, InvitationFilter{SenderID: u.ID, Status: InvitationPending}); err != nil {
		return nil, err
	}
	return a, nil
}

// InvitationsPage lists the window page of the pending manager
// invitations the caller received (all of them for the zero Page) and
// whether more follow.
func (s *Service) InvitationsPage(ctx context.Context, page Page) ([]*ManagerInvitation, bool, error) {
	u, err := Actor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindManagerInvitations(ctx, InvitationFilter{RecipientID: u.ID, Status: InvitationPending, Page: page})
	if err != nil {
		return nil, false, err
	}
	list, more := CutToPage(list, page)
	return list, more, nil
}

// isManaged reports whether a user has a manager.
func (s *Service) isManaged(ctx context.Context, userID int64) (bool, error) {
	_, err := s.store.FindManager(ctx, userID)
	if ErrorCode(err) == ENOTFOUND {
		return false, nil
	}
	return err == nil, err
}

// canBeManaged checks that recipient may become managed by sender: the
// sender is not managed itself, the recipient has no manager and manages
// nobody (relations are one level deep).
func (s *Service) canBeManaged(ctx context.Context, sender, recipient *User) error {
	if managed, err := s.isManaged(ctx, sender.ID); err != nil {
		return err
	} else if managed {
		return Errorf(ECONFLICT, "%s is managed and cannot manage other users", sender.Username)
	}
	if m, err := s.store.FindManager(ctx, recipient.ID); err == nil {
		return Errorf(ECONFLICT, "%s already has a manager (%s)", recipient.Username, m.Username)
	} else if ErrorCode(err) != ENOTFOUND {
		return err
	}
	if list, err := s.store.FindManagedUsers(ctx, recipient.ID); err != nil {
		return err
	} else if len(list) > 0 {
		return Errorf(ECONFLICT, "%s manages other users and cannot be managed", recipient.Username)
	}
	return nil
}

// RemoveManager ends the caller's manager relation and cancels the
// caller's account until it reactivates.
func (s *Service) RemoveManager(ctx context.Context) error {
	u, err := ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.store.FindManager(ctx, u.ID); err != nil {
			if ErrorCode(err) == ENOTFOUND {
				return Errorf(ENOTFOUND, "you have no manager")
			}
			return err
		}
		return s.endRelation(ctx, u.ID)
	})
}

// RemoveManagedUser ends the relation with a user the caller manages and
// cancels that user's account until it reactivates.
func (s *Service) RemoveManagedUser(ctx context.Context, username string) error {
	u, err := ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		r, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		m, err := s.store.FindManager(ctx, r.ID)
		if ErrorCode(err) == ENOTFOUND || (err == nil && m.ID != u.ID) {
			return Errorf(ENOTFOUND, "you do not manage %s", username)
		}
		if err != nil {
			return err
		}
		return s.endRelation(ctx, r.ID)
	})
}

func (s *Service) endRelation(ctx context.Context, managedID int64) error {
	if err := s.store.DeleteManagerRelation(ctx, managedID); err != nil {
		return err
	}
	return s.store.UpdateUserStatus(ctx, managedID, StatusCancelled)
}

// Reactivate makes the caller's cancelled account active again. Its own
// plan and seats apply from then on; billing resumes at the next cycle
// start. An active account is ECONFLICT.
func (s *Service) Reactivate(ctx context.Context) error {
	u, err := Actor(ctx)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.store.FindUserByID(ctx, u.ID)
		if err != nil {
			return err
		}
		if cur.Status != StatusCancelled {
			return Errorf(ECONFLICT, "your account is not cancelled")
		}
		// Cycles that passed while cancelled are moved over unbilled.
		if _, err := s.settleTx(ctx, u.ID); err != nil {
			return err
		}
		return s.store.UpdateUserStatus(ctx, u.ID, StatusActive)
	})
	if err != nil {
		return err
	}
	u.Status = StatusActive
	return nil
}
