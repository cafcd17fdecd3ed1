package oidclogin

import (
	"testing"

	explorer "explorer"
)

func TestPersonFromClaims(t *testing.T) {
	p := &Provider{cfg: Config{Issuer: "https://login.example.org", AdminGroup: "admins"}}
	no, yes := false, true
	for _, c := range []struct {
		in    claims
		name  string
		email string
		admin bool
	}{
		{claims{PreferredUsername: "olga", Email: "o@example.org", EmailVerified: &yes, Groups: []string{"x", "admins"}}, "olga", "o@example.org", true},
		{claims{PreferredUsername: "olga", Email: "o@example.org", EmailVerified: &no}, "olga", "", false},
		{claims{Email: "o@example.org"}, "o@example.org", "o@example.org", false},
		{claims{PreferredUsername: "olga", Groups: []string{"Admins", "admins-x"}}, "olga", "", false},
	} {
		got, err := p.person("sub-1", c.in)
		if err != nil || got.Username != c.name || got.Email != c.email || got.Admin != c.admin || got.ID != "https://login.example.org#sub-1" || got.Source != explorer.SourceOIDC {
			t.Fatalf("%+v: %+v, %v", c.in, got, err)
		}
	}
	// An unverified address is no username either.
	if _, err := p.person("sub-2", claims{Email: "o@example.org", EmailVerified: &no}); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("no usable name: %v", err)
	}
	// Without an admin group nobody is an admin.
	p.cfg.AdminGroup = ""
	if got, _ := p.person("sub-3", claims{PreferredUsername: "x", Groups: []string{""}}); got.Admin {
		t.Fatal("admin without an admin group")
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	good := Config{Issuer: "https://login.example.org", ClientID: "e", ClientSecret: "s", RedirectURL: "https://e.example.org/login/oidc/callback"}
	if _, err := New(good); err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(*Config){
		func(c *Config) { c.Issuer = "http://login.example.org" },
		func(c *Config) { c.Issuer = "https://login.example.org?x=1" },
		func(c *Config) { c.Issuer = "https://u:p@login.example.org" },
		func(c *Config) { c.Issuer = "ftp://login.example.org" },
		func(c *Config) { c.ClientID = "" },
		func(c *Config) { c.ClientSecret = "" },
		func(c *Config) { c.RedirectURL = "" },
	} {
		c := good
		f(&c)
		if _, err := New(c); err == nil {
			t.Fatalf("accepted %+v", c)
		}
	}
	local := good
	local.Issuer = "http://127.0.0.1:5556"
	if _, err := New(local); err != nil {
		t.Fatalf("loopback http issuer: %v", err)
	}
}
