// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp)
// in the test's process and keeps the messages it receives, so that tests
// send through the real client and protocol.
package smtptest

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one received e-mail.
type Message struct {
	From    string
	To      []string
	Subject string
	Body    string
	Raw     []byte
}

// Server is a running test SMTP server.
type Server struct {
	Addr string
	srv  *smtp.Server
	mu   sync.Mutex
	msgs []Message
	// Fail makes the server refuse the next n messages (a temporary
	// error), to test retries.
	fail int
	got  chan struct{}
	// User and Password, when set, are required (AUTH PLAIN).
	User, Password string
}

// Start starts a server on a loopback port, stopped when the test ends.
func Start(t testing.TB) *Server { return start(t, nil) }

// StartTLS starts a server that offers STARTTLS with a certificate made
// for 127.0.0.1, and returns the pool that trusts it.
func StartTLS(t testing.TB) (*Server, *x509.CertPool) {
	t.Helper()
	cert, pool := selfSigned(t)
	return start(t, &tls.Config{Certificates: []tls.Certificate{cert}}), pool
}

func start(t testing.TB, cfg *tls.Config) *Server {
	t.Helper()
	s, err := listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Listen starts a server on a loopback port outside a test (the attack
// tool); Close stops it.
func Listen() (*Server, error) { return listen(nil) }

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

func listen(cfg *tls.Config) (*Server, error) {
	s := &Server{got: make(chan struct{}, 100)}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv.TLSConfig = cfg
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.Addr = ln.Addr().String()
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// FailNext makes the server refuse the next n messages.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = n
}

// Messages returns the messages received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Wait waits up to d for n messages in all and returns them.
func (s *Server) Wait(n int, d time.Duration) []Message {
	deadline := time.After(d)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		select {
		case <-s.got:
		case <-deadline:
			return s.Messages()
		}
	}
}

type session struct {
	s      *Server
	from   string
	to     []string
	authed bool
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != x.s.User || pass != x.s.Password {
			return errors.New("invalid credentials")
		}
		x.authed = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.User != "" && !x.authed {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if x.s.fail > 0 {
		x.s.fail--
		return &smtp.SMTPError{Code: 451, Message: "try again later"}
	}
	m := Message{From: x.from, To: x.to, Raw: raw}
	if parsed, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		m.Subject, _ = new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
		body, _ := io.ReadAll(quotedprintable.NewReader(parsed.Body))
		m.Body = strings.ReplaceAll(string(body), "\r\n", "\n")
	}
	x.s.msgs = append(x.s.msgs, m)
	select {
	case x.s.got <- struct{}{}:
	default:
	}
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
