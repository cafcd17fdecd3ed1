package explorer

import "context"

// Mail is one e-mail to send (the outbox's records are package
// notifications').
type Mail struct {
	To      string
	Subject string
	Body    string
}

// Mailer sends e-mail; internal/smtpmail sends it over SMTP.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}
