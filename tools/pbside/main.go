// Command pbside runs the same workload on explorer and on PocketBase, on
// this machine, side by side: it starts the explorer binary (bin/explorer
// serve, a fresh data directory) and a PocketBase application (pbapp:
// PocketBase v0.36 as a framework, its gzip middleware on) on a fresh
// directory, gives each a 300-topic model (30 groups × 10 topics × 10
// terms, the model httpbench and dbbench upload) owned by a signed-in
// user, and then, in interleaved rounds (explorer, PocketBase, explorer,
// …), from -clients clients:
//   - -requests GETs of the model, plain;
//   - -requests GETs of it with Accept-Encoding: gzip;
//   - -writes one-term writes: explorer's PUT /v1/models/{id} of the whole
//     model with one term changed (as dbbench does, answered 204),
//     PocketBase's PATCH of the record's JSON field with the same groups,
//     one term changed (with ?fields=id: answered with the id only).
//
// In PocketBase the model is one record of a collection "models": an
// owner (a relation to its users), a title and the groups as a JSON field,
// readable and writable by its owner only; the record's JSON is the groups
// explorer answers (ids, titles, topics, terms), so both read and write
// the same document behind the same kind of rule (see DECISIONS-LOCAL).
// It reports per server and phase the server's CPU per request
// (utime+stime of /proc/PID/stat around the phase), requests per second,
// p50/p99 latency and bytes on the wire (read from the connection:
// status line, headers and body), PocketBase ÷ explorer for CPU per
// request and explorer ÷ PocketBase for requests per second, and the idle
// resident memory of both. It sends traffic to 127.0.0.1 only and stops
// what it started.
//
//	make bench-pocketbase
//	bin/pbside -bin bin/explorer -pocketbase bin/pbapp [-requests 2000 -writes 500 -clients 8 -rounds 3]
package main

import (
	"flag"
	"fmt"
	"os"
)

type config struct {
	bin, pocketbase string
	requests        int
	writes          int
	clients         int
	rounds          int
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/explorer", "the explorer binary")
	flag.StringVar(&c.pocketbase, "pocketbase", "bin/pbapp", "the PocketBase application (tools/pbside/pbapp)")
	flag.IntVar(&c.requests, "requests", 2000, "GETs of each GET phase, each round")
	flag.IntVar(&c.writes, "writes", 500, "one-term writes of the write phase, each round")
	flag.IntVar(&c.clients, "clients", 8, "concurrent clients of every phase")
	flag.IntVar(&c.rounds, "rounds", 3, "interleaved rounds (each server measured once a round)")
	flag.Parse()
	if c.requests < c.clients || c.writes < c.clients || c.clients < 1 || c.rounds < 1 {
		fmt.Fprintln(os.Stderr, "pbside: -requests and -writes at least -clients, -clients and -rounds at least 1")
		os.Exit(2)
	}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "pbside:", err)
		os.Exit(1)
	}
}

// run starts both servers, measures the rounds and prints the tables.
func run(c config) error {
	ex, model, err := startExplorer(c)
	if err != nil {
		return fmt.Errorf("explorer: %w", err)
	}
	defer ex.stop()
	pb, err := startPocketBase(c, model)
	if err != nil {
		return fmt.Errorf("PocketBase: %w", err)
	}
	defer pb.stop()
	sides := []*side{ex, pb}
	for _, s := range sides {
		if err := s.idle(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		s.rssStart = s.rssNow
	}
	totals := map[string]*tally{}
	for round := range c.rounds {
		for _, p := range phases(c) {
			for _, s := range sides {
				t, err := s.measure(p, c.clients, round)
				if err != nil {
					return fmt.Errorf("%s, %s: %w", s.name, p.name, err)
				}
				key := s.name + "|" + p.name
				if totals[key] == nil {
					totals[key] = &tally{}
				}
				totals[key].add(t)
			}
		}
	}
	for _, s := range sides {
		if err := s.idle(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	report(c, sides, totals)
	return nil
}
