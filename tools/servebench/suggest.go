package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// suggestConfig are the inputs of the suggestion bench (make bench-suggest).
type suggestConfig struct {
	probes, judged string
	// mythes is the thesaurus folder given to the server (--mythes-dir).
	mythes string
	// wordnet is the WordNet folder given to the server (--wordnet-dir;
	// "": the server's default).
	wordnet string
	// reviews is SemEval-2014's Restaurants_Train_v2.xml, the texts of the
	// project space phase ("" or missing: skipped).
	reviews string
	// hotel is a file of hotel reviews, one a line, for the Noise pole.
	hotel string
	// dump, when set, is where the top 10 not yet judged are written.
	dump string
}

// heldout are the held-out probes of the suggestion bench: poles written
// before a round's tuning, reported in a table of their own (the flags
// live here, with the bench, not in main.go).
var heldout struct {
	probes, judged string
	// quick skips the timed starts, the declines and, without -reviews,
	// the project phases: one start, the precision tables (a tuning loop).
	quick bool
}

func init() {
	flag.StringVar(&heldout.probes, "heldout", "", "with -suggest: held-out probe poles, reported apart; comma-separated: several sets, each in a table of its own (\"\": none)")
	flag.StringVar(&heldout.judged, "heldout-judged", "tools/servebench/testdata/suggest-judged-heldout.tsv", "with -suggest -heldout: their judged suggestions (comma-separated: one file for each set of -heldout)")
	flag.BoolVar(&heldout.quick, "quick", false, "with -suggest: only the precision tables, after one start (no timings or declines; the project phases only with -reviews)")
}

