package identity_test

import (
	"context"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

func TestAuthenticatePasswordCachesAndThrottles(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := context.Background()

	before := e.Hasher.Compares()
	for i := 0; i < 100; i++ {
		if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "10.0.0.1"); err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if n := e.Hasher.Compares() - before; n != 1 {
		t.Fatalf("100 sign-ins computed %d password hashes, want 1", n)
	}

	// A password change kills the cached credential at once.
	if err := e.Svc.SetPassword(ctx, "ann", "new-password-2"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "10.0.0.1"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("old password after change: %v, want unauthorized", err)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", "new-password-2", "10.0.0.1"); err != nil {
		t.Fatalf("new password: %v", err)
	}

	// The cache entry expires after its time to live.
	before = e.Hasher.Compares()
	e.Clock.Advance(5*time.Minute + time.Second)
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", "new-password-2", "10.0.0.1"); err != nil {
		t.Fatal(err)
	}
	if n := e.Hasher.Compares() - before; n != 1 {
		t.Fatalf("after the cache lifetime %d hashes, want 1", n)
	}
}

// TestThrottleFailuresPerUserAndAddress: 20 failures for bob from one
// address throttle bob from that address only; bob from another address,
// and bob's cached credential from the failing one, still sign in.
func TestThrottleFailuresPerUserAndAddress(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("bob", "")
	ctx := context.Background()
	// bob signs in from his office; the credential is cached there.
	if _, err := e.Svc.AuthenticatePassword(ctx, "bob", testkit.Password, "10.0.0.2"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		_, err := e.Svc.AuthenticatePassword(ctx, "Bob", "wrong-password", "10.0.0.2")
		if explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("failure %d: %v", i, err)
		}
		e.Clock.Advance(time.Second)
	}
	_, err := e.Svc.AuthenticatePassword(ctx, "bob", "another-wrong-one", "10.0.0.2")
	if explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("21st attempt from the same address: %v, want throttled", err)
	}
	ee := explorer.AsError(err)
	if ee.RetryAfter < 1 || ee.RetryAfter > 60 || !strings.Contains(ee.Message, "seconds") {
		t.Fatalf("retry after %d, message %q", ee.RetryAfter, ee.Message)
	}
	// The verified (cached) credential passes from the throttled address.
	before := e.Hasher.Compares()
	if _, err := e.Svc.AuthenticatePassword(ctx, "bob", testkit.Password, "10.0.0.2"); err != nil {
		t.Fatalf("cached credential from the throttled address: %v", err)
	}
	if e.Hasher.Compares() != before {
		t.Fatal("the cached credential was verified again")
	}
	// From another address bob is not throttled, with a password not cached.
	if err := e.Svc.SetPassword(ctx, "bob", "new-password-3"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "bob", "new-password-3", "10.0.0.3"); err != nil {
		t.Fatalf("other address: %v", err)
	}
	e.Clock.Advance(time.Duration(ee.RetryAfter) * time.Second)
	if _, err := e.Svc.AuthenticatePassword(ctx, "bob", "new-password-3", "10.0.0.2"); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestThrottleFailuresPerAddress(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("carl", "")
	ctx := context.Background()
	for i := 0; i < 100; i++ {
		_, _ = e.Svc.AuthenticatePassword(ctx, "nobody"+string(rune('a'+i%26))+string(rune('a'+i/26)), "x", "10.9.9.9")
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "carl", testkit.Password, "10.9.9.9"); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("address over its limit: %v, want throttled", err)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "carl", testkit.Password, "10.9.9.8"); err != nil {
		t.Fatalf("other address: %v", err)
	}
}

