package explorer

import (
	"context"
	"fmt"
)

// Outbox is the notifications domain as the kernel sees it: where the
// operations of the root queue their e-mails and withdraw them, in the
// caller's transaction. Package notifications implements it and hands it
// to the Service when it is built over it (SetOutbox); it budgets,
// sends and retries them.
type Outbox interface {
	// Queue queues m, about what ("" for a mail never withdrawn), to be
	// sent after the caller's transaction commits.
	Queue(ctx context.Context, m Mail, about string) error
	// Withdraw keeps the unsent mails about what from being sent.
	Withdraw(ctx context.Context, about string) error
}

// SetOutbox hands the Service the outbox of its notifications; without
// one (a command that builds the root Service alone) no mail is queued
// or withdrawn.
func (s *Service) SetOutbox(o Outbox) { s.outbox = o }

// Notice is a notification e-mail a domain queues through the kernel's
// outbox (Notify): its subject and body, what it is about ("" for a mail
// never withdrawn; see WithdrawNotices), and whether it is a security
// notice, sent also to those who turned notifications off.
type Notice struct {
	Subject, Body, About string
	Security             bool
}

// Notify queues an e-mail to a user, in the caller's transaction, when the
// server sends e-mail, the user's emailNotifications is true and the user
// has an address (its emailAddress setting, else its username when that is
// an address). The notifications domain sends it after the commit; over
// the recipient's budget it folds it into a digest. It answers whether the
// mail was queued, and why not.
func (s *Service) Notify(ctx context.Context, to *User, n Notice) (Delivery, error) {
	if s.mailer == nil || s.outbox == nil {
		return DeliveryNoMail, nil
	}
	values, err := s.store.FindSettings(ctx, to.ID)
	if err != nil {
		return "", err
	}
	if v, ok := values[SettingEmailNotifications]; ok && v != "true" && !n.Security {
		return DeliveryNoAddress, nil
	}
	addr := values[SettingEmailAddress]
	if addr == "" {
		addr, _ = NormalizeAddress(to.Username)
	}
	if addr == "" {
		return DeliveryNoAddress, nil
	}
	if err := s.outbox.Queue(ctx, Mail{To: addr, Subject: n.Subject, Body: n.Body}, n.About); err != nil {
		return "", err
	}
	if s.publicURL == "" {
		return DeliveryNoLink, nil
	}
	return DeliveryMailed, nil
}

// WithdrawNotices keeps the unsent mails about what from being sent, in the
// caller's transaction (also on a server without --smtp: another instance
// may send).
func (s *Service) WithdrawNotices(ctx context.Context, about string) error {
	if s.outbox == nil {
		return nil
	}
	return s.outbox.Withdraw(ctx, about)
}

// Mails reports whether the Service sends notification e-mails (a
// mailer is configured).
func (s *Service) Mails() bool { return s.mailer != nil }

// WherePage is the closing line of a notice: the link to the page, or
// its name when there is no link (the notices are plain text saying what
// happened, who pays when it matters, and where to answer).
func WherePage(doWhat, pageName, link string) string {
	if link == "" {
		return fmt.Sprintf("%s on the %s page of explorer.\n", doWhat, pageName)
	}
	return fmt.Sprintf("%s on the %s page of explorer:\n%s\n", doWhat, pageName, link)
}
