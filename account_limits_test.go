package explorer_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/notifications"

	"github.com/pquerna/otp/totp"
)

// outbox keeps the mails a test's Service sends.
type outbox struct {
	mu    sync.Mutex
	mails []explorer.Mail
}

func (o *outbox) Send(_ context.Context, m explorer.Mail) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.mails = append(o.mails, m)
	return nil
}

func (o *outbox) subjects(t *testing.T, svc *notifications.Service) []string {
	t.Helper()
	testkit.SendDue(t, svc)
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for _, m := range o.mails {
		out = append(out, m.Subject)
	}
	return out
}

// turnOnTOTP turns user's second factor on through the Service and
// returns its secret.
func turnOnTOTP(t *testing.T, e *testkit.Env, user string) string {
	t.Helper()
	ctx := e.As(user)
	if err := e.Svc.BeginTOTP(ctx); err != nil {
		t.Fatal(err)
	}
	uri, err := e.Svc.TOTPKeyURI(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(uri)
	secret := u.Query().Get("secret")
	e.Secret(secret)
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	if _, err := e.Svc.ConfirmTOTP(ctx, testkit.Password, code); err != nil {
		t.Fatal(err)
	}
	return secret
}

// TestCodesPerAccount is the attack of item 3: someone who has ann's
// password guesses codes from many addresses, one each; after ten wrong
// codes within the hour every code of the account waits (the right one
// too), ann is mailed and the audit log records it once; an hour later
// the right code signs in.
func TestCodesPerAccount(t *testing.T) {
	box := &outbox{}
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = box })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann@example.com", "")
	secret := turnOnTOTP(t, e, "ann@example.com")
	e.Clock.Advance(time.Minute)
	ctx := context.Background()
	attempt := func(i int, code string) error {
		addr := fmt.Sprintf("10.1.%d.%d", i/250, i%250)
		ns, err := e.Svc.Login(ctx, "ann@example.com", testkit.Password, addr)
		if err != nil {
			return err
		}
		_, err = e.Svc.LoginSecondFactor(ctx, ns.Cookie, code, addr)
		return err
	}
	for i := range 10 {
		if err := attempt(i, fmt.Sprintf("%06d", i)); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("wrong code %d: %v", i, err)
		}
	}
	right, _ := totp.GenerateCode(secret, e.Clock.Now())
	err := attempt(10, right)
	if e, ok := err.(*explorer.Error); !ok || e.Code != explorer.ETHROTTLED || e.RetryAfter <= 0 {
		t.Fatalf("the right code after ten wrong ones: %v", err)
	}
	if got := auditDetailsOf(t, e, explorer.ActionTwoFactorLocked, "ann@example.com"); len(got) != 1 {
		t.Fatalf("2fa.locked records: %q", got)
	}
	if got := box.subjects(t, e.Services.Notifications); len(got) != 2 || got[1] != "Wrong second-factor codes for your account" {
		t.Fatalf("mails: %q", got)
	}
	e.Clock.Advance(time.Hour)
	right, _ = totp.GenerateCode(secret, e.Clock.Now())
	if err := attempt(11, right); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
}

func auditDetailsOf(t *testing.T, e *testkit.Env, action, user string) []string {
	t.Helper()
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: action, User: user, Page: explorer.Page{Limit: 100}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ev := range list {
		out = append(out, ev.Detail)
	}
	return out
}

// TestPasswordFailuresPerAccount is the other attack of item 3: wrong
// passwords for admin from many addresses make the account wait, longer
// after each failure, but admin's right password from an address admin
// signed in from before is never delayed.
func TestPasswordFailuresPerAccount(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.AccountFailures = 5 })
	e.AddUser("boss", explorer.RoleAdmin)
	ctx := context.Background()
	if _, err := e.Svc.Login(ctx, "boss", testkit.Password, "192.0.2.7"); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(10 * time.Minute) // past the verified-credential cache
	for i := range 5 {
		if _, err := e.Svc.Login(ctx, "boss", "wrong-password", fmt.Sprintf("10.2.0.%d", i)); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("failure %d: %v", i, err)
		}
	}
	var waits []int
	for i := range 4 {
		_, err := e.Svc.Login(ctx, "boss", "wrong-password", fmt.Sprintf("10.3.0.%d", i))
		e2, ok := err.(*explorer.Error)
		if !ok || e2.Code != explorer.ETHROTTLED {
			t.Fatalf("attempt while waiting: %v", err)
		}
		waits = append(waits, e2.RetryAfter)
		e.Clock.Advance(time.Duration(e2.RetryAfter) * time.Second)
		if _, err := e.Svc.Login(ctx, "boss", "wrong-password", fmt.Sprintf("10.5.0.%d", i)); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("a guess after the wait: %v", err)
		}
	}
	// The right password from a new address waits too…
	if _, err := e.Svc.Login(ctx, "boss", testkit.Password, "10.4.0.1"); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("right password from a new address: %v", err)
	}
	// …but not from one boss signed in from.
	if _, err := e.Svc.Login(ctx, "boss", testkit.Password, "192.0.2.7"); err != nil {
		t.Fatalf("right password from boss's address while the account waits: %v", err)
	}
	if waits[0] < 1 || waits[3] <= waits[0] {
		t.Fatalf("the waits do not grow: %v", waits)
	}
}

