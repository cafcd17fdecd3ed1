package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestUserAdminCommands runs the user subcommands that change a user,
// in process, on one data folder.
func TestUserAdminCommands(t *testing.T) {
	data := t.TempDir()
	newDatabase(t, data)
	run := func(stdin string, args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := userCommand(append(args, "--data", data), strings.NewReader(stdin), &out, &errOut)
		return out.String(), err
	}
	mustRun := func(stdin string, args ...string) string {
		t.Helper()
		out, err := run(stdin, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return out
	}
	mustRun("root-password\n", "add", "root", "--admin")
	mustRun("bob-password\n", "add", "bob")
	if out := mustRun("", "disable", "bob"); out != "bob disabled\n" {
		t.Fatalf("disable: %q", out)
	}
	for _, line := range strings.Split(mustRun("", "list"), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] != "USERNAME" && (f[0] == "bob") == (f[len(f)-1] == "-") {
			t.Fatalf("list line %q", line)
		}
	}
	mustRun("", "enable", "bob")
	if out := mustRun("", "role", "bob", "admin"); out != "bob now admin\n" {
		t.Fatalf("role: %q", out)
	}
	mustRun("", "role", "root", "user")
	if _, err := run("", "role", "bob", "user"); err == nil || !strings.Contains(err.Error(), "last enabled admin") {
		t.Fatalf("demote the last admin: %v", err)
	}
	if _, err := run("", "role", "bob"); err == nil {
		t.Fatal("role without a role")
	}
	mustRun("", "delete", "root")
	if _, err := run("", "delete", "root"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("delete twice: %v", err)
	}
}
