// Command servebench measures pole suggestions on the served path: it
// starts the explorer binary as a subprocess on loopback with a generated
// word space (a .vec file of -words × -dim, clustered like a real space)
// and the embedded English one, then times suggestions through HTTP beside
// GET /healthz in the same run, with one client and with several (each
// asking as a user of its own, on its copy of the pole; the poles run
// from 3 terms to 10,000, the most a pole holds). It
// reports the time to ready on the first start (conversion) and the second
// (the converted file), resident memory against the vectors' bytes,
// p50/p99 latency, CPU milliseconds of the server per request and requests
// per second. A last phase, with one client, is a pole of a user whose
// account has 3 project spaces (5,000 generated English texts each,
// trained by the binary's wordspace build beside the server) blended in.
// With -postgres the server runs on a throwaway PostgreSQL the bench
// starts (.ci/postgres.sh, as dbbench does) and the database's CPU per
// request is reported beside the server's. Every loop is bounded in count
// and time; it sends traffic to 127.0.0.1 only and stops the server (and
// the PostgreSQL it started) at the end.
//
//	make bin/servebench && bin/servebench -bin bin/explorer [-words 1000000 -dim 300] [-postgres]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"explorer/tools/internal/load"
)

type config struct {
	bin      string
	words    int
	dim      int
	clients  int
	requests int
	duration time.Duration
	cache    string
	// tonality > 0 runs only the tonality phases on that many reviews;
	// before is a binary without tonality to compare exploring with.
	tonality int
	before   string
	texts    string
	// large > 0 runs only the large-project phase on that many rows.
	large int
	// largePage > 0 runs only the large-project phase through the pages.
	largePage int
	// suggestOnly runs only the suggestion bench (make bench-suggest).
	suggestOnly bool
	suggest     suggestConfig
	// postgres runs the suggestion phases on a throwaway PostgreSQL that
	// script starts (as dbbench does) instead of SQLite.
	postgres bool
	script   string
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/explorer", "the explorer binary")
	flag.IntVar(&c.words, "words", 1_000_000, "words of the generated space (0: only the embedded English space)")
	flag.IntVar(&c.dim, "dim", 300, "dimension of the generated space")
	flag.IntVar(&c.clients, "clients", 16, "concurrent clients of the concurrent phase")
	flag.IntVar(&c.requests, "requests", 200, "requests of each one-client phase")
	flag.DurationVar(&c.duration, "duration", 15*time.Second, "length of each concurrent phase")
	flag.StringVar(&c.cache, "cache", filepath.Join(os.TempDir(), "explorer-servebench"), "folder keeping the generated .vec between runs")
	flag.IntVar(&c.tonality, "tonality", 0, "run only the tonality phases, on this many generated reviews")
	flag.StringVar(&c.texts, "texts", "", "with -tonality: a file of texts, one a line, instead of generated reviews")
	flag.StringVar(&c.before, "before", "", "with -tonality: a binary without tonality to compare exploring with")
	flag.IntVar(&c.large, "explore-large", 0, "run only the large-project phase: import and explore this many generated reviews through the API as jobs")
	flag.IntVar(&c.largePage, "explore-large-page", 0, "run only the large-project phase through the pages in headless Chromium: import and explore this many generated reviews, watching the job bar")
	flag.BoolVar(&c.suggestOnly, "suggest", false, "run only the suggestion bench: precision at 10 on judged probes, opposite polarity, declines, project spaces, first suggestion per language")
	flag.StringVar(&c.suggest.probes, "probes", "tools/servebench/testdata/suggest-probes.tsv", "with -suggest: the probe poles")
	flag.StringVar(&c.suggest.judged, "judged", "tools/servebench/testdata/suggest-judged.tsv", "with -suggest: the judged suggestions")
	flag.StringVar(&c.suggest.mythes, "mythes-dir", "", "with -suggest: the thesaurus folder given to the server")
	flag.StringVar(&c.suggest.wordnet, "wordnet-dir", "", "with -suggest: the WordNet folder given to the server (\"\": the server's default)")
	flag.StringVar(&c.suggest.reviews, "reviews", "", "with -suggest: SemEval-2014 Restaurants_Train_v2.xml, texts of the project space phase")
	flag.StringVar(&c.suggest.hotel, "hotel", "testdata/hotel-reviews.txt", "with -suggest: hotel reviews, one a line, for the Noise pole")
	flag.StringVar(&c.suggest.dump, "dump", "", "with -suggest: write the top-10 words not judged yet to this file")
	flag.BoolVar(&c.postgres, "postgres", false, "run the suggestion phases on a throwaway PostgreSQL started by -script (the server's --database) instead of SQLite")
	flag.StringVar(&c.script, "script", ".ci/postgres.sh", "with -postgres: the script that starts and stops a throwaway PostgreSQL")
	flag.Parse()
	run := run
	switch {
	case c.suggestOnly:
		run = runSuggest
	case c.large > 0:
		run = runLarge
	case c.largePage > 0:
		run = runLargePage
	case c.tonality > 0:
		run = runTonality
	}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "servebench:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	data, err := os.MkdirTemp("", "servebench-data-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	var args []string
	var vecBytes int64
	if c.words > 0 {
		vec, err := generatedVec(c.cache, c.words, c.dim)
		if err != nil {
			return err
		}
		args = append(args, "--wordspace", "SV="+vec)
		vecBytes = int64(c.words) * int64(c.dim) * 4
		defer keepConversion(data, strings.TrimSuffix(vec, ".vec")+".wordspace")
	}
	pg, stopPG, err := databaseOf(c)
	if err != nil {
		return err
	}
	defer stopPG()
	fmt.Printf("## Served suggestions (%s, %s)\n\n", time.Now().UTC().Format(time.DateOnly), map[bool]string{false: "SQLite", true: "PostgreSQL"}[c.postgres])
	base, err := baselineRSS(c.bin, pg)
	if err != nil {
		return err
	}
	fmt.Printf("- without the generated space: resident %.0f MB\n", float64(base)/(1<<20))
	for start := 1; start <= 2; start++ {
		srv, ready, err := startServerOn(c.bin, data, pg, args)
		if err != nil {
			return err
		}
		rss := srv.rss()
		fmt.Printf("- start %d: ready in %.2f s, resident %.0f MB", start, ready.Seconds(), float64(rss)/(1<<20))
		if vecBytes > 0 {
			fmt.Printf(" (%.2f × the generated space's %.0f MB of vectors; %.2f × without the rest of the server)", float64(rss)/float64(vecBytes), float64(vecBytes)/(1<<20), float64(rss-base)/float64(vecBytes))
		}
		fmt.Println()
		if start == 1 {
			srv.stop()
			continue
		}
		defer srv.stop()
		return measure(c, srv)
	}
	return nil
}

