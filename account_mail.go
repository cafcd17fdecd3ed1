package explorer

import (
	"context"
	"fmt"
	"time"
)

// The accounts domain's mails: the notifications (the outbox) stay in
// the root while the accounts domain invites, changes plans and charges.

// NotifyManagerInvitation mails to to that from invites it to be managed
// (inv, a pending invitation just stored), within the caller's
// transaction.
func (s *Service) NotifyManagerInvitation(ctx context.Context, from, to *User, inv *ManagerInvitation) (Delivery, error) {
	text := managerInvitationMail(from, s.pageLink("/account#received-invitations"))
	text.about = managerInvitationAbout(inv.ID)
	return s.notify(ctx, to, text)
}

// WithdrawManagerInvitationMail keeps the unsent mail about the manager
// invitation id from being sent, in the caller's transaction.
func (s *Service) WithdrawManagerInvitationMail(ctx context.Context, id int64) error {
	return s.withdrawMail(ctx, managerInvitationAbout(id))
}

// NotifyDowngrade mails to u that its plan changes from from to to at
// effective (a scheduled downgrade), in u's date format and time zone,
// within the caller's transaction.
func (s *Service) NotifyDowngrade(ctx context.Context, u *User, from, to *Plan, effective time.Time) error {
	v, err := s.viewerOf(ctx, u.ID)
	if err != nil {
		return err
	}
	_, err = s.notify(ctx, u, downgradeMail(from, to, effective, v, s.pageLink("/account")))
	return err
}

// Mails reports whether the Service sends notification e-mails (a
// mailer is configured).
func (s *Service) Mails() bool { return s.mailer != nil }

// NotifyLowCredits mails to the paying account p that its balance is
// under line (account a), within the caller's transaction.
func (s *Service) NotifyLowCredits(ctx context.Context, p *User, balance, line int64, a *AccountState) error {
	_, err := s.notify(ctx, p, lowCreditsMail(balance, line, a, s.pageLink("/account/credits")))
	return err
}

func lowCreditsMail(balance, line int64, a *AccountState, link string) mailText {
	subject := fmt.Sprintf("Your explorer credits are low: %s left", CreditsText(balance))
	body := fmt.Sprintf("Your account has %s, under %s (a tenth of what your plan brings each month).\n"+
		"%s; the next cycle starts on %s.\n"+
		"This mail is sent once per billing cycle.\n\n", CreditsText(balance), CreditsText(line), RefusedImports(a.Overdraft), a.CycleEnd.Format("2006-01-02")) +
		wherePage("Buy credits", "Account", link)
	return mailText{subject: subject, body: body, about: fmt.Sprintf("low-credits:%d", a.UserID)}
}
