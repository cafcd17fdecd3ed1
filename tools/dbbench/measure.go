package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"explorer/internal/client"
	"explorer/tools/internal/load"
)

const password = "dbbench-Admin-7q2m"

// result is what one back end cost.
type result struct {
	name string
	// putServer and putDB are CPU milliseconds per PUT of the server and
	// of the database's processes; getServer and getDB per GET.
	putServer, putDB, putP50 float64
	// health is the server's CPU milliseconds per GET /healthz, measured
	// beside the PUTs; growth the database's growth in MB per 1,000 PUTs.
	health, growth float64
	// editServer and editDB are CPU milliseconds per one-term change of
	// the model editor (an htmx form adding a term, answered with the
	// topic's terms); editGrowth the database's growth in MB per 1,000.
	editServer, editDB, editGrowth float64
	getServer, getDB               float64
	getP50, getP99                 float64
}

// measureBackend starts the server on b, uploads the model and measures
// the PUTs and the GETs.
func measureBackend(c config, b backend) (result, error) {
	srv, err := load.StartServer(c.bin, b.dsn, password)
	if err != nil {
		return result{}, err
	}
	defer srv.Stop()
	cl := client.NewClient(srv.Base, "admin", password, &http.Transport{MaxIdleConnsPerHost: c.clients})
	status, body, err := cl.UploadModel("Bench", load.TopicModelCSV(30, 10, 10))
	if err != nil || status != http.StatusCreated {
		return result{}, fmt.Errorf("upload: %d %s %v", status, body, err)
	}
	id, err := client.ID(body)
	if err != nil {
		return result{}, err
	}
	path := fmt.Sprintf("/v1/models/%d", id)
	r := result{name: b.name}
	cpu := func() (time.Duration, time.Duration, error) { return cpuOf(srv.PID(), b.pid) }
	size := func() (int64, error) { return dbSize(b, srv) }
	// What the start and the upload left running in the background
	// (load.WaitQuiet) is not the PUTs'.
	if err := load.WaitQuiet(srv.PID()); err != nil {
		return r, err
	}
	if err := measurePuts(c, cl, path, cpu, size, &r); err != nil {
		return r, err
	}
	// The editor's changes go to a model of its own: the model page, whose
	// parts answer them, lists every version of its model (web/models.go),
	// which the PUTs made many of.
	status, body, err = cl.UploadModel("Edited", load.TopicModelCSV(30, 10, 10))
	if err != nil || status != http.StatusCreated {
		return result{}, fmt.Errorf("upload: %d %s %v", status, body, err)
	}
	edited, err := client.ID(body)
	if err != nil {
		return result{}, err
	}
	editor := client.NewClient(srv.Base, "admin", password, nil)
	if err := measureEdits(c, cl, editor, fmt.Sprintf("/v1/models/%d", edited), cpu, size, &r); err != nil {
		return r, err
	}
	return r, measureGets(c, cl, path, cpu, &r)
}

// cpuOf reads the server's CPU and the database's (0 without one).
func cpuOf(server, db int) (time.Duration, time.Duration, error) {
	s, err := load.ProcCPU(server)
	if err != nil || db == 0 {
		return s, 0, err
	}
	d, err := load.TreeCPU(db)
	return s, d, err
}

// measurePuts sends c.puts one-term PUTs of the whole model, one after
// the other, after a few to warm up.
func measurePuts(c config, cl *client.Client, path string, cpu func() (time.Duration, time.Duration, error), size func() (int64, error), r *result) error {
	var m load.Model
	if err := cl.Decode(http.StatusOK, "GET", path, nil, &m); err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	put := func(i int) (time.Duration, error) {
		m.ChangeTerm(rnd, fmt.Sprintf("edited term %d", i))
		start := time.Now()
		status, b, err := cl.Call("PUT", path, m)
		if err == nil && status != http.StatusOK && status != http.StatusNoContent {
			err = fmt.Errorf("PUT: %d %s", status, b)
		}
		return time.Since(start), err
	}
	for i := range 10 {
		if _, err := put(-i); err != nil {
			return err
		}
	}
	health, err := healthCPU(c, cl, cpu)
	if err != nil {
		return err
	}
	r.health = health
	size0, err := size()
	if err != nil {
		return err
	}
	s0, d0, err := cpu()
	if err != nil {
		return err
	}
	times := make([]time.Duration, 0, c.puts)
	for i := range c.puts {
		d, err := put(i)
		if err != nil {
			return err
		}
		times = append(times, d)
	}
	s1, d1, err := cpu()
	if err != nil {
		return err
	}
	r.putServer, r.putDB = perRequest(s1-s0, c.puts), perRequest(d1-d0, c.puts)
	r.putP50, _ = percentiles(times)
	size1, err := size()
	r.growth = float64(size1-size0) / 1e6 * 1000 / float64(c.puts)
	return err
}

