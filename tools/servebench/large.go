package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// largeUpload is the upload limit the large run gives the server: the
// generated file is past the default 20 MiB (--max-upload; the text
// budget of one import, --max-import-text, follows it at 8 ×). The rows
// stay within the default --max-rows, 1,000,000.
const largeUpload = "512MiB"

// jobSeen is what polling a job saw: its distinct progress values in
// order, and its end.
type jobSeen struct {
	progress []float64
	state    string
	errText  string
	wall     time.Duration
	cpu      time.Duration
	// accepted is how long the 202 took (an import's upload with it),
	// polls how many GETs of the job were sent, pollMax the slowest.
	accepted, pollMax time.Duration
	polls             int
}

// runLarge imports c.large generated reviews through POST /v1/projects
// and explores them, both with "Prefer: respond-async", polling
// /v1/jobs/{id} every 250 ms, while /healthz is timed every 200 ms; it
// prints what the progress went through, the times, the server's peak
// resident memory and /healthz's latency during the run.
func runLarge(c config) error {
	data, err := os.MkdirTemp("", "servebench-large-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	t0 := time.Now()
	csv := feedbackCSV(c.large)
	fmt.Printf("## A large project through the API (%s): %d generated reviews, %.0f MB of CSV (made in %.1f s)\n\n",
		time.Now().UTC().Format(time.DateOnly), c.large, float64(len(csv))/(1<<20), time.Since(t0).Seconds())
	srv, _, err := startServer(c.bin, data, []string{"--max-upload", largeUpload})
	if err != nil {
		return err
	}
	defer srv.stop()
	cl, _ := newClient(srv)
	cl.http.Timeout = 30 * time.Minute
	if err := cl.buyCredits("admin", c.large); err != nil {
		return err
	}
	probe := startHealthProbe(srv, cl.http)
	imp, id, err := cl.asyncImport(csv)
	if err != nil {
		return err
	}
	csv = nil
	exp := jobSeen{state: "not run"}
	if imp.state == "done" {
		exp, err = cl.asyncJob("POST", fmt.Sprintf("/v1/projects/%d/explore?column=review", id))
		if err != nil {
			return err
		}
	}
	health := probe.stop()
	fmt.Printf("| step | state | wall s | 202 after s | server CPU s | polls | slowest poll ms | progress values seen | first … last |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range []struct {
		name string
		s    jobSeen
	}{{"import (POST /v1/projects)", imp}, {"explore (POST …/explore)", exp}} {
		fmt.Printf("| %s | %s%s | %.1f | %.1f | %.1f | %d | %.0f | %d | %s |\n", r.name, r.s.state, r.s.errText, r.s.wall.Seconds(),
			r.s.accepted.Seconds(), r.s.cpu.Seconds(), r.s.polls, float64(r.s.pollMax.Microseconds())/1000, len(r.s.progress), progressSummary(r.s.progress))
	}
	fmt.Printf("\n- total %.1f s; server peak resident %.0f MB (VmHWM)\n", (imp.wall + exp.wall).Seconds(), float64(srv.peakRSS())/(1<<20))
	fmt.Printf("- /healthz during the run: %d probes, p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d failed\n",
		len(health.ms), pct(health.ms, 50), pct(health.ms, 99), pct(health.ms, 100), health.failed)
	if exp.state != "done" {
		return fmt.Errorf("the explore ended %s%s", exp.state, exp.errText)
	}
	return nil
}

// buyCredits buys user enough credits to import rows (an import uses
// one a row and is refused, 402, when the balance cannot pay it).
func (c *client) buyCredits(user string, rows int) error {
	return c.doAs(user, "POST", "/v1/account/credits", map[string]int{"quantity": min(rows+1000, 1_000_000)}, nil)
}

// asyncImport uploads csv as a project of the admin with "Prefer:
// respond-async" and follows its job.
func (c *client) asyncImport(csv []byte) (jobSeen, int64, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "reviews.csv")
	if err != nil {
		return jobSeen{}, 0, err
	}
	fw.Write(csv)
	mw.WriteField("title", "large")
	mw.Close()
	req, _ := http.NewRequest("POST", c.srv.base+"/v1/projects", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.follow(req)
}

// asyncJob sends an operation with "Prefer: respond-async" and follows
// its job.
func (c *client) asyncJob(method, path string) (jobSeen, error) {
	req, _ := http.NewRequest(method, c.srv.base+path, nil)
	s, _, err := c.follow(req)
	return s, err
}

// jobAnswer is a job as GET /v1/jobs/{id} answers it.
type jobAnswer struct {
	ID        int64   `json:"id"`
	State     string  `json:"state"`
	Progress  float64 `json:"progress"`
	ProjectID int64   `json:"projectId"`
	Error     *string `json:"error"`
}

// follow sends req asking for an asynchronous answer (202 and the job's
// Location), then polls the job every 250 ms until it ends.
func (c *client) follow(req *http.Request) (jobSeen, int64, error) {
	req.SetBasicAuth("admin", adminPassword)
	req.Header.Set("Prefer", "respond-async")
	cpu0, _ := c.srv.cpu()
	began := time.Now()
	r, err := c.http.Do(req)
	if err != nil {
		return jobSeen{}, 0, err
	}
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	loc := r.Header.Get("Location")
	if r.StatusCode != http.StatusAccepted || !strings.HasPrefix(loc, "/v1/jobs/") {
		return jobSeen{}, 0, fmt.Errorf("%s %s: %d %.300s (Location %q)", req.Method, req.URL.Path, r.StatusCode, b, loc)
	}
	seen := jobSeen{accepted: time.Since(began)}
	var j jobAnswer
	for {
		sent := time.Now()
		if err := c.do("GET", loc, nil, &j); err != nil {
			return seen, 0, err
		}
		seen.polls++
		seen.pollMax = max(seen.pollMax, time.Since(sent))
		if n := len(seen.progress); n == 0 || seen.progress[n-1] != j.Progress {
			seen.progress = append(seen.progress, j.Progress)
		}
		if j.State != "queued" && j.State != "running" {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	seen.wall = time.Since(began)
	cpu1, _ := c.srv.cpu()
	seen.cpu, seen.state = cpu1-cpu0, j.State
	if j.Error != nil {
		seen.errText = ": " + *j.Error
	}
	return seen, j.ProjectID, nil
}

// progressSummary shows progress values as percentages: all of them when
// few, else the first five, the last two and whether they only rose.
func progressSummary(p []float64) string {
	f := func(list []float64) string {
		var out []string
		for _, v := range list {
			out = append(out, strconv.FormatFloat(v*100, 'f', 1, 64)+"%")
		}
		return strings.Join(out, ", ")
	}
	rising := "rising"
	for i := 1; i < len(p); i++ {
		if p[i] < p[i-1] {
			rising = "NOT always rising"
		}
	}
	if len(p) <= 8 {
		return f(p) + " (" + rising + ")"
	}
	return f(p[:5]) + " … " + f(p[len(p)-2:]) + " (" + rising + ")"
}

// healthProbe times GET /healthz every 200 ms until stopped.
type healthProbe struct {
	quit   chan struct{}
	wg     sync.WaitGroup
	ms     []float64
	failed int
}

func startHealthProbe(srv *server, hc *http.Client) *healthProbe {
	p := &healthProbe{quit: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-t.C:
			}
			began := time.Now()
			r, err := hc.Get(srv.base + "/healthz")
			if err != nil {
				p.failed++
				continue
			}
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode != http.StatusOK {
				p.failed++
				continue
			}
			p.ms = append(p.ms, float64(time.Since(began).Microseconds())/1000)
		}
	}()
	return p
}

func (p *healthProbe) stop() *healthProbe {
	close(p.quit)
	p.wg.Wait()
	return p
}

// pct is the q-th percentile of ms (100: the largest); 0 when empty.
func pct(ms []float64, q int) float64 {
	if len(ms) == 0 {
		return 0
	}
	s := slices.Clone(ms)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*q/100)]
}

// peakRSS is the server's peak resident memory in bytes (VmHWM).
func (s *server) peakRSS() int64 { return s.status("VmHWM:") }
