// Command load drives a mixed workload over every resource of an explorer
// server with many users and reports requests per second, p50/p99 per
// operation, errors by status and the server's resident memory. It starts
// the server itself (--bin, with a fresh data directory; --database for
// PostgreSQL) or loads one on the loopback (--url). It stops by itself
// after --duration or --max-requests.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"explorer/tools/internal/load"
)

func main() {
	var cfg load.Config
	flag.StringVar(&cfg.URL, "url", "", "load a running server on the loopback, such as http://127.0.0.1:8080 (needs EXPLORER_ADMIN_PASSWORD)")
	flag.StringVar(&cfg.Bin, "bin", "bin/explorer", "the explorer binary to start when --url is not given")
	flag.StringVar(&cfg.Database, "database", "", "PostgreSQL URL for the started server (a throwaway database); empty: SQLite")
	flag.IntVar(&cfg.Clients, "clients", 16, "concurrent clients, one user each")
	flag.DurationVar(&cfg.Duration, "duration", 60*time.Second, "how long to load (at most 2h)")
	flag.Int64Var(&cfg.MaxRequests, "max-requests", 10_000_000, "stop after this many requests")
	flag.DurationVar(&cfg.Idle, "idle", 0, "after the load, print the started server's resident memory every 10 s for this long (with --bin; /healthz asked every 3 s meanwhile), against its fresh size")
	flag.Parse()
	cfg.AdminPassword = os.Getenv("EXPLORER_ADMIN_PASSWORD")
	if err := load.Run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}
