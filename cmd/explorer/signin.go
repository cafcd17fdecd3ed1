package main

import (
	"flag"
	"log/slog"
	"os"
	"time"

	explorer "explorer"
	"explorer/internal/ldapdir"
	"explorer/internal/oidclogin"
)

// signInConfig holds the company directories people may sign in with.
type signInConfig struct {
	// LDAP configures the LDAP directory; its URL is "" when none.
	LDAP ldapdir.Config
	// OIDC configures the OpenID provider; its Issuer is "" when none.
	OIDC oidclogin.Config
	// Require2FA is who must use a second factor (--require-2fa).
	Require2FA string
}

// signInFlags adds the directory flags. Secrets come only from the
// environment, never from a flag (which ps shows).
func signInFlags(fs *flag.FlagSet, c *signInConfig) {
	l := &c.LDAP
	fs.StringVar(&l.URL, "ldap-url", envOr("EXPLORER_LDAP_URL", ""), "LDAP directory to sign in with: ldaps://host[:port], or ldap://host[:port] with StartTLS (EXPLORER_LDAP_URL)")
	fs.StringVar(&l.BindDN, "ldap-bind-dn", envOr("EXPLORER_LDAP_BIND_DN", ""), "DN of the service account that searches the directory; its password is EXPLORER_LDAP_BIND_PASSWORD; empty searches anonymously (EXPLORER_LDAP_BIND_DN)")
	fs.StringVar(&l.BaseDN, "ldap-base-dn", envOr("EXPLORER_LDAP_BASE_DN", ""), "where people are searched, such as ou=people,dc=example,dc=org (EXPLORER_LDAP_BASE_DN)")
	fs.StringVar(&l.UserFilter, "ldap-user-filter", envOr("EXPLORER_LDAP_USER_FILTER", "(uid=%s)"), "filter that finds a person; %s is the username, escaped (EXPLORER_LDAP_USER_FILTER)")
	fs.StringVar(&l.AdminGroup, "ldap-admin-group", envOr("EXPLORER_LDAP_ADMIN_GROUP", ""), "DN of the group whose members are administrators (EXPLORER_LDAP_ADMIN_GROUP)")
	fs.StringVar(&l.EmailAttribute, "ldap-email-attribute", envOr("EXPLORER_LDAP_EMAIL_ATTRIBUTE", "mail"), "attribute holding a person's e-mail address (EXPLORER_LDAP_EMAIL_ATTRIBUTE)")
	fs.StringVar(&l.CAFile, "ldap-ca-file", envOr("EXPLORER_LDAP_CA_FILE", ""), "PEM file of the authorities that sign the directory's certificate; empty trusts the system's (EXPLORER_LDAP_CA_FILE)")
	fs.StringVar(&c.Require2FA, "require-2fa", envOr("EXPLORER_REQUIRE_2FA", explorer.Require2FANone), "who must sign in to the pages with a second factor (TOTP): admins, all or none; they set it up at their next sign-in, and use API tokens for the JSON interface (EXPLORER_REQUIRE_2FA)")
	o := &c.OIDC
	fs.StringVar(&o.Issuer, "oidc-issuer", envOr("EXPLORER_OIDC_ISSUER", ""), "OpenID Connect provider to sign in with on the pages, such as https://login.example.com/realms/staff; needs --public-url, whose /login/oidc/callback is the redirect URI to register (EXPLORER_OIDC_ISSUER)")
	fs.StringVar(&o.ClientID, "oidc-client-id", envOr("EXPLORER_OIDC_CLIENT_ID", ""), "client id at the OpenID provider; its secret is EXPLORER_OIDC_CLIENT_SECRET (EXPLORER_OIDC_CLIENT_ID)")
	fs.StringVar(&o.AdminGroup, "oidc-admin-group", envOr("EXPLORER_OIDC_ADMIN_GROUP", ""), "value of the groups claim that makes an administrator (EXPLORER_OIDC_ADMIN_GROUP)")
	fs.DurationVar(&l.Timeout, "ldap-timeout", envDuration("EXPLORER_LDAP_TIMEOUT", 5*time.Second), "how long a sign-in waits for the directory before saying it does not answer (EXPLORER_LDAP_TIMEOUT)")
}

// check refuses directory flags that would do nothing or cannot work.
func (c *signInConfig) check(publicURL string) error {
	switch c.Require2FA {
	case explorer.Require2FANone, explorer.Require2FAAdmins, explorer.Require2FAAll:
	default:
		return usageError("--require-2fa: give admins, all or none")
	}
	if err := c.checkLDAP(); err != nil {
		return err
	}
	return c.checkOIDC(publicURL)
}

// checkOIDC refuses OpenID flags that would do nothing or cannot work.
func (c *signInConfig) checkOIDC(publicURL string) error {
	o := &c.OIDC
	o.ClientSecret = os.Getenv("EXPLORER_OIDC_CLIENT_SECRET")
	if o.Issuer == "" {
		if o.ClientID != "" || o.AdminGroup != "" {
			return usageError("--oidc-client-id and --oidc-admin-group need --oidc-issuer")
		}
		return nil
	}
	if publicURL != "" {
		o.RedirectURL = publicURL + "/login/oidc/callback"
	}
	if _, err := oidclogin.New(*o); err != nil {
		return usageError("--oidc-*: " + err.Error())
	}
	return nil
}

// checkLDAP refuses LDAP flags that would do nothing or cannot work.
func (c *signInConfig) checkLDAP() error {
	l := &c.LDAP
	l.BindPassword = os.Getenv("EXPLORER_LDAP_BIND_PASSWORD")
	if l.URL == "" {
		if l.BaseDN != "" || l.BindDN != "" || l.AdminGroup != "" || l.CAFile != "" {
			return usageError("--ldap-base-dn, --ldap-bind-dn, --ldap-admin-group and --ldap-ca-file need --ldap-url")
		}
		return nil
	}
	if l.Timeout < 100*time.Millisecond || l.Timeout > time.Minute {
		return usageError("--ldap-timeout: give 100ms to 1m, such as 5s")
	}
	if _, err := ldapdir.New(*l); err != nil {
		return usageError("--ldap-*: " + err.Error())
	}
	return nil
}

// ldap returns the LDAP directory, or nil when none is configured.
func (c *signInConfig) ldap(logger *slog.Logger) (*ldapdir.Directory, error) {
	if c.LDAP.URL == "" {
		return nil, nil
	}
	cfg := c.LDAP
	cfg.Logger = logger
	return ldapdir.New(cfg)
}

// wire sets the service options of the configured directories.
func (c *signInConfig) wire(o *explorer.Options, logger *slog.Logger) error {
	o.Require2FA = c.Require2FA
	dir, err := c.ldap(logger)
	if err != nil {
		return usageError("--ldap-*: " + err.Error())
	}
	if dir != nil {
		o.Directory = dir
		logger.Info("people sign in with the LDAP directory", "url", c.LDAP.URL, "base", c.LDAP.BaseDN, "admin_group", c.LDAP.AdminGroup)
	}
	if c.OIDC.Issuer == "" {
		return nil
	}
	cfg := c.OIDC
	cfg.Logger = logger
	prov, err := oidclogin.New(cfg)
	if err != nil {
		return usageError("--oidc-*: " + err.Error())
	}
	o.OIDC = prov
	logger.Info("people sign in with OpenID Connect", "issuer", cfg.Issuer, "client_id", cfg.ClientID, "redirect_uri", cfg.RedirectURL, "admin_group", cfg.AdminGroup)
	return nil
}
