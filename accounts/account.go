package accounts

import (
	"context"

	"explorer"
)

// Account is the caller's manager relations, as the caller's account shows them.
type Account struct {
	// Manager is nil when the caller has none.
	Manager      *explorer.User
	ManagedUsers []*explorer.User
	// PendingInvitations are those the caller sent and nobody answered.
	PendingInvitations []*ManagerInvitation
	Status             string
}

// Account returns the caller's manager, managed users and pending
// invitations it sent. A cancelled account may read it.
func (s *Service) Account(ctx context.Context) (*Account, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	cur, err := s.store.FindUserByID(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	a := &Account{Status: cur.Status}
	if a.Manager, err = s.store.FindManager(ctx, u.ID); err != nil {
		if explorer.ErrorCode(err) != explorer.ENOTFOUND {
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
func (s *Service) InvitationsPage(ctx context.Context, page explorer.Page) ([]*ManagerInvitation, bool, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindManagerInvitations(ctx, InvitationFilter{RecipientID: u.ID, Status: InvitationPending, Page: page})
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(list, page)
	return list, more, nil
}

// isManaged reports whether a user has a manager.
func (s *Service) isManaged(ctx context.Context, userID int64) (bool, error) {
	_, err := s.store.FindManager(ctx, userID)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return false, nil
	}
	return err == nil, err
}

// canBeManaged checks that recipient may become managed by sender: the
// sender is not managed itself, the recipient has no manager and manages
// nobody (relations are one level deep).
func (s *Service) canBeManaged(ctx context.Context, sender, recipient *explorer.User) error {
	if managed, err := s.isManaged(ctx, sender.ID); err != nil {
		return err
	} else if managed {
		return explorer.Errorf(explorer.ECONFLICT, "%s is managed and cannot manage other users", sender.Username)
	}
	if m, err := s.store.FindManager(ctx, recipient.ID); err == nil {
		return explorer.Errorf(explorer.ECONFLICT, "%s already has a manager (%s)", recipient.Username, m.Username)
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return err
	}
	if list, err := s.store.FindManagedUsers(ctx, recipient.ID); err != nil {
		return err
	} else if len(list) > 0 {
		return explorer.Errorf(explorer.ECONFLICT, "%s manages other users and cannot be managed", recipient.Username)
	}
	return nil
}

// RemoveManager ends the caller's manager relation and cancels the
// caller's account until it reactivates.
func (s *Service) RemoveManager(ctx context.Context) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.store.FindManager(ctx, u.ID); err != nil {
			if explorer.ErrorCode(err) == explorer.ENOTFOUND {
				return explorer.Errorf(explorer.ENOTFOUND, "you have no manager")
			}
			return err
		}
		return s.endRelation(ctx, u.ID)
	})
}

// RemoveManagedUser ends the relation with a user the caller manages and
// cancels that user's account until it reactivates.
func (s *Service) RemoveManagedUser(ctx context.Context, username string) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		r, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		m, err := s.store.FindManager(ctx, r.ID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && m.ID != u.ID) {
			return explorer.Errorf(explorer.ENOTFOUND, "you do not manage %s", username)
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
	return s.store.UpdateUserStatus(ctx, managedID, explorer.StatusCancelled)
}

// Reactivate makes the caller's cancelled account active again. Its own
// plan and seats apply from then on; billing resumes at the next cycle
// start. An active account is ECONFLICT.
func (s *Service) Reactivate(ctx context.Context) error {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return err
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.store.FindUserByID(ctx, u.ID)
		if err != nil {
			return err
		}
		if cur.Status != explorer.StatusCancelled {
			return explorer.Errorf(explorer.ECONFLICT, "your account is not cancelled")
		}
		// Cycles that passed while cancelled are moved over unbilled.
		if _, err := s.settleTx(ctx, u.ID); err != nil {
			return err
		}
		return s.store.UpdateUserStatus(ctx, u.ID, explorer.StatusActive)
	})
	if err != nil {
		return err
	}
	u.Status = explorer.StatusActive
	return nil
}
