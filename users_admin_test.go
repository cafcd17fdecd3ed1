package explorer_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

func TestDisableUserEndsSessionsAndCredentials(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("bob", "")
	root, bg := e.As("root"), context.Background()
	ns, err := e.Svc.Login(bg, "bob", testkit.Password, "")
	must(t, err)
	tok, err := e.Svc.CreateToken(e.As("bob"), "bob", "ci")
	must(t, err)
	// A verified credential is cached: disabling must still stop it.
	if _, err := e.Svc.AuthenticatePassword(bg, "bob", testkit.Password, ""); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.SetUserDisabled(e.As("bob"), "bob", true); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("a user disables: %v", err)
	}
	must(t, e.Svc.SetUserDisabled(root, "bob", true))
	if _, _, err := e.Svc.SessionUser(bg, ns.Cookie); code(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("session of a disabled user: %v", err)
	}
	if _, err := e.Svc.AuthenticatePassword(bg, "bob", testkit.Password, ""); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("password of a disabled user: %v", err)
	}
	if _, _, err := e.Svc.AuthenticateBearer(bg, tok.Secret, ""); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("token of a disabled user: %v", err)
	}
	if _, err := e.Svc.Login(bg, "bob", "wrong-password", ""); code(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("a wrong password tells nothing about the state: %v", err)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "bob"}).Expect(t, 403)

	must(t, e.Svc.SetUserDisabled(root, "bob", false))
	if _, _, err := e.Svc.AuthenticateBearer(bg, tok.Secret, ""); err != nil {
		t.Fatalf("token after enabling: %v", err)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "bob"}).Expect(t, 200)
}

func TestAdminsKeepOneEnabledAdmin(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("ada", "admin")
	root := e.As("root")
	if err := e.Svc.SetUserDisabled(root, "root", true); code(err) != explorer.EINVALID {
		t.Fatalf("disable oneself: %v", err)
	}
	if err := e.Svc.DeleteUser(root, "root"); code(err) != explorer.EINVALID {
		t.Fatalf("delete oneself: %v", err)
	}
	must(t, e.Svc.SetUserDisabled(root, "ada", true))
	// root is now the last enabled admin: the CLI (no actor) cannot remove it either.
	for _, err := range []error{
		e.Svc.SetRole(context.Background(), "root", explorer.RoleUser),
		e.Svc.SetUserDisabled(context.Background(), "root", true),
		e.Svc.DeleteUser(context.Background(), "root"),
	} {
		if code(err) != explorer.ECONFLICT {
			t.Fatalf("removing the last admin: %v", err)
		}
	}
	must(t, e.Svc.SetUserDisabled(root, "ada", false))
	must(t, e.Svc.SetRole(root, "root", explorer.RoleUser))
	u, _ := e.Svc.FindUser(context.Background(), "root")
	if u.Role != explorer.RoleUser {
		t.Fatalf("role %s", u.Role)
	}
	if err := e.Svc.SetRole(e.As("ada"), "root", "owner"); code(err) != explorer.EINVALID {
		t.Fatalf("unknown role: %v", err)
	}
	if err := e.Svc.SetRole(e.As("root"), "ada", explorer.RoleUser); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("a user changes a role: %v", err)
	}
}

func TestDeleteUserRefusedWhileItOwnsData(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("bob", "")
	e.AddUser("cid", "")
	root, bob := e.As("root"), e.As("bob")
	p, err := e.Svc.CreatePole(bob, poles.PoleInput{Name: "taste", Language: "en", Parts: []poles.PartInput{{Term: "sweet"}}})
	must(t, err)
	e.SetManager("cid", "bob")
	err = e.Svc.DeleteUser(root, "bob")
	if code(err) != explorer.ECONFLICT || explorer.ErrorMessage(err) != "bob still has 1 pole and 1 manager relation; delete them or disable the user instead" {
		t.Fatalf("delete an owner: %v", err)
	}
	if _, err := e.Svc.DeletePole(bob, p.ID); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.DeleteUser(root, "cid"); code(err) != explorer.ECONFLICT {
		t.Fatalf("delete a manager: %v", err)
	}
	if err := e.Svc.DeleteUser(bob, "cid"); code(err) != explorer.EFORBIDDEN {
		t.Fatalf("a user deletes: %v", err)
	}
	// A user with only tokens, sessions and settings goes with them.
	e.AddUser("dan", "")
	tok, err := e.Svc.CreateToken(e.As("dan"), "dan", "ci")
	must(t, err)
	must(t, e.Svc.DeleteUser(root, "dan"))
	if _, err := e.Svc.FindUser(context.Background(), "dan"); code(err) != explorer.ENOTFOUND {
		t.Fatalf("deleted user found: %v", err)
	}
	if _, _, err := e.Svc.AuthenticateBearer(context.Background(), tok.Secret, ""); code(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("token of a deleted user: %v", err)
	}
	if err := e.Svc.DeleteUser(root, "dan"); code(err) != explorer.ENOTFOUND {
		t.Fatalf("delete twice: %v", err)
	}
}

func TestChangeOwnPassword(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("bob", "")
	bob := e.As("bob")
	if err := e.Svc.ChangeOwnPassword(bob, "wrong-password", "a-new-password"); code(err) != explorer.EINVALID || explorer.AsError(err).Fields[0].Field != "current" {
		t.Fatalf("wrong current password: %v", err)
	}
	if err := e.Svc.ChangeOwnPassword(bob, testkit.Password, "short"); code(err) != explorer.EINVALID || explorer.ErrorMessage(err) != "new password must be 8 to 128 characters" {
		t.Fatalf("short password: %v", err)
	}
	must(t, e.Svc.ChangeOwnPassword(bob, testkit.Password, "a-new-password"))
	if _, err := e.Svc.AuthenticatePassword(context.Background(), "bob", "a-new-password", ""); err != nil {
		t.Fatalf("new password: %v", err)
	}
	if err := e.Svc.ChangeOwnPassword(context.Background(), "x", "a-new-password"); code(err) != explorer.EUNAUTHORIZED {
		t.Fatalf("without a user: %v", err)
	}
}
