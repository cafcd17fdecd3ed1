package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"

	"github.com/pquerna/otp/totp"
)

// mailbox keeps the mails a test server sends.
type mailbox struct {
	mu    sync.Mutex
	mails []explorer.Mail
}

func (m *mailbox) Send(_ context.Context, mail explorer.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mails = append(m.mails, mail)
	return nil
}

// sent sends the due mail and returns the subjects sent to to so far.
func (m *mailbox) sent(t *testing.T, e *testkit.Env, to string) []string {
	t.Helper()
	if _, err := e.Svc.SendDueMail(context.Background()); err != nil {
		t.Fatal(err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for _, mail := range m.mails {
		if mail.To == to {
			out = append(out, mail.Subject)
		}
	}
	return out
}

// auditDetails lists the details of action's records for user, by outcome.
func auditDetails(t *testing.T, e *testkit.Env, action, user, outcome string) []string {
	t.Helper()
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: action, User: user, Outcome: outcome, Page: explorer.Page{Limit: explorer.PageLimitMax}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ev := range list {
		out = append(out, ev.Detail)
	}
	return out
}

// TestSecondFactorTrace is the attack of a taken session: without the
// password it cannot turn the owner's second factor on (nor off); with it,
// the change ends the other sessions, is audited and mailed, also to an
// owner who turned notifications off.
func TestSecondFactorTrace(t *testing.T) {
	box := &mailbox{}
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = box })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	setSettingAs(t, e, "ann", "emailAddress", "ann@example.com")
	setSettingAs(t, e, "ann", "emailNotifications", "false")
	other := newBrowser(t, e)
	other.login("ann", testkit.Password)
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	csrf, _ := d.Find(`form[action="/account/2fa/setup"] input[name=_csrf]`).Attr("value")
	b.do("POST", "/account/2fa/setup", url.Values{"_csrf": {csrf}}, nil).Expect(t, http.StatusSeeOther)
	d = b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	if d.Find(`form[action="/account/2fa/confirm"] input[name=password]`).Length() != 1 {
		t.Fatal("the form to turn the factor on asks no password")
	}
	secret := strings.TrimSpace(d.Find("code.token").Text())
	e.Secret(secret)
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	r := b.do("POST", "/account/2fa/confirm", url.Values{"_csrf": {csrf}, "password": {"not-the-password"}, "code": {code}}, nil)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "password is wrong") {
		t.Fatalf("turned on with a wrong password: %d", r.Status)
	}
	if on, _ := e.Svc.UserSecondFactor(e.As("root"), "ann"); on {
		t.Fatal("the factor is on after a wrong password")
	}
	if got := auditDetails(t, e, explorer.ActionTwoFactorEnable, "ann", explorer.OutcomeFailure); len(got) != 1 || got[0] != "wrong password" {
		t.Fatalf("refused 2fa.enable records: %q", got)
	}
	b.do("POST", "/account/2fa/confirm", url.Values{"_csrf": {csrf}, "password": {testkit.Password}, "code": {code}}, nil).Expect(t, 200)
	b.do("GET", "/", nil, nil).Expect(t, 200)
	if r := other.do("GET", "/", nil, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("the other session lives on after the factor was turned on: %d", r.Status)
	}
	if got := auditDetails(t, e, explorer.ActionTwoFactorEnable, "ann", explorer.OutcomeSuccess); len(got) != 1 {
		t.Fatalf("2fa.enable records: %q", got)
	}
	if got := box.sent(t, e, "ann@example.com"); len(got) != 1 || got[0] != "Your second factor was turned on" {
		t.Fatalf("mails: %q", got)
	}

	// Off: the password and a code again; a wrong code is recorded.
	e.Clock.Advance(30 * time.Second)
	code, _ = totp.GenerateCode(secret, e.Clock.Now())
	other = newBrowser(t, e)
	secondFactorLogin(t, other, "ann", code).Expect(t, http.StatusSeeOther)
	other.do("GET", "/", nil, nil).Expect(t, 200)
	if err := e.Svc.DisableTOTP(identity.WithSession(e.As("ann"), "x"), "", code); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("turned off without the password: %v", err)
	}
	if err := e.Svc.DisableTOTP(e.As("ann"), testkit.Password, "000000"); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("turned off with a wrong code: %v", err)
	}
	if _, failed := signInRecords(t, e, explorer.ActionTwoFactorDisable, "ann"); failed != 2 {
		t.Fatalf("refused 2fa.disable: %d recorded, want 2 (folded)", failed)
	}
	e.Clock.Advance(30 * time.Second)
	code, _ = totp.GenerateCode(secret, e.Clock.Now())
	d = b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	csrf, _ = d.Find(`form[action="/account/2fa/disable"] input[name=_csrf]`).Attr("value")
	b.do("POST", "/account/2fa/disable", url.Values{"_csrf": {csrf}, "password": {testkit.Password}, "code": {code}}, nil).Expect(t, 200)
	b.do("GET", "/", nil, nil).Expect(t, 200)
	if r := other.do("GET", "/", nil, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("the other session lives on after the factor was turned off: %d", r.Status)
	}
	if got := auditDetails(t, e, explorer.ActionTwoFactorDisable, "ann", explorer.OutcomeSuccess); len(got) != 1 {
		t.Fatalf("2fa.disable records: %q", got)
	}
	if got := box.sent(t, e, "ann@example.com"); len(got) != 2 || got[1] != "Your second factor was turned off" {
		t.Fatalf("mails: %q", got)
	}
}

// A recovery-code sign-in is recorded as such with the codes left, and
// lands on the page that says how many remain.
func TestRecoverySignInRecorded(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	_, recovery := setUpTOTP(t, e, "ann")
	b := newBrowser(t, e)
	r := secondFactorLogin(t, b, "ann", recovery[0]).Expect(t, http.StatusSeeOther)
	if r.Header.Get("Location") != "/account/2fa" {
		t.Fatalf("after a recovery code: %q", r.Header.Get("Location"))
	}
	d := b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	if got := d.Find("#recovery-left").Text(); got != "9 recovery codes are left." {
		t.Fatalf("the page says %q", got)
	}
	if got := auditDetails(t, e, explorer.ActionSignInRecovery, "ann", explorer.OutcomeSuccess); len(got) != 1 || got[0] != "9 recovery codes left" {
		t.Fatalf("signin.recovery records: %q", got)
	}
	if ok, _ := signInRecords(t, e, explorer.ActionSignInTOTP, "ann"); ok != 0 {
		t.Fatalf("a recovery sign-in recorded as signin.totp (%d)", ok)
	}
	for _, c := range recovery[1:8] {
		secondFactorLogin(t, newBrowser(t, e), "ann", c).Expect(t, http.StatusSeeOther)
	}
	d = b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	if got := d.Find("#recovery-left").Text(); got != "2 recovery codes are left." || !strings.Contains(d.Text(), "Few recovery codes are left") {
		t.Fatalf("the page says %q", got)
	}
}

func setSettingAs(t *testing.T, e *testkit.Env, user, key, value string) {
	t.Helper()
	if _, err := e.Svc.UpdateSettings(e.As(user), []explorer.UserSetting{{Key: key, Value: value}}); err != nil {
		t.Fatal(err)
	}
}
