package explorer

import "context"

// NotifyModelInvitation mails to the recipient of the pending model
// invitation id (just stored) that from shared model with rights,
// within the caller's transaction: the notifications stay in the root
// while the models domain shares.
func (s *Service) NotifyModelInvitation(ctx context.Context, from, to *User, id int64, model ModelInfo, rights string) (Delivery, error) {
	text := modelInvitationMail(from, model, rights, s.pageLink("/models#received-invitations"))
	text.about = modelInvitationAbout(id)
	return s.notify(ctx, to, text)
}

// WithdrawModelInvitationMail keeps the unsent mail about the model
// invitation id from being sent, in the caller's transaction.
func (s *Service) WithdrawModelInvitationMail(ctx context.Context, id int64) error {
	return s.withdrawMail(ctx, modelInvitationAbout(id))
}
