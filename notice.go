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
