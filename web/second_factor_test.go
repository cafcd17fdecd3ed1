package web_test

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
	"github.com/pquerna/otp/totp"
)

// setUpTOTP turns ann's second factor on through the pages and returns its
// secret and recovery codes.
func setUpTOTP(t *testing.T, e *testkit.Env, user string) (string, []string) {
	t.Helper()
	b := newBrowser(t, e)
	pageLogin(b, user, testkit.Password).Expect(t, http.StatusSeeOther)
	d := b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	csrf, _ := d.Find(`form[action="/account/2fa/setup"] input[name=_csrf]`).Attr("value")
	b.do("POST", "/account/2fa/setup", url.Values{"_csrf": {csrf}}, nil).Expect(t, http.StatusSeeOther)
	d = b.doc(b.do("GET", "/account/2fa", nil, nil).Expect(t, 200))
	secret := strings.TrimSpace(d.Find("code.token").Text())
	if len(secret) != 32 {
		t.Fatalf("secret %q", secret)
	}
	e.Secret(secret)
	qr := b.do("GET", "/account/2fa/qr.png", nil, nil).Expect(t, 200)
	img, err := png.Decode(bytes.NewReader(qr.Body))
	if err != nil || qr.Header.Get("Content-Type") != "image/png" || img.Bounds().Dx() != 240 {
		t.Fatalf("QR code: %v %s", err, qr.Header.Get("Content-Type"))
	}
	if strings.Contains(qr.Header.Get("Cache-Control"), "no-store") == false {
		t.Fatal("the QR code may be cached")
	}
	b.do("POST", "/account/2fa/confirm", url.Values{"_csrf": {csrf}, "password": {testkit.Password}, "code": {"000000"}}, nil).Expect(t, http.StatusUnprocessableEntity)
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	d = b.doc(b.do("POST", "/account/2fa/confirm", url.Values{"_csrf": {csrf}, "password": {testkit.Password}, "code": {code}}, nil).Expect(t, 200))
	var codes []string
	d.Find("ul.codes code").Each(func(_ int, s *goquery.Selection) { codes = append(codes, s.Text()) })
	if len(codes) != 10 {
		t.Fatalf("%d recovery codes", len(codes))
	}
	return secret, codes
}

// secondFactorLogin signs in with the password, then sends code.
func secondFactorLogin(t *testing.T, b *client, user, code string) *testkit.Response {
	t.Helper()
	r := pageLogin(b, user, testkit.Password)
	if r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login/2fa") || b.cookies["explorer_session"] != "" {
		t.Fatalf("password step: %d %q", r.Status, r.Header.Get("Location"))
	}
	d := b.doc(b.do("GET", r.Header.Get("Location"), nil, nil).Expect(t, 200))
	token, _ := d.Find(`form input[name=_csrf]`).Attr("value")
	return b.do("POST", "/login/2fa", url.Values{"_csrf": {token}, "code": {code}, "next": {"/"}}, nil)
}

func TestTOTPSignIn(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	secret, recovery := setUpTOTP(t, e, "ann")
	e.Clock.Advance(30 * time.Second)
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	b := newBrowser(t, e)
	// The pending session signs nobody in, even sent as a session cookie.
	pageLogin(b, "ann", testkit.Password)
	forged := newBrowser(t, e)
	forged.cookies["explorer_session"] = b.cookies["explorer_2fa"]
	if r := forged.do("GET", "/", nil, nil); r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") {
		t.Fatalf("pending session as a session: %d", r.Status)
	}
	b = newBrowser(t, e)
	secondFactorLogin(t, b, "ann", code).Expect(t, http.StatusSeeOther)
	b.do("GET", "/", nil, nil).Expect(t, 200)
	// The same code again is refused, also within its 30 seconds.
	r := secondFactorLogin(t, newBrowser(t, e), "ann", code)
	if r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "used already") {
		t.Fatalf("replayed code: %d", r.Status)
	}
	// A recovery code signs in once.
	b = newBrowser(t, e)
	secondFactorLogin(t, b, "ann", strings.ToUpper(recovery[3])).Expect(t, http.StatusSeeOther)
	b.do("GET", "/", nil, nil).Expect(t, 200)
	secondFactorLogin(t, newBrowser(t, e), "ann", recovery[3]).Expect(t, http.StatusUnauthorized)
	// The next step's code works.
	e.Clock.Advance(30 * time.Second)
	code, _ = totp.GenerateCode(secret, e.Clock.Now())
	secondFactorLogin(t, newBrowser(t, e), "ann", code).Expect(t, http.StatusSeeOther)
	// On /v1 the password alone no longer signs ann in; a token does.
	basic(e, "/v1/account", "ann", testkit.Password).Expect(t, http.StatusUnauthorized)
	tok, err := e.Svc.CreateToken(e.As("ann"), "ann", "ci")
	if err != nil {
		t.Fatal(err)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account", Header: map[string]string{"Authorization": "Bearer " + tok.Secret}}).Expect(t, 200)
}

