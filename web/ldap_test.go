package web_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/ldapdir"
	"explorer/internal/testkit"
	"explorer/internal/testldap"
)

// ldapEnv is a server whose directory is a real slapd started for the
// test, with the local admin "root".
func ldapEnv(t *testing.T) (*testkit.Env, *testldap.Server) {
	t.Helper()
	srv := testldap.Start(t)
	cfg := ldapdir.Config{URL: srv.LDAPURL, BindDN: testldap.ServiceDN, BindPassword: testldap.ServiceSecret,
		BaseDN: testldap.People, AdminGroup: testldap.AdminGroup, CAFile: srv.CAFile, Timeout: 2 * time.Second}
	e := testkit.New(t, func(o *explorer.Options) {
		cfg.Logger = o.Logger // watched for secrets
		dir, err := ldapdir.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		o.Directory = dir
	})
	e.Secret(testldap.ServiceSecret)
	e.AddUser("root", explorer.RoleAdmin)
	return e, srv
}

func basic(e *testkit.Env, path, user, password string) *testkit.Response {
	e.T.Helper()
	auth := "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	return e.Do(testkit.Request{Method: "GET", Path: path, Header: map[string]string{"Authorization": auth}})
}

// pageLogin posts the sign-in form and returns the answer.
func pageLogin(b *client, user, password string) *testkit.Response {
	b.t.Helper()
	d := b.doc(b.do("GET", "/login", nil, nil).Expect(b.t, 200))
	token, _ := d.Find(`form input[name=_csrf]`).Attr("value")
	return b.do("POST", "/login", url.Values{"_csrf": {token}, "username": {user}, "password": {password}, "next": {"/"}}, nil)
}

func TestLDAPSignInRolesAndEmail(t *testing.T) {
	e, srv := ldapEnv(t)
	srv.AddPerson("lena", "lena-pass-1", "lena@example.org")
	// First sign-in on the page creates the person, as a user.
	b := newBrowser(t, e)
	b.login("lena", "lena-pass-1")
	u, err := e.Svc.FindUser(context.Background(), "lena")
	if err != nil || u.Role != explorer.RoleUser || u.Source != explorer.SourceLDAP || u.ExternalID != testldap.PersonDN("lena") {
		t.Fatalf("lena after first sign-in: %+v, %v", u, err)
	}
	if email, _ := e.Svc.UserEmail(e.As("root"), "lena"); email != "lena@example.org" {
		t.Fatalf("lena's e-mail %q", email)
	}
	b.do("GET", "/users", nil, nil).Expect(t, http.StatusForbidden)
	basic(e, "/v1/account", "lena", "lena-pass-1").Expect(t, 200)
	basic(e, "/v1/account", "lena", "wrong-pass-1").Expect(t, 401)
	// The admin group makes her an admin at her next page sign-in; the
	// address follows the directory too.
	srv.JoinAdmins("lena")
	srv.SetMail("lena", "lena@corp.example.org")
	b = newBrowser(t, e)
	b.login("lena", "lena-pass-1")
	b.do("GET", "/users", nil, nil).Expect(t, 200)
	if email, _ := e.Svc.UserEmail(e.As("root"), "lena"); email != "lena@corp.example.org" {
		t.Fatalf("lena's e-mail after the change %q", email)
	}
	// Out of the group, she loses the role at her next sign-in, also
	// with Basic once the cached credential expired.
	srv.LeaveAdmins("lena")
	e.Clock.Advance(6 * time.Minute)
	basic(e, "/v1/admin/users/root/budgets", "lena", "lena-pass-1").Expect(t, 403)
	b.do("GET", "/users", nil, nil).Expect(t, http.StatusForbidden)
	// Her page says where she signs in, and offers no password form.
	d := newBrowser(t, e)
	d.login("root", testkit.Password)
	page := string(d.do("GET", "/users/lena", nil, nil).Expect(t, 200).Body)
	if !strings.Contains(page, "the LDAP directory") || strings.Contains(page, `id="user-password"`) {
		t.Fatal("lena's page does not say she signs in with the LDAP directory, or offers a password form")
	}
	// Her password is the directory's: it cannot be set here.
	if err := e.Svc.SetPassword(e.As("root"), "lena", "new-pass-123"); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("setting a directory user's password: %v", err)
	}
}

// A page sign-in always asks the directory: a person deleted there is
// refused at once on the page, and on the JSON interface when the cached
// credential expires; they keep their account and what it owns.
func TestLDAPDeletedPersonRefused(t *testing.T) {
	e, srv := ldapEnv(t)
	srv.AddPerson("max", "max-pass-1", "")
	basic(e, "/v1/account", "max", "max-pass-1").Expect(t, 200)
	srv.DeletePerson("max")
	b := newBrowser(t, e)
	if r := pageLogin(b, "max", "max-pass-1"); r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "Wrong username or password") {
		t.Fatalf("deleted person on the page: %d", r.Status)
	}
	e.Clock.Advance(6 * time.Minute)
	basic(e, "/v1/account", "max", "max-pass-1").Expect(t, 401)
	if _, err := e.Svc.FindUser(context.Background(), "max"); err != nil {
		t.Fatalf("max's account is gone: %v", err)
	}
}

// A directory that is down leaves local users working and is reported as
// such to directory users, never as a wrong password.
func TestLDAPDirectoryDown(t *testing.T) {
	e, srv := ldapEnv(t)
	srv.AddPerson("ida", "ida-pass-1", "")
	basic(e, "/v1/account", "ida", "ida-pass-1").Expect(t, 200)
	srv.Stop()
	b := newBrowser(t, e)
	b.login("root", testkit.Password)
	basic(e, "/v1/account", "root", testkit.Password).Expect(t, 200)
	r := pageLogin(newBrowser(t, e), "ida", "ida-pass-1")
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "the company directory cannot be reached") || !strings.Contains(string(r.Body), `name="password"`) {
		t.Fatalf("page sign-in with the directory down: %d %s", r.Status, r.Body)
	}
	p := basic(e, "/v1/account", "nobody", "some-pass-1").Expect(t, http.StatusServiceUnavailable).Problem(t)
	if !strings.Contains(p.Detail, "company directory") {
		t.Fatalf("Basic with the directory down: %+v", p)
	}
}
