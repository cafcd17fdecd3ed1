package explorer_test

import (
	"context"
	"errors"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"

	"golang.org/x/crypto/bcrypt"
)

// brokenAudit is a store whose audit log refuses every write.
type brokenAudit struct{ identity.Store }

var errAuditDown = errors.New("audit log unwritable")

func (brokenAudit) AddAuditEvent(context.Context, *explorer.AuditEvent) error { return errAuditDown }
func (brokenAudit) FoldAuditEvent(context.Context, *explorer.AuditEvent, time.Time) (bool, error) {
	return false, errAuditDown
}

// TestAuditFailureUndoesTheAction checks that an action whose record
// cannot be written is not done, and that a sign-in whose record cannot
// be written is not accepted: the caller gets the error.
func TestAuditFailureUndoesTheAction(t *testing.T) {
	db := testkit.OpenDB(t)
	clock := explorer.NewManualClock(testkit.Start)
	opts := explorer.Options{Clock: clock, Hasher: explorer.BcryptHasher{Cost: bcrypt.MinCost}}
	good := explorer.NewService(db, opts)
	goodIDs := identity.New(good, db)
	bg := context.Background()
	for _, n := range []string{"root", "ann"} {
		role := explorer.RoleUser
		if n == "root" {
			role = explorer.RoleAdmin
		}
		if _, err := goodIDs.AddUser(bg, identity.NewUser{Username: n, Password: testkit.Password, Role: role}); err != nil {
			t.Fatal(err)
		}
	}
	bad := explorer.NewService(brokenAudit{db}, opts)
	badSignIn := identity.New(bad, brokenAudit{db})
	root, err := good.FindUser(bg, "root")
	if err != nil {
		t.Fatal(err)
	}
	ctx := explorer.WithUser(bg, root)
	if err := badSignIn.SetRole(ctx, "ann", explorer.RoleAdmin); !errors.Is(err, errAuditDown) {
		t.Fatalf("role change: %v", err)
	}
	if _, err := badSignIn.AddUser(bg, identity.NewUser{Username: "cleo", Password: testkit.Password}); !errors.Is(err, errAuditDown) {
		t.Fatalf("add user: %v", err)
	}
	if _, err := badSignIn.AuthenticatePassword(bg, "ann", testkit.Password, "192.0.2.1"); !errors.Is(err, errAuditDown) {
		t.Fatalf("sign-in: %v", err)
	}
	if _, err := badSignIn.AuthenticatePassword(bg, "ann", "wrong-password", "192.0.2.1"); !errors.Is(err, errAuditDown) {
		t.Fatalf("refused sign-in: %v", err)
	}
	ann, err := good.FindUser(bg, "ann")
	if err != nil || ann.Role != explorer.RoleUser {
		t.Fatalf("ann %+v, %v: the role changed without its record", ann, err)
	}
	if _, err := good.FindUser(bg, "cleo"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("cleo was created without a record: %v", err)
	}
}

// TestAuditCLIActor: without a signed-in user, records name the command
// line when the context says so, else the system.
func TestAuditCLIActor(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	cli := explorer.AsCLI(context.Background())
	if _, err := e.Svc.AddUser(cli, identity.NewUser{Username: "ann", Password: testkit.Password}); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.SetUserDisabled(cli, "ann", true); err != nil {
		t.Fatal(err)
	}
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{User: "ann"})
	if err != nil || len(list) != 2 {
		t.Fatalf("%+v, %v", list, err)
	}
	for _, ev := range list {
		if ev.Actor != explorer.ActorCLI || ev.Addr != "" {
			t.Fatalf("record %+v", ev)
		}
	}
	root, _, _ := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{User: "root"})
	if len(root) != 1 || root[0].Actor != explorer.ActorSystem {
		t.Fatalf("records %+v", root)
	}
}
