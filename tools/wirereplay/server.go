package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"time"

	"explorer/tools/internal/load"

	"github.com/jackc/pgx/v5"
)

// serveFlags are the flags both servers start with (beside the loopback
// address, the fresh data directory and the database): the upload limit
// is small so that the scenario's 413 costs little, and the word spaces
// are the embedded defaults only (no thesauri or dictionaries of this
// machine), so that both load the same ones quickly.
func serveFlags(empty string) []string {
	return []string{"--max-upload", "64KiB", "--mythes-dir", empty, "--hunspell-dir", empty}
}

// fresh is a started server and what it needs removed after.
type fresh struct {
	srv  *load.Server
	drop func()
}

// start starts bin on the loopback with a fresh data directory and, when
// dsn names a PostgreSQL server, a fresh database on it (dropped after).
func start(bin, dsn, empty string) (*fresh, error) {
	f := &fresh{drop: func() {}}
	database := ""
	if dsn != "" {
		db, drop, err := createDatabase(dsn)
		if err != nil {
			return nil, err
		}
		database, f.drop = db, drop
	}
	srv, err := load.StartServer(bin, database, adminPassword, serveFlags(empty)...)
	if err != nil {
		f.drop()
		return nil, err
	}
	f.srv = srv
	return f, nil
}

func (f *fresh) stop() {
	f.srv.Stop()
	f.drop()
}

// createDatabase creates a database of a random name on dsn's server and
// returns its URL and a function that drops it.
func createDatabase(dsn string) (string, func(), error) {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme != "postgres" && u.Scheme != "postgresql" {
		return "", nil, fmt.Errorf("the DSN is not a postgres:// URL")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "wirereplay_" + hex.EncodeToString(b)
	if err := adminExec(dsn, "CREATE DATABASE "+name); err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		if err := adminExec(dsn, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			fmt.Fprintln(os.Stderr, "wirereplay: dropping", name+":", err)
		}
	}
	return u.String(), drop, nil
}

// adminExec runs one statement on dsn's database.
func adminExec(dsn, sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

// waitReady waits until /readyz answers 200 (the word spaces loaded), so
// that suggestions answer the same on both runs.
func waitReady(base string) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s/readyz did not answer 200 in two minutes", base)
}
