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
	runs             int
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/explorer", "the explorer binary")
	flag.IntVar(&c.puts, "puts", 1000, "one-term PUTs of each back end")
	flag.IntVar(&c.gets, "gets", 3000, "GETs of each back end")
	flag.IntVar(&c.clients, "clients", 8, "concurrent clients of the GET phase")
	flag.StringVar(&c.postgres, "postgres", "start", "start: a throwaway PostgreSQL by -script; off: SQLite only; a postgres:// URL: that (throwaway) database, its CPU not measured")
	flag.StringVar(&c.script, "script", ".ci/postgres.sh", "the script that starts and stops a throwaway PostgreSQL")
	flag.IntVar(&c.runs, "runs", 1, "whole runs (each back end anew), each reported, then the medians of their ratios")
	flag.Parse()
	if err := runs(c); err != nil {
		fmt.Fprintln(os.Stderr, "dbbench:", err)
		os.Exit(1)
	}
}

// runs makes c.runs runs and, after more than one, prints the medians of
// their ratios: on a shared machine one run's ratio moves with what else
// runs beside it.
func runs(c config) error {
	var all [][]result
	for i := 0; i < max(c.runs, 1); i++ {
		rs, err := run(c)
		if err != nil {
			return err
		}
		all = append(all, rs)
	}
	if len(all) > 1 {
		reportMedians(all)
	}
	return nil
}

func run(c config) ([]result, error) {
	lite, err := measureBackend(c, backend{name: "SQLite"})
	if err != nil {
		return nil, fmt.Errorf("SQLite: %w", err)
	}
	results := []result{lite}
	if c.postgres != "off" {
		pg, stop, err := postgresOf(c)
		if err != nil {
			return nil, err
		}
		r, err := measureBackend(c, pg)
		stop()
		if err != nil {
			return nil, fmt.Errorf("PostgreSQL: %w", err)
		}
		results = append(results, r)
	}
	report(c, results)
	return results, nil
}
