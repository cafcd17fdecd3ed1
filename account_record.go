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