// measureEdits signs in on the pages with editor and adds c.puts terms
// one after the other with the model editor's form, to topics taken at
// random (each change amends the version the first one made, as the
// editor's burst of changes by one author does).
func measureEdits(c config, cl, editor *client.Client, path string, cpu func() (time.Duration, time.Duration, error), size func() (int64, error), r *result) error {
	var m load.Model
	if err := cl.Decode(http.StatusOK, "GET", path, nil, &m); err != nil {
		return err
	}
	if err := editor.SignIn(); err != nil {
		return err
	}
	page := strings.TrimPrefix(path, "/v1")
	rnd := rand.New(rand.NewPCG(3, 4))
	edit := func(i int) error {
		t := m.RandomTopic(rnd)
		form := url.Values{"term": {fmt.Sprintf("added term %d", i)}}
		status, err := editor.PostFormHTMX(fmt.Sprintf("%s/topics/%d/terms", page, t.ID), form)
		if err == nil && status != http.StatusOK {
			err = fmt.Errorf("editor: %d", status)
		}
		return err
	}
	for i := range 10 {
		if err := edit(-1 - i); err != nil {
			return err
		}
	}
	size0, err := size()
	if err != nil {
		return err
	}
	s0, d0, err := cpu()
	if err != nil {
		return err
	}
	for i := range c.puts {
		if err := edit(i); err != nil {
			return err
		}
	}
	s1, d1, err := cpu()
	if err != nil {
		return err
	}
	r.editServer, r.editDB = perRequest(s1-s0, c.puts), perRequest(d1-d0, c.puts)
	size1, err := size()
	r.editGrowth = float64(size1-size0) / 1e6 * 1000 / float64(c.puts)
	return err
}

// healthCPU is the server's CPU milliseconds per GET /healthz of c.puts.
func healthCPU(c config, cl *client.Client, cpu func() (time.Duration, time.Duration, error)) (float64, error) {
	s0, _, err := cpu()
	if err != nil {
		return 0, err
	}
	for range c.puts {
		if status, b, err := cl.Call("GET", "/healthz", nil); err != nil || status != http.StatusOK {
			return 0, fmt.Errorf("GET /healthz: %d %s %v", status, b, err)
		}
	}
	s1, _, err := cpu()
	return perRequest(s1-s0, c.puts), err
}

