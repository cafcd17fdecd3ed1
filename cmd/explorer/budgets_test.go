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
