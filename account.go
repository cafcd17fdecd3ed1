package explorer

import (
	"context"
	"strings"
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
}

// InvitationFilter selects manager invitations; zero fields match any.
type InvitationFilter struct {
	SenderID    int64
	RecipientID int64
	Status      string
}

// Account is the caller's manager relations (GET /account).
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
	u, err := actor(ctx)
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

// Invitations lists the pending manager invitations the caller received.
func (s *Service) Invitations(ctx context.Context) ([]*ManagerInvitation, error) {
	u, err := actor(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.FindManagerInvitations(ctx, InvitationFilter{RecipientID: u.ID, Status: InvitationPending})
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

// Invite invites username to be managed by the caller.
func (s *Service) Invite(ctx context.Context, username string) (*ManagerInvitation, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	username = strings.TrimSpace(username)
	if username == "" {
		return nil, Invalid("userId is required", FieldError{Field: "userId", Message: "must not be empty"})
	}
	var inv *ManagerInvitation
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		r, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		if r.ID == u.ID {
			return Invalid("you cannot invite yourself", FieldError{Field: "userId", Message: "must not be yourself"})
		}
		if err := s.canBeManaged(ctx, u, r); err != nil {
			return err
		}
		for _, f := range []InvitationFilter{{SenderID: u.ID, RecipientID: r.ID, Status: InvitationPending}, {SenderID: r.ID, RecipientID: u.ID, Status: InvitationPending}} {
			list, err := s.store.FindManagerInvitations(ctx, f)
			if err != nil {
				return err
			}
			if len(list) > 0 {
				return Errorf(ECONFLICT, "an invitation between you and %s is already pending", r.Username)
			}
		}
		inv = &ManagerInvitation{SenderID: u.ID, Sender: u.Username, RecipientID: r.ID, Recipient: r.Username, Status: InvitationPending, Created: s.clock.Now()}
		return s.store.CreateManagerInvitation(ctx, inv)
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// invitationFor returns invitation id when the caller is its recipient
// (recipient true) or sender; any other caller gets ENOTFOUND. An answered
// invitation is ECONFLICT.
func (s *Service) invitationFor(ctx context.Context, u *User, id int64, recipient bool) (*ManagerInvitation, error) {
	inv, err := s.store.FindManagerInvitation(ctx, id)
	if err != nil {
		return nil, err
	}
	if (recipient && inv.RecipientID != u.ID) || (!recipient && inv.SenderID != u.ID) {
		return nil, Errorf(ENOTFOUND, "invitation %d not found", id)
	}
	if inv.Status != InvitationPending {
		return nil, Errorf(ECONFLICT, "invitation %d was already %s", id, inv.Status)
	}
	return inv, nil
}

// AcceptInvitation makes the caller managed by the invitation's sender,
// who must have a free seat (seats ≥ 1 + managed users + 1).
func (s *Service) AcceptInvitation(ctx context.Context, id int64) error {
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.invitationFor(ctx, u, id, true)
		if err != nil {
			return err
		}
		sender, err := s.store.FindUserByID(ctx, inv.SenderID)
		if err != nil {
			return err
		}
		if sender.Status == StatusCancelled {
			return Errorf(ECONFLICT, "the account of %s is cancelled", sender.Username)
		}
		if err := s.canBeManaged(ctx, sender, u); err != nil {
			return err
		}
		a, err := s.settleTx(ctx, sender.ID)
		if err != nil {
			return err
		}
		seats, err := s.seatsOf(ctx, a)
		if err != nil {
			return err
		}
		if seats.InUse >= seats.Seats {
			return Errorf(ECONFLICT, "%s has no free seat (%d of %d in use)", sender.Username, seats.InUse, seats.Seats)
		}
		now := s.clock.Now()
		if ok, err := s.store.AnswerManagerInvitation(ctx, id, InvitationAccepted, now); err != nil {
			return err
		} else if !ok {
			return Errorf(ECONFLICT, "invitation %d was already answered", id)
		}
		return s.store.CreateManagerRelation(ctx, sender.ID, u.ID, now)
	})
}

// RejectInvitation refuses a pending invitation the caller received.
func (s *Service) RejectInvitation(ctx context.Context, id int64) error {
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.invitationFor(ctx, u, id, true); err != nil {
			return err
		}
		if ok, err := s.store.AnswerManagerInvitation(ctx, id, InvitationRejected, s.clock.Now()); err != nil {
			return err
		} else if !ok {
			return Errorf(ECONFLICT, "invitation %d was already answered", id)
		}
		return nil
	})
}

// DeleteInvitation withdraws a pending invitation the caller sent.
func (s *Service) DeleteInvitation(ctx context.Context, id int64) error {
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.invitationFor(ctx, u, id, false); err != nil {
			return err
		}
		return s.store.DeleteManagerInvitation(ctx, id)
	})
}

// RemoveManager ends the caller's manager relation and cancels the
// caller's account until it reactivates.
func (s *Service) RemoveManager(ctx context.Context) error {
	u, err := activeActor(ctx)
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
	u, err := activeActor(ctx)
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
	u, err := actor(ctx)
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