func TestTokens(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("dora", "")
	e.AddUser("eve", "")
	ctx := e.As("dora")
	nt, err := e.Svc.CreateToken(ctx, "dora", "ci")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.CreateToken(ctx, "eve", "x"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("token for another user: %v", err)
	}
	u, _, err := e.Svc.AuthenticateBearer(context.Background(), nt.Secret, "")
	if err != nil || u.Username != "dora" {
		t.Fatalf("token auth: %v %v", u, err)
	}
	list, _ := e.Svc.Tokens(ctx)
	if len(list) != 1 || list[0].Hash == nt.Secret || list[0].LastUsed == nil {
		t.Fatalf("tokens %+v", list)
	}
	if err := e.Svc.RevokeToken(e.As("eve"), nt.Token.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("revoking another's token: %v", err)
	}
	if err := e.Svc.RevokeToken(ctx, nt.Token.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Svc.AuthenticateBearer(context.Background(), nt.Secret, ""); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("revoked token: %v", err)
	}
}

func TestSessions(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("fay", "")
	ns, err := e.Svc.Login(context.Background(), "fay", testkit.Password, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, u, err := e.Svc.SessionUser(context.Background(), ns.Cookie); err != nil || u.Username != "fay" {
		t.Fatalf("session user: %v %v", u, err)
	}
	e.Clock.Advance(13 * time.Hour)
	if _, _, err := e.Svc.SessionUser(context.Background(), ns.Cookie); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("expired session: %v", err)
	}
	ns, _ = e.Svc.Login(context.Background(), "fay", testkit.Password, "")
	if err := e.Svc.SetPassword(context.Background(), "fay", "another-pass"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Svc.SessionUser(context.Background(), ns.Cookie); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("session after password change: %v", err)
	}
}

func TestUsersRules(t *testing.T) {
	e := testkit.New(t)
	created, pw, err := e.Svc.EnsureAdmin(context.Background(), "")
	if err != nil || !created || len(pw) < 12 {
		t.Fatalf("ensure admin: %v %v %q", created, err, pw)
	}
	if created, _, _ := e.Svc.EnsureAdmin(context.Background(), ""); created {
		t.Fatal("admin created twice")
	}
	e.AddUser("gus", "")
	cases := []struct {
		name string
		as   string
		in   identity.NewUser
		code string
	}{
		{"admin adds", "admin", identity.NewUser{Username: "hal", Password: "long-enough"}, ""},
		{"duplicate", "admin", identity.NewUser{Username: "hal", Password: "long-enough"}, explorer.ECONFLICT},
		{"short password", "admin", identity.NewUser{Username: "ida", Password: "short"}, explorer.EINVALID},
		{"bad name", "admin", identity.NewUser{Username: "a b", Password: "long-enough"}, explorer.EINVALID},
		{"bad role", "admin", identity.NewUser{Username: "ida", Password: "long-enough", Role: "root"}, explorer.EINVALID},
		{"non-admin", "gus", identity.NewUser{Username: "jo", Password: "long-enough"}, explorer.EFORBIDDEN},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.Svc.CreateUser(e.As(c.as), c.in)
			if explorer.ErrorCode(err) != c.code {
				t.Fatalf("got %v, want code %q", err, c.code)
			}
		})
	}
	if err := e.Svc.SetPassword(e.As("gus"), "admin", "long-enough"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("non-admin sets another's password: %v", err)
	}
}

func TestTokenNeedsAName(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("gil", "")
	for _, name := range []string{"", "   ", strings.Repeat("x", 101)} {
		if _, err := e.Svc.CreateToken(e.As("gil"), "gil", name); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("token name %q: %v", name, err)
		}
	}
}

// A caller signed in with a token cannot make tokens, through any edge.
func TestTokenCannotMakeTokens(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := explorer.WithTokenSignIn(e.As("ann"))
	if _, err := e.Svc.CreateTokenWith(ctx, "ann", identity.TokenInput{Name: "more"}); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("a token made a token: %v", err)
	}
	if _, err := e.Svc.CreateTokenWith(e.As("ann"), "ann", identity.TokenInput{Name: "more"}); err != nil {
		t.Fatalf("with the password: %v", err)
	}
}
