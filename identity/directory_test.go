package identity_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// fakeDirectory knows people by name and counts the questions it gets.
type fakeDirectory struct {
	people map[string]*explorer.DirectoryPerson
	asked  int
}

func (d *fakeDirectory) Verify(_ context.Context, username, password string) (*explorer.DirectoryPerson, error) {
	d.asked++
	p, ok := d.people[username]
	if !ok || password != "dir-pass-1" {
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
	}
	return p, nil
}

// A local account's name is never asked of the directory; a directory
// person whose name is taken by a local account is refused, not merged;
// the same directory entry typed in another case is the same person.
func TestDirectoryAndLocalNames(t *testing.T) {
	dir := &fakeDirectory{people: map[string]*explorer.DirectoryPerson{
		"ann":  {Source: explorer.SourceLDAP, ID: "uid=ann,dc=x", Username: "ann"},
		"bo":   {Source: explorer.SourceLDAP, ID: "uid=bo,dc=x", Username: "bo"},
		"Bo":   {Source: explorer.SourceLDAP, ID: "uid=bo,dc=x", Username: "Bo"},
		"bad!": {Source: explorer.SourceLDAP, ID: "uid=bad,dc=x", Username: "bad!"},
	}}
	e := testkit.New(t, func(o *explorer.Options) { o.Directory = dir })
	e.AddUser("ann", "")
	ctx := context.Background()
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "10.0.0.1"); err != nil || dir.asked != 0 {
		t.Fatalf("local ann: %v, directory asked %d times", err, dir.asked)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", "dir-pass-1", "10.0.0.1"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED || dir.asked != 0 {
		t.Fatalf("local ann with the directory's password: %v, asked %d", err, dir.asked)
	}
	// The local ann is in the way of a directory ann under another DN.
	dir.people["ann2"] = &explorer.DirectoryPerson{Source: explorer.SourceLDAP, ID: "uid=ann2,dc=x", Username: "ann"}
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann2", "dir-pass-1", "10.0.0.1"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("directory person named like a local user: %v", err)
	}
	u1, err := e.Svc.AuthenticatePassword(ctx, "bo", "dir-pass-1", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	u2, err := e.Svc.AuthenticatePassword(ctx, "Bo", "dir-pass-1", "10.0.0.1")
	if err != nil || u2.ID != u1.ID || u2.Username != "bo" {
		t.Fatalf("Bo is %+v (%v), bo is %d", u2, err, u1.ID)
	}
	if _, err := e.Svc.AuthenticatePassword(ctx, "bad!", "dir-pass-1", "10.0.0.1"); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("a name not allowed here: %v", err)
	}
	if err := e.Svc.ChangeOwnPassword(explorer.WithUser(ctx, u1), "dir-pass-1", "new-pass-12"); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("a directory user changes their password here: %v", err)
	}
}
