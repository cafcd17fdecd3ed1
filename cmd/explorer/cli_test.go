package main

import (
	"bufio"
	"bytes"
	"context"
	"debug/buildinfo"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"explorer/store"
)

// newDatabase makes the SQLite database of data, as a first serve does:
// the other commands need one there.
func newDatabase(t *testing.T, data string) {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), sqlitePath(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// commandLines are the commands and subcommands of the binary, each with
// the flags its -h must list; every flag of another command it must not.
var commandLines = map[string][]string{
	"serve":            {"addr", "data", "database", "max-conns", "max-conns-per-ip", "tls-cert", "tls-key", "metrics-addr", "trusted-proxy", "max-upload", "max-rows", "audit-retention"},
	"user add":         {"data", "database", "admin"},
	"user passwd":      {"data", "database"},
	"user list":        {"data", "database"},
	"user disable":     {"data", "database"},
	"user enable":      {"data", "database"},
	"user delete":      {"data", "database"},
	"user role":        {"data", "database"},
	"token create":     {"data", "database", "name"},
	"project import":   {"data", "database", "owner", "title", "encoding", "max-rows"},
	"project append":   {"data", "database", "owner", "encoding", "max-rows"},
	"project explore":  {"data", "database", "owner", "column", "topics", "groups"},
	"project apply":    {"data", "database", "owner"},
	"project delete":   {"data", "database", "owner"},
	"project list":     {"data", "database", "owner"},
	"project show":     {"data", "database", "owner"},
	"backup":           {"data", "database"},
	"restore":          {"data", "database"},
	"wordspace import": {"lang", "counts", "int8"},
	"wordspace build":  {"lang", "out", "seed", "dim", "nonzero", "window", "min-count", "max-words", "int8", "data", "database", "owner"},
	"wordspace info":   {},
	"version":          {},
}

// TestEveryCommandHelp runs each command line with -h in process: it
// succeeds, prints the command's synopsis and exactly its own flags, and
// never opens (or creates) a database.
func TestEveryCommandHelp(t *testing.T) {
	t.Chdir(t.TempDir())
	for line, want := range commandLines {
		for _, h := range []string{"-h", "--help"} {
			var out, errb bytes.Buffer
			args := append(strings.Fields(line), h)
			if err := run(args, strings.NewReader(""), &out, &errb); err != nil {
				t.Fatalf("%s %s: %v", line, h, err)
			}
			help := out.String() + errb.String()
			if !strings.HasPrefix(help, "Usage: explorer "+line) {
				t.Fatalf("%s %s: no synopsis:\n%s", line, h, help)
			}
			got := ownFlags(listedFlags(help))
			if strings.Join(got, " ") != strings.Join(sorted(want), " ") {
				t.Fatalf("%s -h lists %v, want %v:\n%s", line, got, sorted(want), help)
			}
		}
	}
	if _, err := os.Stat("data"); !os.IsNotExist(err) {
		t.Fatalf("a -h made ./data: %v", err)
	}
	// The commands with subcommands list them.
	for _, cmd := range []string{"user", "project", "token", "wordspace", "help"} {
		var out, errb bytes.Buffer
		if err := run([]string{cmd, "-h"}, strings.NewReader(""), &out, &errb); err != nil || out.Len() == 0 {
			t.Fatalf("%s -h: %v %q", cmd, err, out.String())
		}
	}
}

// ownFlags keeps the flags some command line of commandLines names: the
// others (such as the table budgets beside --max-rows) belong to one
// command only.
func ownFlags(names []string) []string {
	named := map[string]bool{}
	for _, fl := range commandLines {
		for _, f := range fl {
			named[f] = true
		}
	}
	var own []string
	for _, n := range names {
		if named[n] {
			own = append(own, n)
		}
	}
	return own
}

// listedFlags are the flag names of a flag set's usage, sorted.
func listedFlags(help string) []string {
	var names []string
	for _, l := range strings.Split(help, "\n") {
		if strings.HasPrefix(l, "  -") {
			names = append(names, strings.Fields(l)[0][1:])
		}
	}
	return sorted(names)
}

func sorted(s []string) []string {
	c := append([]string(nil), s...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c
}

// TestHelpExitsZero runs the built binary: -h of a subcommand exits 0
// with its usage on standard error and nothing of the general usage; a bad
// flag exits 2 with one line and where the help is.
func TestHelpExitsZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	for _, line := range []string{"serve", "user add", "project import", "backup", "wordspace build", "version"} {
		out, err := exec.Command(bin, append(strings.Fields(line), "-h")...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s -h: %v\n%s", line, err, out)
		}
		if strings.Contains(string(out), "Every command takes") || strings.Contains(string(out), "explorer restore FILE") {
			t.Fatalf("%s -h prints the general usage:\n%s", line, out)
		}
	}
	// A bad flag is one line and where the help is, not the help.
	cmd := exec.Command(bin, "serve", "--no-such-flag")
	out, _ := cmd.CombinedOutput()
	want := "explorer: flag provided but not defined: -no-such-flag\nrun 'explorer serve -h' for its usage\n"
	if cmd.ProcessState.ExitCode() != 2 || string(out) != want {
		t.Fatalf("bad flag: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
}

// TestCommandsNeedADatabase runs every command that opens the database
// on a data directory without one: each says so, exits 1 and leaves no
// database behind.
func TestCommandsNeedADatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "elsewhere")
	t.Setenv("EXPLORER_DATABASE", "")
	for _, args := range [][]string{
		{"user", "add", "admin"}, {"user", "passwd", "admin"}, {"user", "list"}, {"user", "disable", "bob"},
		{"user", "role", "bob", "admin"}, {"token", "create", "admin"},
		{"project", "list", "--owner", "admin"}, {"project", "show", "1"}, {"project", "delete", "1"},
		{"backup", filepath.Join(dir, "copy.db")},
	} {
		cmd := exec.Command(bin, append(args, "--data", data)...)
		cmd.Stdin = strings.NewReader("some-password\n")
		out, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Fatalf("%v: exit %d, want 1\n%s", args, code, out)
		}
		if args[0] != "backup" && !strings.Contains(string(out), "no database in "+data+"; start explorer serve --data "+data) {
			t.Fatalf("%v: %s", args, out)
		}
		if _, err := os.Stat(sqlitePath(data)); !os.IsNotExist(err) {
			t.Fatalf("%v created a database: %v", args, err)
		}
	}
	// With the database there, the same command works.
	newDatabase(t, data)
	cmd := exec.Command(bin, "user", "add", "carol", "--data", data)
	cmd.Stdin = strings.NewReader("carol-password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("user add: %v %s", err, out)
	}
}

