package testkit

import (
	"testing"

	"explorer/internal/smtpmail"
	"explorer/internal/smtptest"
)

// MailServer starts a real SMTP server in the test's process and returns
// it with a sender that mails to it (plain, no TLS), for New's
// Options.Mailer.
func MailServer(t testing.TB) (*smtptest.Server, *smtpmail.Sender) {
	t.Helper()
	srv := smtptest.Start(t)
	sender, err := smtpmail.Parse("smtp://" + srv.Addr + "?from=explorer@example.com&tls=none")
	if err != nil {
		t.Fatal(err)
	}
	return srv, sender
}
