package identity_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

func initialPasswordEnv(t *testing.T) (*testkit.Env, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "initial-admin-password")
	return testkit.New(t, func(o *explorer.Options) { o.InitialPasswordFile = path }), path
}

// The first start's random password is in a file only its owner reads,
// and the file goes when the password is changed (SetPassword serves the
// page, the interface and the CLI).
func TestInitialPasswordFileLivesUntilThePasswordChanges(t *testing.T) {
	e, path := initialPasswordEnv(t)
	ctx := context.Background()
	created, pw, err := e.Svc.EnsureAdmin(ctx, "")
	if err != nil || !created {
		t.Fatalf("created %v, %v", created, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(path)
	if strings.TrimSpace(string(b)) != pw || len(pw) < 12 {
		t.Fatalf("file holds %q, password %q", b, pw)
	}
	e.Secret(pw)
	// Starting again keeps it while it is still the password.
	if err := e.Svc.CheckInitialPassword(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("removed while still valid: %v", err)
	}
	// Another user's password change leaves it.
	e.AddUser("ann", "")
	if err := e.Svc.SetPassword(ctx, "ann", "another-password"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("removed by ann's change: %v", err)
	}
	if err := e.Svc.ChangeOwnPassword(e.As("admin"), pw, "admins-own-password"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("still there after the change: %v", err)
	}
}

// A password changed where this server's file is out of reach (another
// instance, a CLI given another data directory) removes the file at the
// next start; with EXPLORER_ADMIN_PASSWORD no file is written.
func TestInitialPasswordFileCheckedAtStart(t *testing.T) {
	e, path := initialPasswordEnv(t)
	ctx := context.Background()
	if _, _, err := e.Svc.EnsureAdmin(ctx, ""); err != nil {
		t.Fatal(err)
	}
	elsewhere := identity.New(explorer.NewService(e.DB, explorer.Options{Clock: e.Clock, Hasher: e.Hasher, Logger: e.Options.Logger}), e.DB)
	if err := elsewhere.SetPassword(ctx, "admin", "changed-elsewhere"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("removed by a service without the file: %v", err)
	}
	if err := e.Svc.CheckInitialPassword(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("kept after the change elsewhere: %v", err)
	}

	e2, path2 := initialPasswordEnv(t)
	if created, _, err := e2.Svc.EnsureAdmin(ctx, "given-password"); err != nil || !created {
		t.Fatalf("created %v, %v", created, err)
	}
	if _, err := os.Stat(path2); !os.IsNotExist(err) {
		t.Fatalf("a file for a given password: %v", err)
	}
}
