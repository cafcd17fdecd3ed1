package accounts

import (
	"context"
	"fmt"
	"time"

	"explorer/internal/wording"

	"explorer"
)

// The accounts domain's mails, queued through the kernel's outbox
// (explorer.Service.Notify) in the caller's transaction.

// notifyManagerInvitation mails to to that from invites it to be managed
// (inv, a pending invitation just stored), within the caller's
// transaction.
func (s *Service) notifyManagerInvitation(ctx context.Context, from, to *explorer.User, inv *ManagerInvitation) (explorer.Delivery, error) {
	text := managerInvitationMail(from, s.root.PageLink("/account#received-invitations"))
	text.About = managerInvitationAbout(inv.ID)
	return s.root.Notify(ctx, to, text)
}

// withdrawManagerInvitationMail keeps the unsent mail about the manager
// invitation id from being sent, in the caller's transaction.
func (s *Service) withdrawManagerInvitationMail(ctx context.Context, id int64) error {
	return s.root.WithdrawNotices(ctx, managerInvitationAbout(id))
}

// managerInvitationAbout names the mails about a manager invitation.
func managerInvitationAbout(id int64) string { return fmt.Sprintf("manager-invitation:%d", id) }

// notifyDowngrade mails to u that its plan changes from from to to at
// effective (a scheduled downgrade), in u's date format and time zone,
// within the caller's transaction.
func (s *Service) notifyDowngrade(ctx context.Context, u *explorer.User, from, to *Plan, effective time.Time) error {
	v, err := s.root.ViewerOf(ctx, u.ID)
	if err != nil {
		return err
	}
	_, err = s.root.Notify(ctx, u, downgradeMail(from, to, effective, v, s.root.PageLink("/account")))
	return err
}

// notifyLowCredits mails to the paying account p that its balance is
// under line (account a), within the caller's transaction.
func (s *Service) notifyLowCredits(ctx context.Context, p *explorer.User, balance, line int64, a *AccountState) error {
	_, err := s.root.Notify(ctx, p, lowCreditsMail(balance, line, a, s.root.PageLink("/account/credits")))
	return err
}

func lowCreditsMail(balance, line int64, a *AccountState, link string) explorer.Notice {
	subject := fmt.Sprintf("Your explorer credits are low: %s left", wording.CreditsText(balance))
	body := fmt.Sprintf("Your account has %s, under %s (a tenth of what your plan brings each month).\n"+
		"%s; the next cycle starts on %s.\n"+
		"This mail is sent once per billing cycle.\n\n", wording.CreditsText(balance), wording.CreditsText(line), RefusedImports(a.Overdraft), a.CycleEnd.Format("2006-01-02")) +
		explorer.WherePage("Buy credits", "Account", link)
	return explorer.Notice{Subject: subject, Body: body, About: fmt.Sprintf("low-credits:%d", a.UserID)}
}

func managerInvitationMail(from *explorer.User, link string) explorer.Notice {
	subject := fmt.Sprintf("%s invites you to be managed by them", from.Username)
	body := fmt.Sprintf("%s invites you to be one of their managed users.\n\n"+
		"If you accept, %s pays for your work from then on: their plan, seats and credits are yours,\n"+
		"and your own account is no longer billed.\n\n", from.Username, from.Username) +
		explorer.WherePage("Accept or reject the invitation", "Account", link)
	return explorer.Notice{Subject: subject, Body: body}
}

func downgradeMail(from, to *Plan, effective time.Time, v explorer.Viewer, link string) explorer.Notice {
	when := effective.In(v.Location).Format(v.DateLayout + " 15:04 MST")
	subject := fmt.Sprintf("Your plan changes to %s on %s", to.Name, when)
	body := fmt.Sprintf("Your plan changes from %s to %s on %s, at the start of your next billing cycle.\n"+
		"Until then you keep %s; nothing is refunded.\n\n", from.Name, to.Name, when, from.Name) +
		explorer.WherePage("You can keep your current plan until that date", "Account", link)
	return explorer.Notice{Subject: subject, Body: body}
}
