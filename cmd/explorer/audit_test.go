package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/audit"
	"explorer/store"
)

// TestAuditCLI runs explorer user … and explorer restore in process and
// reads their records: the actor is "cli", and the restored database
// holds the restore's record.
func TestAuditCLI(t *testing.T) {
	data, fresh := t.TempDir(), t.TempDir()
	newDatabase(t, data)
	newDatabase(t, fresh)
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{"add", "root", "--admin"}, {"add", "bob"}, {"passwd", "bob"}, {"role", "bob", "admin"}, {"disable", "bob"}} {
		if err := userCommand(append(args, "--data", data), strings.NewReader("a-long-password\n"), &out, &errOut); err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut.String())
		}
	}
	file := filepath.Join(t.TempDir(), "b.db")
	if err := backupCommand([]string{file, "--data", data}, &out, &errOut); err != nil {
		t.Fatalf("backup: %v %s", err, errOut.String())
	}
	if err := restoreCommand([]string{file, "--data", fresh}, &out, &errOut); err != nil {
		t.Fatalf("restore: %v %s", err, errOut.String())
	}
	ctx := context.Background()
	db, err := store.OpenSQLite(ctx, sqlitePath(fresh))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	list, err := db.FindAuditEvents(ctx, explorer.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range list {
		if e.Actor != explorer.ActorCLI {
			t.Fatalf("record %+v", e)
		}
		got = append(got, e.Action+" "+e.Target)
	}
	want := "database.restore ,user.disable bob,user.role bob,user.password bob,user.create bob,user.create root"
	if strings.Join(got, ",") != want {
		t.Fatalf("records %q, want %q", strings.Join(got, ","), want)
	}
	if strings.Contains(list[0].Detail, "a-long-password") || list[0].Detail != "from b.db" {
		t.Fatalf("restore record %+v", list[0])
	}
}

func TestParseRetention(t *testing.T) {
	for v, days := range map[string]int{"400d": 400, "1d": 1, "48h": 2, " 30d ": 30} {
		d, err := parseRetention(v)
		if err != nil || d != time.Duration(days)*24*time.Hour {
			t.Fatalf("%q: %v, %v", v, d, err)
		}
	}
	for _, v := range []string{"", "0d", "-1d", "1h", "d", "400", "1e9d", "400 days", "999999h"} {
		if _, err := parseRetention(v); err == nil {
			t.Fatalf("%q accepted", v)
		}
	}
	c, err := parseServe([]string{"--audit-retention", "90d"}, io.Discard)
	if err != nil || c.AuditRetention != 90*24*time.Hour {
		t.Fatalf("serve: %v, %v", c.AuditRetention, err)
	}
	if c, err = parseServe(nil, io.Discard); err != nil || c.AuditRetention != audit.DefaultRetention {
		t.Fatalf("default: %v, %v", c.AuditRetention, err)
	}
}
