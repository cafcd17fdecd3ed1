package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// explorer user add --email stores the address notifications go to; a
// bad address adds nobody.
func TestUserAddEmail(t *testing.T) {
	data := t.TempDir()
	newDatabase(t, data)
	run := func(args ...string) error {
		var out, errOut bytes.Buffer
		return userCommand(append(args, "--data", data), strings.NewReader("nina-password\n"), &out, &errOut)
	}
	if err := run("add", "nina", "--email", "not an address"); err == nil || !strings.Contains(err.Error(), "e-mail address") {
		t.Fatalf("bad address: %v", err)
	}
	if err := run("add", "nina", "--email", "nina@example.com"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := openStore(ctx, data, "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.FindUserByName(ctx, "nina")
	if err != nil {
		t.Fatal(err)
	}
	values, err := db.FindSettings(ctx, u.ID)
	if err != nil || values["emailAddress"] != "nina@example.com" {
		t.Fatalf("settings %v %v", values, err)
	}
}