// measureGets sends c.gets GETs of the model from c.clients clients.
func measureGets(c config, cl *client.Client, path string, cpu func() (time.Duration, time.Duration, error), r *result) error {
	for range 10 {
		if status, b, err := cl.Call("GET", path, nil); err != nil || status != http.StatusOK {
			return fmt.Errorf("GET: %d %s %v", status, b, err)
		}
	}
	s0, d0, err := cpu()
	if err != nil {
		return err
	}
	var mu sync.Mutex
	var firstErr error
	times := make([]time.Duration, 0, c.gets)
	var wg sync.WaitGroup
	for k := range c.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < c.gets; i += c.clients {
				start := time.Now()
				status, _, err := cl.Call("GET", path, nil)
				d := time.Since(start)
				mu.Lock()
				times = append(times, d)
				if firstErr == nil && (err != nil || status != http.StatusOK) {
					firstErr = fmt.Errorf("GET: %d %v", status, err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	s1, d1, err := cpu()
	r.getServer, r.getDB = perRequest(s1-s0, c.gets), perRequest(d1-d0, c.gets)
	r.getP50, r.getP99 = percentiles(times)
	return err
}

// perRequest is d over n requests in milliseconds.
func perRequest(d time.Duration, n int) float64 {
	return float64(d.Microseconds()) / 1000 / float64(n)
}

// percentiles are the p50 and p99 of times in milliseconds.
func percentiles(times []time.Duration) (p50, p99 float64) {
	slices.Sort(times)
	at := func(q float64) float64 { return float64(times[int(q*float64(len(times)-1))].Microseconds()) / 1000 }
	return at(0.5), at(0.99)
}

// report prints the figures and PostgreSQL's ratios to SQLite's.
func report(c config, rs []result) {
	fmt.Printf("## Database back ends on the served path (%s; %d one-term PUTs of a 300-topic model, one client; %d GETs of it, %d clients)\n\n",
		time.Now().UTC().Format(time.DateOnly), c.puts, c.gets, c.clients)
	fmt.Println("| back end | /healthz CPU ms | PUT CPU ms: server | database | total | PUT p50 ms | MB per 1,000 PUTs | GET CPU ms: server | database | total | GET p50 ms | GET p99 ms |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Printf("| %s | %.3f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f | %.3f | %.2f | %.2f |\n", r.name, r.health,
			r.putServer, r.putDB, r.putServer+r.putDB, r.putP50, r.growth, r.getServer, r.getDB, r.getServer+r.getDB, r.getP50, r.getP99)
	}
	fmt.Println("\n| back end | editor change CPU ms: server | database | total | to a PUT | MB per 1,000 changes |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Printf("| %s | %.2f | %.2f | %.2f | %.2f× | %.2f |\n", r.name, r.editServer, r.editDB, r.editServer+r.editDB,
			(r.editServer+r.editDB)/(r.putServer+r.putDB), r.editGrowth)
	}
	fmt.Printf("\nTargets: a one-term PUT at most 1.5 ms of server CPU (beside /healthz), 1,000 of them growing SQLite by at most 2 MB; an editor change at most a PUT's CPU.\n")
	if len(rs) < 2 {
		return
	}
	a, b := rs[0], rs[1]
	fmt.Printf("\n%s against %s: PUT total CPU %.2f× (target 1.5×), GET total CPU %.2f×, GET p99 %.2f× (target 2×)\n",
		b.name, a.name, (b.putServer+b.putDB)/(a.putServer+a.putDB), (b.getServer+b.getDB)/(a.getServer+a.getDB), b.getP99/a.getP99)
}

// reportMedians prints, over runs, each run's ratios and their medians:
// the editor's change to a PUT on each back end and, with two back ends,
// the second's PUT total CPU and GET p99 to the first's.
func reportMedians(all [][]result) {
	var ratios [4][]float64 // PUT, GET p99 (second ÷ first); editor ÷ PUT on each
	for _, rs := range all {
		for i, r := range rs {
			ratios[2+i] = append(ratios[2+i], (r.editServer+r.editDB)/(r.putServer+r.putDB))
		}
		if len(rs) > 1 {
			a, b := rs[0], rs[1]
			ratios[0] = append(ratios[0], (b.putServer+b.putDB)/(a.putServer+a.putDB))
			ratios[1] = append(ratios[1], b.getP99/a.getP99)
		}
	}
	names := []string{"PUT total CPU, second ÷ first back end", "GET p99, second ÷ first back end", "editor change ÷ PUT, first back end", "editor change ÷ PUT, second back end"}
	fmt.Printf("\n## Over %d runs\n\n| ratio | each run | median |\n|---|---|---|\n", len(all))
	for i, rs := range ratios {
		if len(rs) == 0 {
			continue
		}
		each := make([]string, len(rs))
		for j, r := range rs {
			each[j] = fmt.Sprintf("%.2f×", r)
		}
		fmt.Printf("| %s | %s | %.2f× |\n", names[i], strings.Join(each, ", "), median(rs))
	}
}

// median is the middle of values (the mean of the two middle ones).
func median(values []float64) float64 {
	s := slices.Clone(values)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
