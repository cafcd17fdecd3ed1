// Command wirereplay shows whether the wire changed between two versions
// of explorer: it builds the binary of a base revision and of the working
// tree (or -head), starts each on the loopback with a fresh data
// directory (SQLite; and a fresh PostgreSQL database each when -database
// or EXPLORER_TEST_POSTGRES names a server), replays one fixed scenario
// over HTTP against each (the JSON interface and the pages), normalizes
// only what every run makes up anew (times of the run, tokens, cookies,
// CSRF tokens) by the same rules on both sides, and compares the two
// transcripts step by step. It fails naming the first differing step and
// showing both; else it prints the steps and bytes compared.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	base := flag.String("base", "", "the git revision the wire is compared with (required)")
	head := flag.String("head", "", "the git revision replayed against it; empty: the working tree")
	root := flag.String("root", ".", "the repository's root")
	dsn := flag.String("database", os.Getenv("EXPLORER_TEST_POSTGRES"), "a PostgreSQL server's URL (default EXPLORER_TEST_POSTGRES): replay on it too, a fresh database per run")
	all := flag.Bool("all", false, "go on past the first differing step and show every one")
	out := flag.String("out", "", "write both normalized transcripts into this directory (NAME-base.txt, NAME-head.txt)")
	flag.Parse()
	if *base == "" {
		fmt.Fprintln(os.Stderr, "wirereplay: give -base REV")
		os.Exit(2)
	}
	ok, err := run(*root, *base, *head, *dsn, *out, *all)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wirereplay:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

// run builds both binaries and replays on SQLite, then on PostgreSQL when
// dsn is given; ok is false when a replay found a difference.
func run(root, base, head, dsn, out string, all bool) (bool, error) {
	tmp, err := os.MkdirTemp("", "wirereplay-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	bins := [2]string{filepath.Join(tmp, "explorer-base"), filepath.Join(tmp, "explorer-head")}
	names := [2]string{base, revName(head)}
	for i, rev := range []string{base, head} {
		if rev != "" {
			c, err := resolve(root, rev)
			if err != nil {
				return false, err
			}
			names[i] = rev + " (" + c[:12] + ")"
		}
		fmt.Printf("building %s\n", names[i])
		if err := buildAt(root, rev, bins[i]); err != nil {
			return false, err
		}
	}
	empty := filepath.Join(tmp, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		return false, err
	}
	// No WordNet of this machine either (serveFlags): through the
	// environment, which a revision without --wordnet-dir ignores.
	if err := os.Setenv("EXPLORER_WORDNET_DIR", empty); err != nil {
		return false, err
	}
	ok := true
	for _, db := range databases(dsn) {
		same, err := replay(db, bins, names, empty, out, all)
		if err != nil {
			return false, err
		}
		ok = ok && same
	}
	return ok, nil
}

type database struct{ name, dsn string }

func databases(dsn string) []database {
	dbs := []database{{"sqlite", ""}}
	if dsn != "" {
		dbs = append(dbs, database{"postgres", dsn})
	}
	return dbs
}

// replay runs the scenario against both binaries on db and compares.
func replay(db database, bins, names [2]string, empty, out string, all bool) (bool, error) {
	start := time.Now()
	var ts [2]*Transcript
	for i, bin := range bins {
		t, err := replayOne(bin, db.dsn, empty)
		if err != nil {
			return false, fmt.Errorf("%s on %s: %w", names[i], db.name, err)
		}
		ts[i] = t
	}
	n := normalizer{from: start.Add(-24 * time.Hour), to: time.Now().Add(400 * 24 * time.Hour)}
	a, b := n.transcript(ts[0]), n.transcript(ts[1])
	if out != "" {
		if err := write(out, db.name, a, b); err != nil {
			return false, err
		}
	}
	res := compare(a, b, all)
	fmt.Printf("%s: %d steps, %d bytes compared (%s against %s, %s)\n", db.name, res.Steps, res.Bytes, names[1], names[0], time.Since(start).Round(time.Second))
	if res.Diff != "" {
		fmt.Printf("%s: the wire differs: %s\n", db.name, res.Diff)
		for _, d := range res.More {
			fmt.Printf("%s: and %s\n", db.name, d)
		}
		if all {
			fmt.Printf("%s: %d of %d steps differ\n", db.name, 1+len(res.More), res.Steps)
		}
		return false, nil
	}
	fmt.Printf("%s: the wire is byte-identical after normalization\n", db.name)
	return true, nil
}

// replayOne starts bin, replays the scenario and stops it.
func replayOne(bin, dsn, empty string) (*Transcript, error) {
	f, err := start(bin, dsn, empty)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	if err := waitReady(f.srv.Base); err != nil {
		return nil, err
	}
	return scenario(f.srv.Base)
}

// write writes both rendered transcripts into dir.
func write(dir, db string, a, b []Exchange) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, side := range [][]Exchange{a, b} {
		var text []byte
		for _, ex := range side {
			text = append(text, render(ex)...)
		}
		name := filepath.Join(dir, db+[]string{"-base.txt", "-head.txt"}[i])
		if err := os.WriteFile(name, text, 0o644); err != nil {
			return err
		}
	}
	return nil
}
