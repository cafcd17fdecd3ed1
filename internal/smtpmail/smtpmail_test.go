package smtpmail

import (
	"context"
	"crypto/tls"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/smtptest"
)

func TestParse(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"smtp://u:p@mail.example.com?from=explorer@example.com", "mail.example.com:587 (starttls) from explorer@example.com"},
		{"smtps://mail.example.com?from=x@example.com", "mail.example.com:465 (tls) from x@example.com"},
		{"smtp://127.0.0.1:2525?from=x@example.com&tls=none", "127.0.0.1:2525 (none) from x@example.com"},
	} {
		s, err := Parse(c.url)
		if err != nil || s.String() != c.want {
			t.Errorf("%s: %v %v", c.url, s, err)
		}
		if strings.Contains(s.String(), ":p@") {
			t.Error("the password is shown")
		}
	}
	for _, bad := range []string{"http://host?from=x@example.com", "smtp://?from=x@example.com", "smtp://host", "smtp://host?from=nobody", "smtps://host?from=x@example.com&tls=none", "smtp://host?from=x@example.com&tls=yes", "::"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// STARTTLS and AUTH PLAIN against a real server; a server without
// STARTTLS is refused unless the URL says tls=none.
func TestSendStartTLSWithAuth(t *testing.T) {
	srv, pool := smtptest.StartTLS(t)
	srv.User, srv.Password = "mailer", "secret"
	s, err := Parse("smtp://mailer:secret@" + srv.Addr + "?from=explorer@example.com")
	if err != nil {
		t.Fatal(err)
	}
	s.TLSConfig = &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
	m := explorer.Mail{To: "ann@example.com", Subject: "Grüße\r\nBcc: evil@example.com", Body: "Line one\nLine two with ünïcode"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(1, 5*time.Second)
	if len(got) != 1 || got[0].To[0] != "ann@example.com" || got[0].Subject != "Grüße Bcc: evil@example.com" || strings.TrimSpace(got[0].Body) != "Line one\nLine two with ünïcode" {
		t.Fatalf("received %+v", got)
	}
	if strings.Contains(string(got[0].Raw), "\r\nBcc:") {
		t.Fatal("a header was injected through the subject")
	}
	s.pass = "wrong"
	if err := s.Send(context.Background(), m); err == nil {
		t.Fatal("sent with a wrong password")
	}

	plain := smtptest.Start(t)
	s, _ = Parse("smtp://" + plain.Addr + "?from=explorer@example.com")
	if err := s.Send(context.Background(), m); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("sent without STARTTLS: %v", err)
	}
	if err := s.Send(context.Background(), explorer.Mail{To: "not an address"}); err == nil {
		t.Fatal("sent to a bad address")
	}
}
