package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"explorer/audit"
)

// retentionFlag is --audit-retention: how long the audit log keeps a
// record, in days ("400d") or as a Go duration ("9600h").
type retentionFlag struct{ d time.Duration }

func (r *retentionFlag) String() string {
	if r.d%(24*time.Hour) == 0 {
		return strconv.FormatInt(int64(r.d/(24*time.Hour)), 10) + "d"
	}
	return r.d.String()
}

// Set reads a retention of 1 day to 100 years.
func (r *retentionFlag) Set(v string) error {
	d, err := parseRetention(v)
	if err != nil {
		return err
	}
	r.d = d
	return nil
}

func parseRetention(v string) (time.Duration, error) {
	const day, most = 24 * time.Hour, 100 * 366 * 24 * time.Hour
	v = strings.TrimSpace(v)
	var d time.Duration
	if n, ok := strings.CutSuffix(v, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days < 1 || days > 100*366 {
			return 0, fmt.Errorf("give a number of days from 1 to %d, such as 400d", 100*366)
		}
		d = time.Duration(days) * day
	} else {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			return 0, fmt.Errorf("give days such as 400d or a duration such as 9600h")
		}
	}
	if d < day || d > most {
		return 0, fmt.Errorf("give at least one day and at most 100 years, such as 400d")
	}
	return d, nil
}

// auditRetentionFlag registers --audit-retention (EXPLORER_AUDIT_RETENTION)
// on fs; a bad value in the environment is reported when flags are parsed.
func auditRetentionFlag(fs *flag.FlagSet) *retentionFlag {
	r := &retentionFlag{d: audit.DefaultRetention}
	fs.Var(r, "audit-retention", "how long the audit log keeps a record, such as 400d (EXPLORER_AUDIT_RETENTION)")
	if env := os.Getenv("EXPLORER_AUDIT_RETENTION"); env != "" {
		if err := r.Set(env); err != nil {
			r.d = -1
		}
	}
	return r
}