// databaseOf is the database c asks for: a throwaway PostgreSQL started
// by c.script, with the function that stops it, or SQLite (zero).
func databaseOf(c config) (postgres, func(), error) {
	if !c.postgres {
		return postgres{}, func() {}, nil
	}
	pg, stop, err := load.StartPostgres(c.script)
	return postgres{dsn: pg.DSN, pid: pg.PID}, stop, err
}

// measure runs every phase against a ready server and prints the table.
func measure(c config, srv *server) error {
	cl, err := newClient(srv)
	if err != nil {
		return err
	}
	phases, err := polePhases(c, cl)
	if err != nil {
		return err
	}
	users, err := benchUsers(cl, srv, c.clients, phases)
	if err != nil {
		return err
	}
	// After the copies: the project spaces are the owner's account's own.
	ps, err := projectSpacesPhase(cl, srv, 3)
	if err != nil {
		return err
	}
	phases = append(phases, ps)
	// What the set-up (explores, word space builds) left running in the
	// background is not the first phase's.
	if err := load.WaitQuiet(srv.cmd.Process.Pid); err != nil {
		return err
	}
	fmt.Printf("\n| phase | clients | requests | req/s | p50 ms | p99 ms | max ms | server CPU-ms/req | database CPU-ms/req | /healthz p50 ms (same run) |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range phases {
		var paths []string
		for _, id := range p.poles {
			paths = append(paths, fmt.Sprintf("/v1/poles/%d/suggest?limit=20", id))
		}
		who, counts := users, []int{1, c.clients}
		if p.owner != "" {
			// One client, the owner of the project spaces.
			who, counts = []string{p.owner}, counts[:1]
		}
		for _, clients := range counts {
			r, err := cl.load(who, paths, clients, c.requests, c.duration)
			if err != nil {
				return err
			}
			fmt.Printf("| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | %.2f | %s | %.2f |\n", p.name, clients, r.n, r.rate, r.p50, r.p99, r.max, r.cpuMS, dbColumn(srv, r), r.healthP50)
		}
	}
	return nil
}

