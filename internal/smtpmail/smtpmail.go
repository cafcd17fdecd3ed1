// Package smtpmail sends the service's notification e-mails over SMTP
// with net/smtp, configured by one URL:
//
//	smtp://user:password@host:587?from=explorer@example.com   STARTTLS (required)
//	smtps://user:password@host:465?from=…                      TLS from the start
//	smtp://host:25?from=…&tls=none                             no encryption
//
// The port defaults to 587 (smtp) and 465 (smtps). Credentials, when
// given, are sent with AUTH PLAIN, which net/smtp refuses over an
// unencrypted connection except to localhost.
package smtpmail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	explorer "explorer"
)

// Sender sends e-mail through one SMTP server.
type Sender struct {
	host, addr string
	from       string
	user, pass string
	// security is starttls, tls or none.
	security string
	// Timeout bounds one whole send (default 30 seconds).
	Timeout time.Duration
	// TLSConfig, when set, replaces the default (tests trust their own
	// certificate with it).
	TLSConfig *tls.Config
}

// Parse reads an SMTP URL (see the package documentation).
func Parse(raw string) (*Sender, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL such as smtp://user:password@host:587?from=explorer@example.com")
	}
	s := &Sender{host: u.Hostname(), Timeout: 30 * time.Second}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		s.security = "starttls"
		if port == "" {
			port = "587"
		}
	case "smtps":
		s.security = "tls"
		if port == "" {
			port = "465"
		}
	default:
		return nil, fmt.Errorf("scheme %q: use smtp:// (STARTTLS) or smtps:// (TLS)", u.Scheme)
	}
	if s.host == "" {
		return nil, errors.New("the URL names no host")
	}
	s.addr = net.JoinHostPort(s.host, port)
	q := u.Query()
	switch t := q.Get("tls"); {
	case t == "none" && u.Scheme == "smtp":
		s.security = "none"
	case t != "":
		return nil, fmt.Errorf("tls=%q: the only value is none, with smtp://", t)
	}
	from, err := mail.ParseAddress(q.Get("from"))
	if err != nil {
		return nil, errors.New("give the sender's address as ?from=explorer@example.com")
	}
	s.from = from.Address
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

// String describes the server without its password.
func (s *Sender) String() string {
	return fmt.Sprintf("%s (%s) from %s", s.addr, s.security, s.from)
}

// Send delivers m.
func (s *Sender) Send(ctx context.Context, m explorer.Mail) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	conn, err := s.dial(ctx)
	if err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if s.security == "starttls" {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return fmt.Errorf("%s offers no STARTTLS (add tls=none to the URL to send unencrypted)", s.addr)
		}
		if err := c.StartTLS(s.tlsConfig()); err != nil {
			return err
		}
	}
	if s.user != "" {
		if err := c.Auth(smtp.PlainAuth("", s.user, s.pass, s.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.from); err != nil {
		return err
	}
	if err := c.Rcpt(to.Address); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(message(s.from, to.Address, m, time.Now())); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

func (s *Sender) dial(ctx context.Context) (net.Conn, error) {
	d := &net.Dialer{}
	if s.security == "tls" {
		return (&tls.Dialer{NetDialer: d, Config: s.tlsConfig()}).DialContext(ctx, "tcp", s.addr)
	}
	return d.DialContext(ctx, "tcp", s.addr)
}

func (s *Sender) tlsConfig() *tls.Config {
	if s.TLSConfig != nil {
		return s.TLSConfig
	}
	return &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
}

// oneLine keeps a header value on one line.
func oneLine(v string) string {
	return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == '\r' || r == '\n' }), " ")
}
