package identity_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

// auditActors lists the actors of action's records (any outcome).
func auditActors(t *testing.T, e *testkit.Env, action string) map[string]int64 {
	t.Helper()
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: action, Page: explorer.Page{Limit: explorer.PageLimitMax}})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, ev := range list {
		out[ev.Actor] += ev.Count
	}
	return out
}

// TestLookAlikeNames is the attack of item 7: names that look like an
// existing one (case, spaces, Unicode forms) are that user, for every
// sign-in method, never a second user; reserved actor names are no
// username and no recorded actor.
func TestLookAlikeNames(t *testing.T) {
	dir := &fakeDirectory{people: map[string]*explorer.DirectoryPerson{
		"ADMIN": {Source: explorer.SourceLDAP, ID: "uid=ADMIN,dc=x", Username: "ADMIN"},
		"boss":  {Source: explorer.SourceLDAP, ID: "uid=boss,dc=x", Username: " Admin"},
		"cli":   {Source: explorer.SourceLDAP, ID: "uid=cli,dc=x", Username: "cli"},
	}}
	e := testkit.New(t, func(o *explorer.Options) { o.Directory = dir })
	e.AddUser("root", explorer.RoleAdmin)
	admin := e.AddUser("admin", "")
	ctx := context.Background()
	for _, name := range []string{"ADMIN", "Admin", " admin", "admin\t"} {
		if _, err := e.Svc.AddUser(ctx, identity.NewUser{Username: name, Password: testkit.Password}); explorer.ErrorCode(err) != explorer.ECONFLICT {
			t.Errorf("a second user %q beside admin: %v", name, err)
		}
		u, err := e.Svc.AuthenticatePassword(ctx, name, testkit.Password, "10.0.0.1")
		if err != nil || u.ID != admin.ID {
			t.Errorf("%q does not sign in as admin: %v", name, err)
		}
	}
	// The directory is not asked about a name a local account folds to.
	if _, err := e.Svc.AuthenticatePassword(ctx, "ADMIN", "dir-pass-1", "10.0.0.1"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED || dir.asked != 0 {
		t.Fatalf("ADMIN with the directory's password: %v, asked %d", err, dir.asked)
	}
	// A directory person whose name folds to admin is refused and audited.
	if _, err := e.Svc.AuthenticatePassword(ctx, "boss", "dir-pass-1", "10.0.0.2"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("directory ' Admin': %v", err)
	}
	if n := auditActors(t, e, explorer.ActionSignInLDAP)["boss"]; n != 1 {
		t.Fatalf("the refused directory name is not recorded: %v", auditActors(t, e, explorer.ActionSignInLDAP))
	}
	if _, err := e.Svc.FindUser(ctx, "boss"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a user was made for boss: %v", err)
	}
	// Unicode: é composed and decomposed, upper case, are one name.
	jose := e.AddUser("jos\u00e9", "")
	for _, name := range []string{"jose\u0301", "JOS\u00c9", "JOSE\u0301"} {
		if u, err := e.Svc.AuthenticatePassword(ctx, name, testkit.Password, "10.0.0.3"); err != nil || u.ID != jose.ID {
			t.Errorf("%q is not josé: %v", name, err)
		}
		if _, err := e.Svc.AddUser(ctx, identity.NewUser{Username: name, Password: testkit.Password}); explorer.ErrorCode(err) != explorer.ECONFLICT {
			t.Errorf("a second josé %q: %v", name, err)
		}
	}
}

// Reserved actor names can be no username, from any source, and failed
// sign-ins under them are recorded under the neutral "-".
func TestReservedNames(t *testing.T) {
	dir := &fakeDirectory{people: map[string]*explorer.DirectoryPerson{
		"cli": {Source: explorer.SourceLDAP, ID: "uid=cli,dc=x", Username: "cli"},
	}}
	e := testkit.New(t, func(o *explorer.Options) { o.Directory = dir })
	e.AddUser("root", explorer.RoleAdmin)
	ctx := context.Background()
	for _, name := range []string{"cli", "CLI", "system", " System", "-"} {
		if _, err := e.Svc.AddUser(ctx, identity.NewUser{Username: name, Password: testkit.Password}); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("username %q: %v", name, err)
		}
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "cli", "dir-pass-1", "10.0.0.1"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("directory person cli: %v", err)
	}
	for _, name := range []string{"system", "SYSTEM", "cli"} {
		if _, err := e.Svc.AuthenticatePassword(ctx, name, "wrong-password", "10.0.0.2"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for _, action := range []string{explorer.ActionSignInPassword, explorer.ActionSignInLDAP} {
		for actor := range auditActors(t, e, action) {
			if actor != explorer.ActorUnknown {
				t.Errorf("%s recorded under %q", action, actor)
			}
		}
	}
}

// Failures for one name in any case count together in the throttle.
func TestThrottleFoldsNames(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.UserFailures = 3 })
	e.AddUser("ann", "")
	ctx := context.Background()
	for _, name := range []string{"ANN", "Ann", " ann"} {
		e.Svc.AuthenticatePassword(ctx, name, "wrong-password", "10.0.0.1")
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "10.0.0.1"); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("after 3 failures in 3 cases: %v", err)
	}
}
