// Package load drives a mixed workload over every resource of a running
// explorer server (started by it, or given on the loopback) with many
// users, and reports requests per second, p50/p99 per operation, errors by
// status and the server's resident memory. tools/load is its command.
package load

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"explorer/internal/client"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// Config bounds a run in time and in count.
type Config struct {
	URL           string // a running server on the loopback; empty: start Bin
	Bin           string
	Database      string // PostgreSQL URL for the started server
	AdminPassword string // the admin's password of the server at URL
	Clients       int    // concurrent clients, one user each
	Duration      time.Duration
	MaxRequests   int64
	// Idle > 0: after the load, the started server's resident memory every
	// 10 s of idle (but /healthz every few seconds) for that long, against
	// its fresh size.
	Idle time.Duration
}

// Run sets up the users and their data, runs the mix and writes the
// report to out.
func Run(cfg Config, out io.Writer) error {
	if cfg.Clients < 1 || cfg.Clients > 1000 || cfg.Duration <= 0 || cfg.Duration > 2*time.Hour || cfg.MaxRequests < 1 {
		return errors.New("give 1 to 1000 clients, a duration up to 2h and a positive request limit")
	}
	base, srv, err := target(&cfg)
	if err != nil {
		return err
	}
	if srv != nil {
		defer srv.Stop()
	}
	var fresh int64
	if srv != nil {
		fresh, _ = srv.RSS()
	}
	transport := &http.Transport{MaxIdleConnsPerHost: cfg.Clients * 2, MaxConnsPerHost: cfg.Clients * 2}
	users, err := setUp(base, cfg, transport)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d clients (one user each) for %s against %s (%s)\n", cfg.Clients, cfg.Duration, base, dbName(cfg))
	var before int64
	if srv != nil {
		before, _ = srv.RSS()
	}
	rec, elapsed := drive(users, cfg)
	rec.Write(out, elapsed)
	if srv != nil {
		after, _ := srv.RSS()
		peak, _ := procStatus(srv.cmd.Process.Pid, "VmHWM")
		fmt.Fprintf(out, "server resident memory: %.1f MiB before, %.1f MiB after (%+.1f MiB), peak %.1f MiB\n",
			mib(before), mib(after), mib(after-before), mib(peak))
		if cfg.Idle > 0 {
			transport.CloseIdleConnections()
			watchIdle(out, srv, fresh, after, cfg.Idle)
		}
	}
	return nil
}

// watchIdle prints the server's resident memory (with its anonymous and
// file-backed parts) every 10 seconds of idle for idle, against its fresh
// size (started, before any request of the load) and its size after the
// load. Meanwhile it asks /healthz every idleProbe, as a monitor would:
// the figure is the one a server under probes keeps, whose probes must
// not count as traffic.
func watchIdle(out io.Writer, srv *Server, fresh, after int64, idle time.Duration) {
	fmt.Fprintf(out, "idle: fresh %.1f MiB, after the load %.1f MiB (%.2f× fresh), /healthz every %s\n",
		mib(fresh), mib(after), float64(after)/float64(fresh), idleProbe)
	probe := time.NewTicker(idleProbe)
	defer probe.Stop()
	report := time.NewTicker(10 * time.Second)
	defer report.Stop()
	hc := &http.Client{Timeout: 5 * time.Second}
	for waited := 10 * time.Second; waited <= idle; {
		select {
		case <-probe.C:
			if resp, err := hc.Get(srv.Base + "/healthz"); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		case <-report.C:
			rss, err := srv.RSS()
			if err != nil {
				fmt.Fprintf(out, "idle %s: %v\n", waited, err)
				return
			}
			fmt.Fprintf(out, "idle %s: %.1f MiB (%.2f× fresh)%s\n", waited, mib(rss), float64(rss)/float64(fresh), rssParts(srv.PID()))
			waited += 10 * time.Second
		}
	}
}

// rssParts is the anonymous and file-backed parts of process pid's
// resident memory (RssAnon and RssFile of /proc/PID/status: the heaps
// against the executable's and libraries' pages), or "" where they are
// not told.
func rssParts(pid int) string {
	anon, err1 := procStatus(pid, "RssAnon")
	file, err2 := procStatus(pid, "RssFile")
	if err1 != nil || err2 != nil {
		return ""
	}
	return fmt.Sprintf(", anonymous %.1f MiB, file %.1f MiB", mib(anon), mib(file))
}

