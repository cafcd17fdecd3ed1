package explorer

import "context"

// Notice is a notification e-mail a domain package queues through the
// kernel's outbox (Notify): its subject and body, what it is about (""
// for a mail never withdrawn; see WithdrawNotices), and whether it is a
// security notice, sent also to those who turned notifications off.
type Notice struct {
	Subject, Body, About string
	Security             bool
}

// Notify queues n to to in the caller's transaction, as the root's own
// notifications are (notify.go): it answers whether the mail was queued,
// and why not.
func (s *Service) Notify(ctx context.Context, to *User, n Notice) (Delivery, error) {
	return s.notify(ctx, to, mailText{subject: n.Subject, body: n.Body, about: n.About, security: n.Security})
}

// WithdrawNotices keeps the unsent mails about what from being sent, in
// the caller's transaction.
func (s *Service) WithdrawNotices(ctx context.Context, about string) error {
	return s.withdrawMail(ctx, about)
}

// Mails reports whether the Service sends notification e-mails (a
// mailer is configured).
func (s *Service) Mails() bool { return s.mailer != nil }

// PageLink is the address of a page (path starts with /) for a mail, ""
// when the server has no public URL.
func (s *Service) PageLink(path string) string { return s.pageLink(path) }

// WherePage is the closing line of a notice: the link to the page, or
// its name when there is no link.
func WherePage(doWhat, pageName, link string) string { return wherePage(doWhat, pageName, link) }
