package main

import (
	"io"
	"strings"
	"testing"
)

func TestLDAPFlags(t *testing.T) {
	t.Setenv("EXPLORER_LDAP_BIND_PASSWORD", "bind-secret-9")
	c, err := parseServe([]string{"--ldap-url", "ldaps://ldap.example.org", "--ldap-bind-dn", "cn=explorer,dc=example,dc=org",
		"--ldap-base-dn", "ou=people,dc=example,dc=org", "--ldap-admin-group", "cn=admins,ou=groups,dc=example,dc=org"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	l := c.SignIn.LDAP
	if l.BindPassword != "bind-secret-9" || l.UserFilter != "(uid=%s)" || l.EmailAttribute != "mail" || l.Timeout.Seconds() != 5 {
		t.Fatalf("LDAP config %+v", l)
	}
	for _, args := range [][]string{
		{"--ldap-base-dn", "dc=x"},
		{"--ldap-url", "http://ldap.example.org", "--ldap-base-dn", "dc=x"},
		{"--ldap-url", "ldap://ldap.example.org"},
		{"--ldap-url", "ldap://ldap.example.org", "--ldap-base-dn", "dc=x", "--ldap-user-filter", "(uid=*)"},
		{"--ldap-url", "ldap://ldap.example.org", "--ldap-base-dn", "dc=x", "--ldap-timeout", "1h"},
	} {
		_, err := parseServe(args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "ldap") || strings.Contains(err.Error(), "bind-secret-9") {
			t.Fatalf("%v: %v", args, err)
		}
	}
	t.Setenv("EXPLORER_LDAP_BIND_PASSWORD", "")
	if _, err := parseServe([]string{"--ldap-url", "ldap://h", "--ldap-base-dn", "dc=x", "--ldap-bind-dn", "cn=a"}, io.Discard); err == nil {
		t.Fatal("a bind DN without its password was accepted")
	}
}

func TestOIDCFlags(t *testing.T) {
	t.Setenv("EXPLORER_OIDC_CLIENT_SECRET", "client-secret-9")
	c, err := parseServe([]string{"--oidc-issuer", "https://login.example.org/realms/staff", "--oidc-client-id", "explorer",
		"--oidc-admin-group", "explorer-admins", "--public-url", "https://explorer.example.org"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	o := c.SignIn.OIDC
	if o.ClientSecret != "client-secret-9" || o.RedirectURL != "https://explorer.example.org/login/oidc/callback" || o.AdminGroup != "explorer-admins" {
		t.Fatalf("OIDC config %+v", o)
	}
	for _, args := range [][]string{
		{"--oidc-client-id", "explorer"},
		{"--oidc-issuer", "https://login.example.org", "--oidc-client-id", "explorer"},
		{"--oidc-issuer", "http://login.example.org", "--oidc-client-id", "explorer", "--public-url", "https://e.example.org"},
		{"--oidc-issuer", "https://login.example.org", "--public-url", "https://e.example.org"},
	} {
		_, err := parseServe(args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "oidc") || strings.Contains(err.Error(), "client-secret-9") {
			t.Fatalf("%v: %v", args, err)
		}
	}
	t.Setenv("EXPLORER_OIDC_CLIENT_SECRET", "")
	if _, err := parseServe([]string{"--oidc-issuer", "https://l.example.org", "--oidc-client-id", "e", "--public-url", "https://e.example.org"}, io.Discard); err == nil {
		t.Fatal("a client without its secret was accepted")
	}
}

func TestRequire2FAFlag(t *testing.T) {
	for _, v := range []string{"admins", "all", "none"} {
		c, err := parseServe([]string{"--require-2fa", v}, io.Discard)
		if err != nil || c.SignIn.Require2FA != v {
			t.Fatalf("--require-2fa %s: %v", v, err)
		}
	}
	if c, err := parseServe(nil, io.Discard); err != nil || c.SignIn.Require2FA != "none" {
		t.Fatalf("default: %q %v", c.SignIn.Require2FA, err)
	}
	if _, err := parseServe([]string{"--require-2fa", "some"}, io.Discard); err == nil || !strings.Contains(err.Error(), "--require-2fa") {
		t.Fatalf("--require-2fa some: %v", err)
	}
}