// Five wrong codes end the pending sign-in: the password is asked again.
func TestTOTPWrongCodes(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	setUpTOTP(t, e, "ann")
	b := newBrowser(t, e)
	r := secondFactorLogin(t, b, "ann", "123456")
	for i := 0; i < 4; i++ {
		d := b.doc(r)
		token, _ := d.Find(`form input[name=_csrf]`).Attr("value")
		r = b.do("POST", "/login/2fa", url.Values{"_csrf": {token}, "code": {"12345" + string(rune('0'+i))}}, nil)
	}
	if r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "enter your password again") {
		t.Fatalf("fifth wrong code: %d %s", r.Status, r.Body)
	}
}

// An admin resets a lost second factor; the policy sends admins without
// one to its setup before any other page.
func TestTOTPResetAndPolicy(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Require2FA = explorer.Require2FAAdmins })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	setUpTOTP(t, e, "ann")
	b := newBrowser(t, e)
	pageLogin(b, "root", testkit.Password).Expect(t, http.StatusSeeOther)
	for _, p := range []string{"/", "/users", "/models"} {
		if r := b.do("GET", p, nil, nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/account/2fa" {
			t.Fatalf("%s without the required second factor: %d %q", p, r.Status, r.Header.Get("Location"))
		}
	}
	basic(e, "/v1/account", "root", testkit.Password).Expect(t, http.StatusUnauthorized)
	setUpTOTP(t, e, "root")
	b = newBrowser(t, e)
	r := pageLogin(b, "root", testkit.Password)
	if !strings.HasPrefix(r.Header.Get("Location"), "/login/2fa") {
		t.Fatalf("root is not asked a code: %q", r.Header.Get("Location"))
	}
	if err := e.Svc.ResetSecondFactor(e.As("ann"), "root"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("a user resets an admin's second factor: %v", err)
	}
	if on, _ := e.Svc.UserSecondFactor(e.As("root"), "ann"); !on {
		t.Fatal("ann's second factor is not on")
	}
	if err := e.Svc.ResetSecondFactor(e.As("root"), "ann"); err != nil {
		t.Fatal(err)
	}
	ann := newBrowser(t, e)
	if r := pageLogin(ann, "ann", testkit.Password); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/" {
		t.Fatalf("ann after the reset: %d %q", r.Status, r.Header.Get("Location"))
	}
}

// TestDisableSecondFactorThrottled: wrong codes to turn the second factor
// off count as failed sign-ins of the user, so a taken session cannot
// guess codes at the write budget's pace.
func TestDisableSecondFactorThrottled(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.UserFailures = 3 })
	e.AddUser("ann", "")
	secret, _ := setUpTOTP(t, e, "ann")
	for i := range 3 {
		if err := e.Svc.DisableTOTP(e.As("ann"), testkit.Password, "000000"); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("wrong code %d: %v", i, err)
		}
	}
	code, _ := totp.GenerateCode(secret, e.Clock.Now())
	if err := e.Svc.DisableTOTP(e.As("ann"), testkit.Password, code); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("after 3 wrong codes the right one: %v, want throttled", err)
	}
}
