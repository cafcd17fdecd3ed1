// Package oidclogin signs people in with an OpenID Connect provider: the
// authorization code flow with PKCE, state and nonce (go-oidc and
// golang.org/x/oauth2). It implements explorer.OpenIDProvider; the state
// is compared by the service, this package checks the ID token (issuer,
// audience, expiry, signature, nonce) and reads the person's claims.
package oidclogin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	explorer "explorer"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Config configures a Provider.
type Config struct {
	// Issuer is the provider's issuer URL (its discovery document is at
	// Issuer/.well-known/openid-configuration).
	Issuer string
	// ClientID and ClientSecret are this server's client at the provider.
	ClientID, ClientSecret string
	// RedirectURL is the callback: the public URL + /login/oidc/callback.
	RedirectURL string
	// AdminGroup is a value of the groups claim that makes an admin; ""
	// makes nobody an admin.
	AdminGroup string
	// Timeout bounds each call to the provider (default 10 s).
	Timeout time.Duration
	// HTTPClient calls the provider (default: one with Timeout).
	HTTPClient *http.Client
	// Logger receives what goes wrong (default slog.Default()); never a
	// secret.
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// retryDiscovery is how long a failed discovery is answered without
// asking the provider again: while it is down, sign-in attempts fail at
// once instead of each waiting Timeout in turn.
const retryDiscovery = 10 * time.Second

// maxProviderBody bounds each answer read from the provider (discovery
// document, keys, tokens, user info).
const maxProviderBody = 1 << 20

// Provider is an OpenID provider; it finds the provider's endpoints at the
// first sign-in, so that a provider down at start leaves local users
// working.
type Provider struct {
	cfg Config
	log *slog.Logger

	mu          sync.Mutex
	provider    *oidc.Provider
	failedUntil time.Time // a failed discovery is not retried before
}

// New checks cfg and returns its Provider, without calling the provider.
func New(cfg Config) (*Provider, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: cfg.Timeout, Transport: limitedBodies{http.DefaultTransport}}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	u, err := url.Parse(cfg.Issuer)
	if err != nil || !(u.Scheme == "https" || (u.Scheme == "http" && loopback(u.Hostname()))) || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("OpenID issuer must be an https:// URL without query (http:// only on this machine)")
	}
	if cfg.ClientID == "" {
		return nil, errors.New("OpenID client id is required")
	}
	if cfg.ClientSecret == "" {
		return nil, errors.New("OpenID client secret is required (EXPLORER_OIDC_CLIENT_SECRET)")
	}
	if r, err := url.Parse(cfg.RedirectURL); err != nil || r.Host == "" {
		return nil, errors.New("OpenID sign-in needs the public URL (--public-url) for its callback")
	}
	return &Provider{cfg: cfg, log: cfg.Logger}, nil
}

// loopback reports whether host is this machine.
func loopback(host string) bool {
	ip := net.ParseIP(host)
	return host == "localhost" || (ip != nil && ip.IsLoopback())
}

// Name is the provider's host, for "Sign in with …".
func (p *Provider) Name() string {
	u, _ := url.Parse(p.cfg.Issuer)
	return u.Host
}

// discover returns the provider's endpoints, reading its discovery
// document the first time.
func (p *Provider) discover(ctx context.Context) (*oidc.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.provider != nil {
		return p.provider, nil
	}
	unavailable := explorer.Errorf(explorer.EUNAVAILABLE, "the OpenID provider cannot be reached; try again later")
	if p.cfg.Now().Before(p.failedUntil) {
		return nil, unavailable
	}
	ctx, cancel := context.WithTimeout(oidc.ClientContext(ctx, p.cfg.HTTPClient), p.cfg.Timeout)
	defer cancel()
	prov, err := oidc.NewProvider(ctx, p.cfg.Issuer)
	if err != nil {
		p.failedUntil = p.cfg.Now().Add(retryDiscovery)
		p.log.Warn("OpenID provider discovery failed", "issuer", p.cfg.Issuer, "err", err)
		return nil, unavailable
	}
	p.provider = prov
	return prov, nil
}

// limitedBodies is a transport whose answers read at most maxProviderBody
// bytes (go-oidc reads discovery, keys and user info whole).
type limitedBodies struct{ next http.RoundTripper }

func (t limitedBodies) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err == nil {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.LimitReader(resp.Body, maxProviderBody), resp.Body}
	}
	return resp, err
}

func (p *Provider) oauth(prov *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: p.cfg.ClientID, ClientSecret: p.cfg.ClientSecret, RedirectURL: p.cfg.RedirectURL,
		Endpoint: prov.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "profile", "email", "groups"}}
}

