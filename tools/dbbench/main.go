// Command dbbench compares the database back ends on the served path: it
// starts the explorer binary on SQLite, then on a throwaway PostgreSQL it
// starts itself (.ci/postgres.sh, as the tests do), each with a fresh
// database, uploads a 300-topic model (30 groups × 10 topics × 10 terms)
// and measures, one back end after the other in one run:
//   - one-term PUTs of the whole model, one client: CPU per PUT of the
//     server and of the database (PostgreSQL's processes; SQLite is in the
//     server), the median latency, the database's growth per 1,000 PUTs,
//     and beside them the server's CPU per GET /healthz;
//   - GETs of the model with -clients concurrent clients: CPU per GET,
//     p50 and p99 latency;
//
// each once the server is quiet after its start (load.WaitQuiet), and prints
// PostgreSQL's figures as ratios to SQLite's. It sends traffic
// to 127.0.0.1 only and stops what it started.
//
//	make bin/dbbench && bin/dbbench -bin bin/explorer [-puts 1000 -gets 3000 -clients 8]
package main

import (
	"flag"
	"fmt"
	"os"
)

type config struct {
	bin              string
	puts, gets       int
	clients          int
	postgres, script string
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/explorer", "the explorer binary")
	flag.IntVar(&c.puts, "puts", 1000, "one-term PUTs of each back end")
	flag.IntVar(&c.gets, "gets", 3000, "GETs of each back end")
	flag.IntVar(&c.clients, "clients", 8, "concurrent clients of the GET phase")
	flag.StringVar(&c.postgres, "postgres", "start", "start: a throwaway PostgreSQL by -script; off: SQLite only; a postgres:// URL: that (throwaway) database, its CPU not measured")
	flag.StringVar(&c.script, "script", ".ci/postgres.sh", "the script that starts and stops a throwaway PostgreSQL")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "dbbench:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	lite, err := measureBackend(c, backend{name: "SQLite"})
	if err != nil {
		return fmt.Errorf("SQLite: %w", err)
	}
	results := []result{lite}
	if c.postgres != "off" {
		pg, stop, err := postgresOf(c)
		if err != nil {
			return err
		}
		r, err := measureBackend(c, pg)
		stop()
		if err != nil {
			return fmt.Errorf("PostgreSQL: %w", err)
		}
		results = append(results, r)
	}
	report(c, results)
	return nil
}
