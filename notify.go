package explorer

import "context"

// MailEnabled reports whether the server sends e-mail (--smtp is set):
// without it no notification is queued.
func (s *Service) MailEnabled() bool { return s.mailer != nil }

// Mail is one e-mail to send.
type Mail struct {
	To      string
	Subject string
	Body    string
}

// Mailer sends e-mail; internal/smtpmail sends it over SMTP.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}