// TestSpendWriteUsesTheOverrideReadWithTheUser: counting a write uses the
// writes override read with the request's user (no budget read of its
// own); a user value read without it still gets the store's budget.
func TestSpendWriteUsesTheOverrideReadWithTheUser(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets.WritesPerMinute = 5 })
	e.AddUser("ann", "")
	u := *explorer.UserFromContext(e.As("ann"))
	if !u.Writes.Read {
		t.Fatal("the user was read without its writes override")
	}
	one := 1
	u.Writes.Limit = &one // as if read with an override of 1; the store has none
	ctx := explorer.WithUser(context.Background(), &u)
	must(t, e.Svc.SpendWrite(ctx))
	if err := e.Svc.SpendWrite(ctx); code(err) != explorer.ETHROTTLED {
		t.Fatalf("second write with an override of 1 read with the user: %v", err)
	}
	e.AddUser("bob", "")
	bob := *explorer.UserFromContext(e.As("bob"))
	bob.Writes = explorer.WritesOverride{}
	ctx = explorer.WithUser(context.Background(), &bob)
	for range 5 {
		must(t, e.Svc.SpendWrite(ctx))
	}
	if err := e.Svc.SpendWrite(ctx); code(err) != explorer.ETHROTTLED {
		t.Fatalf("sixth write with the store's budget of 5: %v", err)
	}
}

// TestViewerUsesTheSettingsReadWithTheUser: a page's dates follow the
// settings read with the request's user (no settings read of their
// own); a user value read without them reads the store's; ViewerOf
// reads the store's now (the page after saving settings).
func TestViewerUsesTheSettingsReadWithTheUser(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	u := *explorer.UserFromContext(e.As("ann"))
	_, err := e.Svc.UpdateSettings(e.As("ann"), []explorer.UserSetting{{Key: explorer.SettingTimezone, Value: "Asia/Tokyo"}})
	must(t, err)
	u.Settings = explorer.SettingValues{Read: true, Values: map[string]string{explorer.SettingTimezone: "Europe/Stockholm"}}
	v, err := e.Svc.Viewer(explorer.WithUser(context.Background(), &u))
	if err != nil || v.Location.String() != "Europe/Stockholm" {
		t.Fatalf("read with the user: %v, %v", v.Location, err)
	}
	u.Settings = explorer.SettingValues{}
	v, err = e.Svc.Viewer(explorer.WithUser(context.Background(), &u))
	if err != nil || v.Location.String() != "Asia/Tokyo" {
		t.Fatalf("read without them: %v, %v", v.Location, err)
	}
	if v, err = e.Svc.ViewerOf(context.Background(), u.ID); err != nil || v.Location.String() != "Asia/Tokyo" {
		t.Fatalf("ViewerOf: %v, %v", v.Location, err)
	}
	// A change of settings in the request changes what its user carries.
	u.Settings = explorer.SettingValues{Read: true, Values: map[string]string{explorer.SettingTimezone: "Asia/Tokyo"}}
	ctx := explorer.WithUser(context.Background(), &u)
	if _, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: explorer.SettingTimezone, Value: "America/New_York"}}); err != nil {
		t.Fatal(err)
	}
	if v, err = e.Svc.Viewer(ctx); err != nil || v.Location.String() != "America/New_York" {
		t.Fatalf("after the change in the request: %v, %v", v.Location, err)
	}
}