// polePhases makes the admin's poles of the phases: English ones of 3,
// 20 and 10,000 terms, the embedded thesauri's, the generated space's.
func polePhases(c config, cl *client) ([]phase, error) {
	var phases []phase
	add := func(lang string, seed []string, n int) error {
		id, err := cl.pole(lang, seed, n)
		if err != nil {
			return err
		}
		phases = append(phases, phase{name: fmt.Sprintf("%s, %d terms", lang, n), poles: []int64{id}})
		return nil
	}
	if err := add("EN", []string{"good", "great", "excellent"}, 3); err != nil {
		return nil, err
	}
	if err := add("EN", []string{"good", "great", "excellent"}, 20); err != nil {
		return nil, err
	}
	if err := add("EN", []string{"warm"}, 10000); err != nil {
		return nil, err
	}
	// Embedded thesaurus spaces (loaded at their language's first use,
	// which growing the pole pays; DE and FR come from the system's
	// mythes packages when installed, so they are not measured here): SV
	// only when no generated space takes its place.
	thesauri := [][2]string{{"DA", "god"}, {"PT", "bom"}, {"SV", "bra"}}
	if c.words > 0 {
		thesauri = thesauri[:2]
	}
	for _, t := range thesauri {
		if err := add(t[0], []string{t[1]}, 3); err != nil {
			return nil, err
		}
	}
	if c.words > 0 {
		for _, n := range []int{3, 20} {
			if err := add("SV", []string{"w100"}, n); err != nil {
				return nil, err
			}
		}
	}
	return phases, nil
}

// dbColumn is PostgreSQL's CPU per request, or "in the server" on
// SQLite (which runs in the server's process).
func dbColumn(srv *server, r result) string {
	if srv.dbPID == 0 {
		return "in the server"
	}
	return fmt.Sprintf("%.2f", r.dbMS)
}

// phase is one pole measured: poles[u] is the copy of users[u] (see
// benchUsers).
type phase struct {
	name  string
	poles []int64
	owner string // set: measured with one client, as this user only
}

// benchUsers adds n-1 users beside the admin and gives each a copy of
// every phase's pole, so that each concurrent client asks as a user of
// its own: one user has at most a few suggestions computed at once. It
// answers the users, the admin first.
func benchUsers(cl *client, srv *server, n int, phases []phase) ([]string, error) {
	users := []string{"admin"}
	for u := 1; u < n; u++ {
		name := fmt.Sprintf("bench%02d", u)
		if err := srv.addUser(name); err != nil {
			return nil, err
		}
		users = append(users, name)
	}
	for i := range phases {
		for _, u := range users[1:] {
			id, err := cl.copyPole(phases[i].poles[0], u)
			if err != nil {
				return nil, err
			}
			phases[i].poles = append(phases[i].poles, id)
		}
	}
	return users, nil
}

// keepConversion moves the server's conversion of the generated space
// next to it, where the recall benchmark of the wordspace package reads it
// (make bench-serve runs it).
func keepConversion(data, dst string) {
	got, _ := filepath.Glob(filepath.Join(data, "wordspaces", "SV-*.wordspace"))
	if len(got) == 1 && os.Rename(got[0], dst) == nil {
		fmt.Printf("\nThe conversion is kept as %s.\n", dst)
	}
}

// baselineRSS is the resident memory of a ready server with the embedded
// space only, on a data directory of its own and the database pg.
func baselineRSS(bin string, pg postgres) (int64, error) {
	data, err := os.MkdirTemp("", "servebench-base-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(data)
	srv, _, err := startServerOn(bin, data, pg, nil)
	if err != nil {
		return 0, err
	}
	defer srv.stop()
	return srv.rss(), nil
}