func TestShellArg(t *testing.T) {
	for in, want := range map[string]string{
		"/srv/explorer": "/srv/explorer", "./data": "./data", "my data": "'my data'", "it's": `'it'\''s'`, "": "''", "$HOME": "'$HOME'",
	} {
		if got := shellArg(in); got != want {
			t.Fatalf("shellArg(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFirstStartHintNamesData: the first start's hint to change the
// admin's password names the data directory, quoted for the shell.
func TestFirstStartHintNamesData(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	data := filepath.Join(t.TempDir(), "my data")
	cmd := exec.Command(buildBinary(t), "serve", "--addr", freeAddr(t), "--data", data)
	cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	want := "explorer user passwd admin --data '" + data + "'"
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if strings.Contains(sc.Text(), want) {
			go io.Copy(io.Discard, stderr)
			return
		}
		if strings.Contains(sc.Text(), "explorer listening") {
			break
		}
	}
	t.Fatalf("no hint naming %s", want)
}

// TestThirdPartyListsEveryModule: THIRD_PARTY.md names every module the
// binary links, at its version, so that a new or updated dependency
// makes this fail until its licence is listed.
func TestThirdPartyListsEveryModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bi, err := buildinfo.ReadFile(buildBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../THIRD_PARTY.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range bi.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		if !strings.Contains(string(doc), "| "+d.Path+" | "+d.Version+" |") {
			t.Errorf("THIRD_PARTY.md does not list %s %s and its licence", d.Path, d.Version)
		}
	}
}
