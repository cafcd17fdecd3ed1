package web_test

import (
	"net/http"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"

	"github.com/pquerna/otp/totp"
)

// signInRecords returns the audit log's records of action for user, by
// outcome (a folded refusal counts as often as it was folded).
func signInRecords(t *testing.T, e *testkit.Env, action, user string) (success, failure int64) {
	t.Helper()
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: action, User: user, Page: explorer.Page{Limit: explorer.PageLimitMax}})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range list {
		if ev.Outcome == explorer.OutcomeSuccess {
			success += ev.Count
		} else {
			failure += ev.Count
		}
	}
	return success, failure
}

// An LDAP sign-in on the page and one with Basic are one signin.ldap
// record each; a wrong password is a refusal, recorded once.
func TestAuditLDAPSignIns(t *testing.T) {
	e, srv := ldapEnv(t)
	srv.AddPerson("lena", "lena-pass-1", "lena@example.org")
	newBrowser(t, e).login("lena", "lena-pass-1")
	e.Clock.Advance(6 * time.Minute) // past the page sign-in's cached credential
	basic(e, "/v1/account", "lena", "lena-pass-1").Expect(t, 200)
	basic(e, "/v1/account", "lena", "lena-pass-1").Expect(t, 200) // cached: no new sign-in
	basic(e, "/v1/account", "lena", "wrong-pass-1").Expect(t, 401)
	if ok, failed := signInRecords(t, e, explorer.ActionSignInLDAP, "lena"); ok != 2 || failed != 1 {
		t.Fatalf("signin.ldap: %d accepted, %d refused; want 2 and 1", ok, failed)
	}
	if ok, failed := signInRecords(t, e, explorer.ActionSignInPassword, "lena"); ok+failed != 0 {
		t.Fatalf("an LDAP sign-in recorded as a password one: %d %d", ok, failed)
	}
}

// An OpenID Connect sign-in is one signin.oidc record; the replayed code
// is a refusal.
func TestAuditOIDCSignIn(t *testing.T) {
	e, _, _ := oidcEnv(t)
	b := newBrowser(t, e)
	callback := atProvider(t, b, "olga", "olga-pass-1")
	flow := b.cookies["explorer_oidc"]
	b.do("GET", callback, nil, nil).Expect(t, http.StatusSeeOther)
	replay := newBrowser(t, e)
	replay.cookies["explorer_oidc"] = flow
	replay.do("GET", callback, nil, nil).Expect(t, http.StatusUnauthorized)
	if ok, _ := signInRecords(t, e, explorer.ActionSignInOIDC, "olga"); ok != 1 {
		t.Fatalf("signin.oidc: %d accepted, want 1", ok)
	}
	if _, failed := signInRecords(t, e, explorer.ActionSignInOIDC, ""); failed != 1 {
		t.Fatalf("signin.oidc: %d refused, want 1 (the replayed code)", failed)
	}
}

// A sign-in with a second factor records the password step and the code
// step once each; a replayed code is one refusal.
func TestAuditTOTPSignIn(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	secret, _ := setUpTOTP(t, e, "ann")
	passwordBefore, _ := signInRecords(t, e, explorer.ActionSignInPassword, "ann")
	e.Clock.Advance(30 * time.Second)
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	secondFactorLogin(t, newBrowser(t, e), "ann", code).Expect(t, http.StatusSeeOther)
	secondFactorLogin(t, newBrowser(t, e), "ann", code) // the same code again
	if ok, failed := signInRecords(t, e, explorer.ActionSignInTOTP, "ann"); ok != 1 || failed != 1 {
		t.Fatalf("signin.totp: %d accepted, %d refused; want 1 and 1", ok, failed)
	}
	if ok, _ := signInRecords(t, e, explorer.ActionSignInPassword, "ann"); ok != passwordBefore+2 {
		t.Fatalf("signin.password: %d accepted, want %d (one a password step)", ok, passwordBefore+2)
	}
}
