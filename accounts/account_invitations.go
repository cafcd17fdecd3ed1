package accounts

import (
	"context"
	"strings"

	"explorer"
)

// Invite invites username to be managed by the caller.
func (s *Service) Invite(ctx context.Context, username string) (*ManagerInvitation, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	username = strings.TrimSpace(username)
	if err := explorer.CheckText("userId", username); err != nil {
		return nil, err
	}
	if username == "" {
		return nil, explorer.Invalid("userId is required", explorer.FieldError{Field: "userId", Message: "must not be empty"})
	}
	var inv *ManagerInvitation
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		r, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		if r.ID == u.ID {
			return explorer.Invalid("you cannot invite yourself", explorer.FieldError{Field: "userId", Message: "must not be yourself"})
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
				return explorer.Errorf(explorer.ECONFLICT, "an invitation between you and %s is already pending", r.Username)
			}
		}
		inv = &ManagerInvitation{SenderID: u.ID, Sender: u.Username, RecipientID: r.ID, Recipient: r.Username, Status: InvitationPending, Created: s.clock.Now()}
		if err := s.store.CreateManagerInvitation(ctx, inv); err != nil {
			return err
		}
		inv.Delivery, err = s.notifyManagerInvitation(ctx, u, r, inv)
		return err
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// invitationFor returns invitation id when the caller is its recipient
// (recipient true) or sender; any other caller gets ENOTFOUND. An answered
// invitation is ECONFLICT.
func (s *Service) invitationFor(ctx context.Context, u *explorer.User, id int64, recipient bool) (*ManagerInvitation, error) {
	inv, err := s.store.FindManagerInvitation(ctx, id)
	if err != nil {
		return nil, err
	}
	if (recipient && inv.RecipientID != u.ID) || (!recipient && inv.SenderID != u.ID) {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "invitation %d not found", id)
	}
	if inv.Status != InvitationPending {
		return nil, explorer.Errorf(explorer.ECONFLICT, "invitation %d was already %s", id, inv.Status)
	}
	return inv, nil
}

// AcceptInvitation makes the caller managed by the invitation's sender,
// who must have a free seat (seats ≥ 1 + managed users + 1).
func (s *Service) AcceptInvitation(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.invitationFor(ctx, u, id, true)
		if err != nil {
			return err
		}
		sender, err := s.store.FindUserByID(ctx, inv.SenderID)
		if err != nil {
			return err
		}
		if sender.Status == explorer.StatusCancelled {
			return explorer.Errorf(explorer.ECONFLICT, "the account of %s is cancelled", sender.Username)
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
			return explorer.Errorf(explorer.ECONFLICT, "%s has no free seat (%d of %d in use)", sender.Username, seats.InUse, seats.Seats)
		}
		now := s.clock.Now()
		if ok, err := s.store.AnswerManagerInvitation(ctx, id, InvitationAccepted, now); err != nil {
			return err
		} else if !ok {
			return explorer.Errorf(explorer.ECONFLICT, "invitation %d was already answered", id)
		}
		if err := s.store.CreateManagerRelation(ctx, sender.ID, u.ID, now); err != nil {
			return err
		}
		// Answered: a mail about it not sent yet has nothing left to say.
		return s.withdrawManagerInvitationMail(ctx, id)
	})
}

// RejectInvitation refuses a pending invitation the caller received.
func (s *Service) RejectInvitation(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.invitationFor(ctx, u, id, true); err != nil {
			return err
		}
		if ok, err := s.store.AnswerManagerInvitation(ctx, id, InvitationRejected, s.clock.Now()); err != nil {
			return err
		} else if !ok {
			return explorer.Errorf(explorer.ECONFLICT, "invitation %d was already answered", id)
		}
		return s.withdrawManagerInvitationMail(ctx, id)
	})
}

// DeleteInvitation withdraws a pending invitation the caller sent.
func (s *Service) DeleteInvitation(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.invitationFor(ctx, u, id, false); err != nil {
			return err
		}
		if err := s.store.DeleteManagerInvitation(ctx, id); err != nil {
			return err
		}
		return s.withdrawManagerInvitationMail(ctx, id)
	})
}
