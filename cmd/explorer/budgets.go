package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	explorer "explorer"
)

// tableFlags are the budgets of uploaded tables (model files and project
// imports, from the pages, the JSON interface or explorer project). The
// decompressed-bytes and per-import text budgets default to multiples of
// the upload limit, so that raising one raises the others.
type tableFlags struct {
	maxUpload, unzip, importText, accountText *string
	columns, cell, rows                       *int
	duration                                  *time.Duration
}

// addTableFlags registers the flags; maxUpload is the command's upload
// limit flag, or nil to read EXPLORER_MAX_UPLOAD (default 20MiB).
func addTableFlags(fs *flag.FlagSet, maxUpload *string) *tableFlags {
	if maxUpload == nil {
		v := envOr("EXPLORER_MAX_UPLOAD", "20MiB")
		maxUpload = &v
	}
	return &tableFlags{
		maxUpload:   maxUpload,
		unzip:       fs.String("max-unzip", envOr("EXPLORER_MAX_UNZIP", ""), "most bytes decompressed from one XLSX file, every part and every read counted (EXPLORER_MAX_UNZIP; default 10 × the upload limit)"),
		importText:  fs.String("max-import-text", envOr("EXPLORER_MAX_IMPORT_TEXT", ""), "most text one project import or append stores (EXPLORER_MAX_IMPORT_TEXT; default 8 × the upload limit)"),
		accountText: fs.String("max-account-text", envOr("EXPLORER_MAX_ACCOUNT_TEXT", "4GiB"), "most text the projects of one account store together, or none (EXPLORER_MAX_ACCOUNT_TEXT)"),
		columns:     fs.Int("max-columns", envCount("EXPLORER_MAX_COLUMNS", 1024), "last column of a table file that may hold a value (EXPLORER_MAX_COLUMNS)"),
		cell:        fs.Int("max-cell", envCount("EXPLORER_MAX_CELL", 32_767), "most characters of one cell (EXPLORER_MAX_CELL)"),
		rows:        fs.Int("max-rows", envCount("EXPLORER_MAX_ROWS", 1_000_000), "most rows of a project file (EXPLORER_MAX_ROWS; model files: 100,000)"),
		duration:    fs.Duration("read-timeout", envDuration("EXPLORER_READ_TIMEOUT", time.Minute), "longest reading of one table file (EXPLORER_READ_TIMEOUT)"),
	}
}

// budgets checks the flags once parsed.
func (t *tableFlags) budgets() (explorer.TableBudgets, error) {
	upload, err := parseSize(*t.maxUpload)
	if err != nil {
		return explorer.TableBudgets{}, usageError("--max-upload: " + err.Error())
	}
	size := func(name, v string, def int64) (int64, error) {
		if strings.TrimSpace(v) == "" {
			return def, nil
		}
		n, err := parseSize(v)
		if err != nil {
			return 0, usageError("--" + name + ": " + err.Error())
		}
		return int64(n), nil
	}
	b := explorer.TableBudgets{MaxColumns: *t.columns, MaxCellLen: *t.cell, MaxProjectRows: *t.rows, MaxDuration: *t.duration}
	if b.MaxUnzip, err = size("max-unzip", *t.unzip, 10*int64(upload)); err != nil {
		return b, err
	}
	if b.MaxImportText, err = size("max-import-text", *t.importText, 8*int64(upload)); err != nil {
		return b, err
	}
	if strings.EqualFold(strings.TrimSpace(*t.accountText), "none") {
		b.MaxAccountText = -1
	} else if b.MaxAccountText, err = size("max-account-text", *t.accountText, 0); err != nil {
		return b, err
	}
	for name, v := range map[string]int{"max-columns": b.MaxColumns, "max-cell": b.MaxCellLen, "max-rows": b.MaxProjectRows} {
		if v < 1 {
			return b, usageError(fmt.Sprintf("--%s: give a positive number", name))
		}
	}
	if b.MaxDuration < time.Second {
		return b, usageError("--read-timeout: give at least 1s, such as 1m")
	}
	return b, nil
}

// envCount is the whole number in an environment variable, or def.
func envCount(name string, def int) int {
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv(name))); err == nil {
		return n
	}
	return def
}
