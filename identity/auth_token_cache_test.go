package identity_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/domains"
	"explorer/identity"
	"explorer/internal/testkit"
)

// TestTokenCacheAcrossInstances: two Services on one database (two
// instances) both cache a verified token; a revocation, or the user's
// disabling, on one makes the other refuse the token at once, without the
// cache's lifetime passing.
func TestTokenCacheAcrossInstances(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("dora", "")
	other := domains.New(e.DB, e.Options)
	ctx := e.As("dora")
	keep, err := e.Svc.CreateToken(ctx, "dora", "keep")
	if err != nil {
		t.Fatal(err)
	}
	gone, err := e.Svc.CreateToken(ctx, "dora", "gone")
	if err != nil {
		t.Fatal(err)
	}
	both := []*identity.Service{e.Services.Identity, other.Identity}
	authenticate := func(svc *identity.Service, secret string) error {
		_, _, err := svc.AuthenticateBearer(context.Background(), secret, "192.0.2.1")
		return err
	}
	for _, svc := range both {
		for range 2 { // the second answer comes from the cache
			if err := authenticate(svc, keep.Secret); err != nil {
				t.Fatal(err)
			}
			if err := authenticate(svc, gone.Secret); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := e.Svc.RevokeToken(ctx, gone.Token.ID); err != nil {
		t.Fatal(err)
	}
	for i, svc := range both {
		if err := authenticate(svc, gone.Secret); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("instance %d accepted a revoked token: %v", i, err)
		}
		if err := authenticate(svc, keep.Secret); err != nil {
			t.Fatalf("instance %d refused the token kept: %v", i, err)
		}
	}
	if err := other.Identity.SetUserDisabled(e.As("root"), "dora", true); err != nil {
		t.Fatal(err)
	}
	for i, svc := range both {
		if err := authenticate(svc, keep.Secret); explorer.ErrorCode(err) == "" {
			t.Fatalf("instance %d accepted the token of a disabled user", i)
		}
	}
	if err := other.Identity.SetUserDisabled(e.As("root"), "dora", false); err != nil {
		t.Fatal(err)
	}
	if err := other.Identity.DeleteUser(e.As("root"), "dora"); err != nil {
		t.Fatal(err)
	}
	for i, svc := range both {
		if err := authenticate(svc, keep.Secret); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("instance %d accepted the token of a deleted user: %v", i, err)
		}
	}
}