// idleProbe is how often watchIdle asks /healthz.
const idleProbe = 3 * time.Second

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func dbName(cfg Config) string {
	if cfg.URL != "" {
		return "given server"
	}
	if cfg.Database != "" {
		return "PostgreSQL"
	}
	return "SQLite"
}

// target starts the server, or checks the given URL is on the loopback.
func target(cfg *Config) (string, *Server, error) {
	if cfg.URL != "" {
		if cfg.AdminPassword == "" {
			return "", nil, errors.New("--url needs the admin's password (EXPLORER_ADMIN_PASSWORD) to add the load's users")
		}
		base, err := CheckLoopback(cfg.URL)
		return base, nil, err
	}
	cfg.AdminPassword = randomHex(12)
	// Every client of the load comes from the loopback address: the cap
	// per client address would refuse them past 256 connections.
	srv, err := StartServer(cfg.Bin, cfg.Database, cfg.AdminPassword, "--max-conns-per-ip", "0")
	if err != nil {
		return "", nil, err
	}
	return srv.Base, srv, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// setUp adds one user a client through the admin's page, and each user's
// model and pole; then waits until the server is ready (word spaces).
func setUp(base string, cfg Config, transport http.RoundTripper) ([]*user, error) {
	admin := client.NewClient(base, "admin", cfg.AdminPassword, transport)
	if err := admin.SignIn(); err != nil {
		return nil, err
	}
	run := randomHex(3)
	users := make([]*user, cfg.Clients)
	for i := range users {
		name := fmt.Sprintf("load-%s-%d", run, i)
		pw := randomHex(8)
		if code, err := admin.PostForm("/users", url.Values{"username": {name}, "password": {pw}}); err != nil || code != 200 {
			return nil, fmt.Errorf("adding user %s: %d %v", name, code, err)
		}
		users[i] = &user{c: client.NewClient(base, name, pw, transport), partner: fmt.Sprintf("load-%s-%d", run, (i+1)%cfg.Clients),
			lang: poleLanguages[i%len(poleLanguages)]}
	}
	var wg sync.WaitGroup
	errs := make([]error, len(users))
	for i, u := range users {
		wg.Go(func() { errs[i] = u.fixtures() })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	// The word spaces load in the background: wait until /readyz is 200.
	return users, waitOK(base+"/readyz", 2*time.Minute)
}

// fixtures uploads the user's model and creates its pole.
func (u *user) fixtures() error {
	code, b, err := u.c.UploadModel("load model", modelCSV())
	if err != nil || code != 201 {
		return fmt.Errorf("model upload: %d %v %.200s", code, err, b)
	}
	if u.model, err = client.ID(b); err != nil {
		return err
	}
	var p struct{ ID int64 }
	body := map[string]any{"name": "positive", "language": u.lang.code, "parts": []any{map[string]any{"term": u.lang.terms[0], "weight": 1}}}
	if err := u.c.Decode(201, "POST", "/v1/poles", body, &p); err != nil {
		return err
	}
	u.pole = p.ID
	return nil
}

// drive runs one goroutine per user until the duration passes or the
// request limit is reached.
func drive(users []*user, cfg Config) (*Recorder, time.Duration) {
	total := 0
	for _, o := range mix {
		total += o.weight
	}
	var sent atomic.Int64
	recs := make([]*Recorder, len(users))
	start := time.Now()
	deadline := start.Add(cfg.Duration)
	var wg sync.WaitGroup
	for i, u := range users {
		recs[i] = NewRecorder()
		wg.Go(func() {
			rnd := mrand.New(mrand.NewPCG(uint64(i), uint64(start.UnixNano())))
			for time.Now().Before(deadline) && sent.Add(1) <= cfg.MaxRequests {
				o := pick(rnd, total)
				t0 := time.Now()
				code, err := o.run(u, rnd)
				recs[i].add(o.name, time.Since(t0), code, err)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	all := NewRecorder()
	for _, r := range recs {
		all.merge(r)
	}
	return all, elapsed
}
