package ldapdir_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/ldapdir"
	"explorer/internal/testldap"
)

func directory(t *testing.T, srv *testldap.Server, url string) *ldapdir.Directory {
	t.Helper()
	d, err := ldapdir.New(ldapdir.Config{URL: url, BindDN: testldap.ServiceDN, BindPassword: testldap.ServiceSecret,
		BaseDN: testldap.People, AdminGroup: testldap.AdminGroup, CAFile: srv.CAFile, Timeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestVerifyAgainstSlapd(t *testing.T) {
	srv := testldap.Start(t)
	srv.AddPerson("alice", "alice-pass-1", "alice@example.org")
	srv.AddPerson("bob", "bob-pass-1", "")
	ctx := context.Background()
	for _, url := range []string{srv.LDAPURL, srv.LDAPSURL} {
		d := directory(t, srv, url)
		p, err := d.Verify(ctx, "alice", "alice-pass-1")
		if err != nil {
			t.Fatalf("%s: alice: %v", url, err)
		}
		if p.Source != explorer.SourceLDAP || p.ID != testldap.PersonDN("alice") || p.Username != "alice" || p.Email != "alice@example.org" || p.Admin {
			t.Fatalf("%s: alice is %+v", url, p)
		}
		for _, c := range [][2]string{{"alice", "wrong-pass"}, {"alice", ""}, {"nobody", "alice-pass-1"}, {"bob", "alice-pass-1"}} {
			if _, err := d.Verify(ctx, c[0], c[1]); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
				t.Fatalf("%s: %s with a wrong password: %v", url, c[0], err)
			}
		}
	}
	srv.JoinAdmins("bob")
	d := directory(t, srv, srv.LDAPURL)
	if p, err := d.Verify(ctx, "bob", "bob-pass-1"); err != nil || !p.Admin || p.Email != "" {
		t.Fatalf("bob in the admin group: %+v, %v", p, err)
	}
}

// A username is escaped in the filter (RFC 4515): wildcards and filter
// syntax typed as a name find nobody, even with a real password.
func TestVerifyEscapesTheName(t *testing.T) {
	srv := testldap.Start(t)
	srv.AddPerson("alice", "alice-pass-1", "")
	d := directory(t, srv, srv.LDAPURL)
	for _, name := range []string{"ali*", "*", "alice)(uid=*", "*)(|(uid=*", "alice\x00", "al\\2a"} {
		if _, err := d.Verify(context.Background(), name, "alice-pass-1"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("name %q: %v", name, err)
		}
	}
}

// A directory that is down, or that accepts connections and never
// answers, is reported as unavailable within the timeout, never as a
// wrong password; no message holds a secret.
func TestVerifyDirectoryDown(t *testing.T) {
	srv := testldap.Start(t)
	srv.AddPerson("alice", "alice-pass-1", "")
	d := directory(t, srv, srv.LDAPURL)
	srv.Stop()
	_, err := d.Verify(context.Background(), "alice", "alice-pass-1")
	if explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Fatalf("stopped directory: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	for _, scheme := range []string{"ldap://", "ldaps://"} {
		silent, err := ldapdir.New(ldapdir.Config{URL: scheme + l.Addr().String(), BindDN: testldap.ServiceDN, BindPassword: testldap.ServiceSecret,
			BaseDN: testldap.People, Timeout: 700 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = silent.Verify(context.Background(), "alice", "alice-pass-1")
		took := time.Since(start)
		if explorer.ErrorCode(err) != explorer.EUNAVAILABLE || !strings.Contains(err.Error(), "did not answer") || took > 3*time.Second {
			t.Fatalf("%s silent directory: %v after %s", scheme, err, took)
		}
		for _, secret := range []string{"alice-pass-1", testldap.ServiceSecret} {
			if strings.Contains(err.Error(), secret) {
				t.Fatalf("error holds a secret: %v", err)
			}
		}
	}
}

// A wrong service account password is the directory's problem, not the
// person's.
func TestVerifyWrongServicePassword(t *testing.T) {
	srv := testldap.Start(t)
	srv.AddPerson("alice", "alice-pass-1", "")
	d, err := ldapdir.New(ldapdir.Config{URL: srv.LDAPURL, BindDN: testldap.ServiceDN, BindPassword: "not-the-secret",
		BaseDN: testldap.People, CAFile: srv.CAFile})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Verify(context.Background(), "alice", "alice-pass-1"); explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Fatalf("wrong service password: %v", err)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, c := range []ldapdir.Config{
		{URL: "http://x", BaseDN: "dc=x"},
		{URL: "ldap://", BaseDN: "dc=x"},
		{URL: "ldap://u:p@x", BaseDN: "dc=x"},
		{URL: "ldap://x"},
		{URL: "ldap://x", BaseDN: "dc=x", UserFilter: "(uid=%s)(cn=%s)"},
		{URL: "ldap://x", BaseDN: "dc=x", UserFilter: "(uid=x)"},
		{URL: "ldap://x", BaseDN: "dc=x", UserFilter: "(uid=%s"},
		{URL: "ldap://x", BaseDN: "dc=x", BindDN: "cn=a"},
		{URL: "ldap://x", BaseDN: "dc=x", CAFile: "/nonexistent"},
	} {
		if _, err := ldapdir.New(c); err == nil {
			t.Fatalf("accepted %+v", c)
		}
	}
}

// BenchmarkVerify measures one verification against slapd on loopback:
// connection, StartTLS or TLS, service bind, search, group, person bind.
func BenchmarkVerify(b *testing.B) {
	srv := testldap.Start(b)
	srv.AddPerson("alice", "alice-pass-1", "alice@example.org")
	srv.JoinAdmins("alice")
	for _, url := range []string{srv.LDAPURL, srv.LDAPSURL} {
		d, err := ldapdir.New(ldapdir.Config{URL: url, BindDN: testldap.ServiceDN, BindPassword: testldap.ServiceSecret,
			BaseDN: testldap.People, AdminGroup: testldap.AdminGroup, CAFile: srv.CAFile})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(url[:strings.Index(url, ":")], func(b *testing.B) {
			for b.Loop() {
				if _, err := d.Verify(context.Background(), "alice", "alice-pass-1"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