// AuthURL is where a person's browser goes to sign in at the provider.
func (p *Provider) AuthURL(ctx context.Context, state, nonce, verifier string) (string, error) {
	prov, err := p.discover(ctx)
	if err != nil {
		return "", err
	}
	return p.oauth(prov).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

// Exchange redeems the code the provider sent back, checks the ID token
// and its nonce, and returns the person it names.
func (p *Provider) Exchange(ctx context.Context, code, verifier, nonce string) (*explorer.DirectoryPerson, error) {
	prov, err := p.discover(ctx)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(oidc.ClientContext(ctx, p.cfg.HTTPClient), p.cfg.Timeout)
	defer cancel()
	tok, err := p.oauth(prov).Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, p.exchangeError(err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider sent no ID token")
	}
	id, err := prov.Verifier(&oidc.Config{ClientID: p.cfg.ClientID}).Verify(ctx, raw)
	if err != nil {
		p.log.Warn("OpenID ID token refused", "issuer", p.cfg.Issuer, "err", err)
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider's ID token is not valid")
	}
	if id.Nonce == "" || id.Nonce != nonce {
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider's ID token is not of this sign-in")
	}
	c, err := p.claims(ctx, prov, id, tok)
	if err != nil {
		return nil, err
	}
	return p.person(id.Subject, c)
}

// exchangeError tells a refused code (used already, expired, wrong
// verifier) from a provider that does not answer.
func (p *Provider) exchangeError(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < 500 {
		p.log.Info("OpenID provider refused a sign-in code", "issuer", p.cfg.Issuer, "error", re.ErrorCode)
		return explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider refused the sign-in (the code was used already or expired); start again")
	}
	p.log.Warn("OpenID code exchange failed", "issuer", p.cfg.Issuer, "err", redact(err, p.cfg.ClientSecret))
	return explorer.Errorf(explorer.EUNAVAILABLE, "the OpenID provider cannot be reached; try again later")
}

// redact returns err's text without secret.
func redact(err error, secrets ...string) string {
	msg := err.Error()
	for _, secret := range secrets {
		if secret != "" {
			msg = strings.ReplaceAll(msg, secret, "[redacted]")
		}
	}
	return msg
}

// claims are what the ID token and the userinfo endpoint say of a person.
type claims struct {
	Subject           string   `json:"sub"`
	PreferredUsername string   `json:"preferred_username"`
	Email             string   `json:"email"`
	EmailVerified     *bool    `json:"email_verified"`
	Groups            []string `json:"groups"`
}

// claims reads the ID token's claims and completes them from the userinfo
// endpoint (many providers put the profile only there), of the same
// subject.
func (p *Provider) claims(ctx context.Context, prov *oidc.Provider, id *oidc.IDToken, tok *oauth2.Token) (claims, error) {
	var c claims
	if err := id.Claims(&c); err != nil {
		return c, explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider's ID token is not readable")
	}
	if prov.UserInfoEndpoint() == "" {
		return c, nil
	}
	info, err := prov.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil {
		// The error quotes the provider's answer: the token is taken out.
		p.log.Warn("OpenID userinfo failed", "issuer", p.cfg.Issuer, "err", redact(err, tok.AccessToken, tok.RefreshToken, p.cfg.ClientSecret))
		return c, explorer.Errorf(explorer.EUNAVAILABLE, "the OpenID provider cannot be reached; try again later")
	}
	var more claims
	if err := info.Claims(&more); err != nil || more.Subject != id.Subject {
		return c, explorer.Errorf(explorer.EUNAUTHORIZED, "the OpenID provider's userinfo is not of the signed-in person")
	}
	if c.PreferredUsername == "" {
		c.PreferredUsername = more.PreferredUsername
	}
	if c.Email == "" {
		c.Email, c.EmailVerified = more.Email, more.EmailVerified
	}
	if c.Groups == nil {
		c.Groups = more.Groups
	}
	return c, nil
}

// person maps the claims: the username is preferred_username (else the
// e-mail address), the e-mail address counts unless the provider says it
// is not verified, and the admin group is a value of groups.
func (p *Provider) person(subject string, c claims) (*explorer.DirectoryPerson, error) {
	email := c.Email
	if c.EmailVerified != nil && !*c.EmailVerified {
		email = ""
	}
	name := c.PreferredUsername
	if name == "" {
		name = email
	}
	if name == "" {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "the OpenID provider sent neither preferred_username nor a verified e-mail address")
	}
	admin := false
	for _, g := range c.Groups {
		admin = admin || (p.cfg.AdminGroup != "" && g == p.cfg.AdminGroup)
	}
	return &explorer.DirectoryPerson{Source: explorer.SourceOIDC, ID: fmt.Sprintf("%s#%s", p.cfg.Issuer, subject),
		Username: name, Email: email, Admin: admin}, nil
}
