package explorer

import "context"

// NotifyModelInvitation mails to the recipient of inv (a pending model
// invitation just stored, its Model set) that from shared the model,
// within the caller's transaction: the notifications stay in the root
// while the models domain shares.
func (s *Service) NotifyModelInvitation(ctx context.Context, from, to *User, inv *ModelInvitation) (Delivery, error) {
	text := modelInvitationMail(from, *inv.Model, inv.Rights, s.pageLink("/models#received-invitations"))
	text.about = modelInvitationAbout(inv.ID)
	return s.notify(ctx, to, text)
}

// WithdrawModelInvitationMail keeps the unsent mail about the model
// invitation id from being sent, in the caller's transaction.
func (s *Service) WithdrawModelInvitationMail(ctx context.Context, id int64) error {
	return s.withdrawMail(ctx, modelInvitationAbout(id))
}
