package load

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the driver "pgx"
)

// The started PostgreSQL answers at its URL, its postmaster's CPU is
// readable, and stop ends it and removes its directory.
func TestStartPostgresAnswersAndStops(t *testing.T) {
	if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(m) == 0 {
		t.Skip("PostgreSQL is not installed")
	}
	pg, stop, err := StartPostgres("../../../.ci/postgres.sh")
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	db, err := sql.Open("pgx", pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	var one int
	if err := db.QueryRowContext(context.Background(), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1: %d %v", one, err)
	}
	db.Close()
	if _, err := TreeCPU(pg.PID); err != nil {
		t.Fatalf("the postmaster's CPU: %v", err)
	}
	u, err := url.Parse(pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	dir := u.Query().Get("host")
	stop()
	stopped = true
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("%s left after stop: %v", dir, err)
	}
}
