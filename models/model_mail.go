package models

import (
	"context"
	"fmt"
	"strconv"

	"explorer"
)

// notifyInvitation mails to the recipient of the pending model invitation
// id (just stored) that from shared model with rights, within the
// caller's transaction, through the kernel's outbox.
func (s *Service) notifyInvitation(ctx context.Context, from, to *explorer.User, id int64, model explorer.ModelInfo, rights string) (explorer.Delivery, error) {
	n := invitationMail(from, model, rights, s.root.PageLink("/models#received-invitations"))
	n.About = invitationAbout(id)
	return s.root.Notify(ctx, to, n)
}

// withdrawInvitationMail keeps the unsent mail about the model invitation
// id from being sent, in the caller's transaction.
func (s *Service) withdrawInvitationMail(ctx context.Context, id int64) error {
	return s.root.WithdrawNotices(ctx, invitationAbout(id))
}

// invitationAbout names a mail about the model invitation id.
func invitationAbout(id int64) string { return fmt.Sprintf("model-invitation:%d", id) }

func invitationMail(from *explorer.User, m explorer.ModelInfo, rights, link string) explorer.Notice {
	title := "model " + strconv.FormatInt(m.ID, 10)
	if m.Title != nil && *m.Title != "" {
		title = fmt.Sprintf("the model “%s”", *m.Title)
	}
	can := "read it"
	if rights == explorer.RightsReadWrite {
		can = "read and change it"
	}
	subject := fmt.Sprintf("%s shared %s with you", from.Username, title)
	body := fmt.Sprintf("%s invited you to %s: once you accept, you can %s.\n\n", from.Username, title, can) +
		explorer.WherePage("Accept or reject the invitation", "Models", link)
	return explorer.Notice{Subject: subject, Body: body}
}