// runSuggest measures the suggestions an analyst sees: the first
// suggestion of each language after a start, precision at 10 on the
// judged probes, opposite-polarity words, the decline side effect and
// the effect of a project space of review texts.
func runSuggest(c config) error {
	probes, err := readProbes(c.suggest.probes)
	if err != nil {
		return err
	}
	judged, err := readJudged(c.suggest.judged)
	if err != nil {
		return err
	}
	data, err := os.MkdirTemp("", "servebench-suggest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	var args []string
	if c.suggest.mythes != "" {
		args = append(args, "--mythes-dir", c.suggest.mythes)
	}
	if c.suggest.wordnet != "" {
		args = append(args, "--wordnet-dir", c.suggest.wordnet)
	}
	fmt.Printf("## Suggestions (%s)\n\n", time.Now().UTC().Format(time.DateOnly))
	srv, err := suggestServer(c.bin, data, args, probes)
	if err != nil {
		return err
	}
	defer srv.stop()
	cl, err := newClient(srv)
	if err != nil {
		return err
	}
	general, err := suggestAll(cl, "admin", probes, 20)
	if err != nil {
		return err
	}
	unjudged := precisionTable("the thesaurus spaces (the admin, no project space; "+c.suggest.probes+", judged in "+c.suggest.judged+")", probes, general, judged)
	more, err := heldoutTable(cl)
	if err != nil {
		return err
	}
	unjudged = append(unjudged, more...)
	if heldout.quick {
		printLists(probes, general, judged)
		if c.suggest.reviews == "" {
			return dumpUnjudged(c.suggest.dump, unjudged)
		}
	} else if err := declineTable(cl, probes); err != nil {
		return err
	}
	more, err = projectPhases(cl, srv, c.suggest, probes, general, judged)
	if err != nil {
		return err
	}
	unjudged = append(unjudged, more...)
	return dumpUnjudged(c.suggest.dump, unjudged)
}

// suggestServer starts the server of the suggestion bench: once, ready,
// with -quick; else through startsAndFirsts.
func suggestServer(bin, data string, args []string, probes []probe) (*server, error) {
	if !heldout.quick {
		return startsAndFirsts(bin, data, args, probes)
	}
	srv, _, err := startServer(bin, data, args)
	return srv, err
}

// heldoutTable prints the precision table of each held-out probe set
// (-heldout and -heldout-judged: comma-separated, in pairs; none given:
// nothing) and answers their lines not judged yet.
func heldoutTable(cl *client) ([]string, error) {
	if heldout.probes == "" {
		return nil, nil
	}
	files, judgedFiles := strings.Split(heldout.probes, ","), strings.Split(heldout.judged, ",")
	if len(files) != len(judgedFiles) {
		return nil, fmt.Errorf("-heldout names %d files, -heldout-judged %d", len(files), len(judgedFiles))
	}
	var unjudged []string
	for i, file := range files {
		probes, err := readProbes(file)
		if err != nil {
			return nil, err
		}
		judged, err := readJudged(judgedFiles[i])
		if err != nil {
			return nil, err
		}
		lists, err := suggestAll(cl, "admin", probes, 20)
		if err != nil {
			return nil, err
		}
		if heldout.quick {
			printLists(probes, lists, judged)
		}
		unjudged = append(unjudged, precisionTable("HELD-OUT probes (written before the round's tuning; the admin, no project space; "+file+", judged in "+judgedFiles[i]+")", probes, lists, judged)...)
	}
	return unjudged, nil
}

// startsAndFirsts starts the server twice on data: the first start (a new
// data directory) ends when its background cache builds are done, the
// second is measured: each language's first suggestion right after
// /readyz, idle resident memory before and after. It answers the second
// server, running.
func startsAndFirsts(bin, data string, args []string, probes []probe) (*server, error) {
	srv, ready, err := startServer(bin, data, append(args, "--log-level", "info"))
	if err != nil {
		return nil, err
	}
	warm := waitWarm(srv, 10*time.Minute)
	fmt.Printf("- start 1 (new data directory): ready in %.2f s; the background builds of the thesaurus caches %s; idle resident %.1f MiB after them\n",
		ready.Seconds(), warm, float64(srv.rss())/(1<<20))
	srv.stop()
	srv, ready, err = startServer(bin, data, args)
	if err != nil {
		return nil, err
	}
	time.Sleep(2 * time.Second)
	fmt.Printf("- start 2: ready in %.2f s, idle resident %.1f MiB\n\n", ready.Seconds(), float64(srv.rss())/(1<<20))
	cl, err := newClient(srv)
	if err != nil {
		srv.stop()
		return nil, err
	}
	fmt.Println("First suggestion of each language after start 2 (GET /v1/poles/{id}/suggest?limit=10 of a new pole of the language's first probe, one request; /healthz polled every 20 ms meanwhile):")
	fmt.Println()
	fmt.Println("| language | first suggestion ms | /healthz max ms meanwhile | resident MiB after |")
	fmt.Println("|---|---|---|---|")
	for _, l := range languages(probes) {
		i := slices.IndexFunc(probes, func(p probe) bool { return p.lang == l })
		took, health, err := firstSuggestion(cl, probes[i])
		if err != nil {
			srv.stop()
			return nil, err
		}
		fmt.Printf("| %s | %.0f | %.1f | %.1f |\n", l, ms(took), ms(health), float64(srv.rss())/(1<<20))
	}
	fmt.Println()
	return srv, nil
}

// waitWarm waits (at most limit) for the server's log line that its
// background cache builds ended, and says how long they took.
func waitWarm(srv *server, limit time.Duration) string {
	began := time.Now()
	for time.Since(began) < limit {
		log := srv.logText()
		if time.Since(began) > 5*time.Second && !strings.Contains(log, "building word space caches") {
			return "did not start within 5 s"
		}
		if strings.Contains(log, "word space caches built") {
			return fmt.Sprintf("ended %.1f s after ready", time.Since(began).Seconds())
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Sprintf("had not ended %s after ready", limit)
}

// firstSuggestion creates a pole of p and times its first suggestion,
// with the slowest /healthz polled meanwhile.
func firstSuggestion(cl *client, p probe) (took, health time.Duration, err error) {
	id, err := newPole(cl, "admin", p)
	if err != nil {
		return 0, 0, err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			t := time.Now()
			if cl.do("GET", "/healthz", nil, nil) == nil {
				health = max(health, time.Since(t))
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	began := time.Now()
	_, err = suggestions(cl, "admin", id, 10)
	took = time.Since(began)
	close(stop)
	wg.Wait()
	return took, health, err
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// newPole creates a pole of p's terms, owned by user.
func newPole(cl *client, user string, p probe) (int64, error) {
	var parts []part
	for _, t := range p.terms {
		parts = append(parts, part{t, 1})
	}
	var out struct {
		ID int64 `json:"id"`
	}
	body := map[string]any{"name": strings.Join(p.terms, ", "), "language": p.lang, "parts": parts}
	return out.ID, cl.doAs(user, "POST", "/v1/poles", body, &out)
}

// suggestions are the terms of a pole's first limit suggestions.
func suggestions(cl *client, user string, id int64, limit int) ([]string, error) {
	var out struct {
		Suggestions []struct {
			Term string `json:"term"`
		} `json:"suggestions"`
	}
	if err := cl.doAs(user, "GET", fmt.Sprintf("/v1/poles/%d/suggest?limit=%d", id, limit), nil, &out); err != nil {
		return nil, err
	}
	terms := make([]string, len(out.Suggestions))
	for i, s := range out.Suggestions {
		terms[i] = s.Term
	}
	return terms, nil
}

// suggestAll answers the first limit suggestions of a new pole of user
// for each probe (in the probes' order).
func suggestAll(cl *client, user string, probes []probe, limit int) ([][]string, error) {
	out := make([][]string, len(probes))
	for i, p := range probes {
		id, err := newPole(cl, user, p)
		if err != nil {
			return nil, err
		}
		if out[i], err = suggestions(cl, user, id, limit); err != nil {
			return nil, fmt.Errorf("%s: %w", p.key(), err)
		}
	}
	return out, nil
}
