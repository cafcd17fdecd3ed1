package main

import (
	"io"
	"strings"
	"testing"
	"time"

	explorer "explorer"
)

// The table budgets default from the upload limit and take their flags.
func TestTableBudgetFlags(t *testing.T) {
	c, err := parseServe([]string{"--max-upload", "10MiB"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := explorer.TableBudgets{MaxUnzip: 100 << 20, MaxColumns: 1024, MaxCellLen: 32_767, MaxProjectRows: 1_000_000,
		MaxDuration: time.Minute, MaxImportText: 80 << 20, MaxAccountText: 4 << 30}
	if c.Tables != want {
		t.Fatalf("defaults %+v", c.Tables)
	}
	c, err = parseServe([]string{"--max-unzip", "64MiB", "--max-import-text", "1GiB", "--max-account-text", "none",
		"--max-columns", "50", "--max-cell", "1000", "--max-rows", "10", "--read-timeout", "5s"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want = explorer.TableBudgets{MaxUnzip: 64 << 20, MaxColumns: 50, MaxCellLen: 1000, MaxProjectRows: 10,
		MaxDuration: 5 * time.Second, MaxImportText: 1 << 30, MaxAccountText: -1}
	if c.Tables != want {
		t.Fatalf("flags %+v", c.Tables)
	}
	for _, args := range [][]string{{"--max-unzip", "lots"}, {"--max-columns", "0"}, {"--read-timeout", "1ms"}, {"--max-account-text", "-5"}} {
		if _, err := parseServe(args, io.Discard); err == nil || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// --max-user-storage takes a size with its unit; 1 GiB by default.
func TestUserStorageFlag(t *testing.T) {
	c, err := parseServe(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Budgets.Storage != 1<<30 {
		t.Fatalf("default %d", c.Budgets.Storage)
	}
	if c, err = parseServe([]string{"--max-user-storage", "2.5GiB"}, io.Discard); err != nil || c.Budgets.Storage != 5<<29 {
		t.Fatalf("2.5GiB: %d %v", c.Budgets.Storage, err)
	}
	for _, v := range []string{"lots", "0", "-1MiB", "2PiB", "1e9"} {
		if _, err := parseServe([]string{"--max-user-storage", v}, io.Discard); err == nil || !strings.Contains(err.Error(), "--max-user-storage") {
			t.Errorf("%s: %v", v, err)
		}
	}
}
