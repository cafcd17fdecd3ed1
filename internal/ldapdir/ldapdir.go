// Package ldapdir verifies passwords against an LDAP directory: it finds
// the person's entry with a service account, reads their e-mail address
// and admin group membership, then binds as the person with their
// password. It implements explorer.Directory.
package ldapdir

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	explorer "explorer"

	"github.com/go-ldap/ldap/v3"
)

// Config configures a Directory.
type Config struct {
	// URL is ldaps://host[:port], or ldap://host[:port] on which StartTLS
	// is required.
	URL string
	// BindDN and BindPassword are the service account that searches the
	// directory; an empty BindDN searches anonymously.
	BindDN, BindPassword string
	// BaseDN is where people are searched (the whole subtree).
	BaseDN string
	// UserFilter finds a person's entry: %s is replaced by the username,
	// escaped per RFC 4515 (default "(uid=%s)").
	UserFilter string
	// AdminGroup is the DN of a group whose members are administrators
	// (member, uniqueMember or memberUid); "" makes nobody an admin.
	AdminGroup string
	// EmailAttribute holds a person's e-mail address (default "mail").
	EmailAttribute string
	// CAFile is a PEM file of the certificate authorities trusted for the
	// directory's certificate; "" trusts the system's.
	CAFile string
	// Timeout bounds one verification, connection included (default 5 s).
	Timeout time.Duration
	// Logger receives what goes wrong with the directory (default
	// slog.Default()); never a password.
	Logger *slog.Logger
}

// Directory is an LDAP directory; it is safe for concurrent use and
// opens one connection per verification.
type Directory struct {
	cfg Config
	tls *tls.Config
	log *slog.Logger
}

// New checks cfg and returns its Directory. It does not connect: a
// directory that is down at start leaves local users working.
func New(cfg Config) (*Directory, error) {
	if cfg.UserFilter == "" {
		cfg.UserFilter = "(uid=%s)"
	}
	if cfg.EmailAttribute == "" {
		cfg.EmailAttribute = "mail"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "ldap" && u.Scheme != "ldaps") || u.Hostname() == "" || u.User != nil {
		return nil, errors.New("LDAP URL must be ldap://host[:port] (StartTLS) or ldaps://host[:port]")
	}
	if strings.TrimSpace(cfg.BaseDN) == "" {
		return nil, errors.New("LDAP base DN is required")
	}
	if strings.Count(cfg.UserFilter, "%s") != 1 || strings.Count(cfg.UserFilter, "%") != 1 {
		return nil, errors.New("LDAP user filter must hold %s exactly once and no other %")
	}
	if _, err := ldap.CompileFilter(fmt.Sprintf(cfg.UserFilter, "x")); err != nil {
		return nil, fmt.Errorf("LDAP user filter: %w", err)
	}
	if cfg.BindDN != "" && cfg.BindPassword == "" {
		return nil, errors.New("LDAP bind DN given without its password (EXPLORER_LDAP_BIND_PASSWORD)")
	}
	tc := &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
	if cfg.CAFile != "" {
		pem, err := os.ReadFile(cfg.CAFile)
		if err != nil {
			return nil, fmt.Errorf("LDAP CA file: %w", err)
		}
		tc.RootCAs = x509.NewCertPool()
		if !tc.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("LDAP CA file %s holds no PEM certificate", cfg.CAFile)
		}
	}
	return &Directory{cfg: cfg, tls: tc, log: cfg.Logger}, nil
}

// Verify checks a username and password against the directory.
func (d *Directory) Verify(ctx context.Context, username, password string) (*explorer.DirectoryPerson, error) {
	if username == "" || password == "" {
		// An empty password would be an unauthenticated bind, which
		// directories accept.
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
	}
	ctx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
	defer cancel()
	conn, err := d.connect(ctx)
	if err != nil {
		return nil, d.unavailable(ctx, "connecting", err)
	}
	defer conn.Close()
	// Whatever the library waits for, the deadline ends it.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	return d.verify(ctx, conn, username, password)
}

// connect dials the directory and secures the connection.
func (d *Directory) connect(ctx context.Context) (*ldap.Conn, error) {
	deadline, _ := ctx.Deadline()
	dialer := &net.Dialer{Deadline: deadline}
	conn, err := ldap.DialURL(d.cfg.URL, ldap.DialWithDialer(dialer), ldap.DialWithTLSConfig(d.tls))
	if err != nil {
		return nil, err
	}
	// No request timeout of the library's own: the context's deadline
	// closes the connection, so that a late answer reads as "did not
	// answer in time".
	if strings.HasPrefix(d.cfg.URL, "ldap://") {
		stop := context.AfterFunc(ctx, func() { conn.Close() })
		defer stop()
		if err := conn.StartTLS(d.tls); err != nil {
			conn.Close()
			return nil, fmt.Errorf("StartTLS: %w", err)
		}
	}
	return conn, nil
}

// unavailable logs why the directory could not be used and returns the
// error people see: the directory's fault, never a wrong password.
func (d *Directory) unavailable(ctx context.Context, doing string, err error) error {
	if dl, ok := ctx.Deadline(); ctx.Err() != nil || (ok && !time.Now().Before(dl)) {
		d.log.Warn("LDAP directory did not answer in time", "url", d.cfg.URL, "doing", doing, "timeout", d.cfg.Timeout)
		return explorer.Errorf(explorer.EUNAVAILABLE, "the company directory did not answer within %s; try again later", d.cfg.Timeout)
	}
	d.log.Warn("LDAP directory unusable", "url", d.cfg.URL, "doing", doing, "err", err)
	return explorer.Errorf(explorer.EUNAVAILABLE, "the company directory cannot be reached; try again later")
}
