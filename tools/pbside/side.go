package main

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	"explorer/tools/internal/load"
)

// side is one server of the comparison.
type side struct {
	name string
	pid  int
	hc   *http.Client
	wire *load.Wire
	// get is a GET of the model; write(i) a one-term write of it (term
	// i), answered 200 (or 204, explorer's PUT) when done.
	get   func() (*http.Request, error)
	write func(i int) (*http.Request, error)
	stop  func()
	// binSize is the bytes of the server's binary; rssFresh, rssStart and
	// rssNow its idle resident memory once started (before the model),
	// before the rounds and the last measured.
	binSize                    int64
	rssFresh, rssStart, rssNow int64
}

// newSide is a side whose client counts the bytes it reads and sends the
// Accept-Encoding of each phase as it is.
func newSide(name string, pid int, clients int) *side {
	wire := &load.Wire{}
	tr := &http.Transport{DisableCompression: true, DialContext: wire.Dial, MaxIdleConnsPerHost: clients}
	return &side{name: name, pid: pid, wire: wire, hc: &http.Client{Transport: tr, Timeout: time.Minute}}
}

// phase is one kind of request measured on both sides.
type phase struct {
	name     string
	n        int
	encoding string // the Accept-Encoding sent, if any
	write    bool
}

func phases(c config) []phase {
	return []phase{
		{name: "model GET, plain", n: c.requests},
		{name: "model GET, gzip", n: c.requests, encoding: "gzip"},
		{name: "one-term write", n: c.writes, write: true},
	}
}

// sample is what one phase of one round cost.
type sample struct {
	n       int
	cpu     time.Duration
	elapsed time.Duration
	times   []time.Duration
	wire    int64
	body    int64
	// encoding is the Content-Encoding of the answers ("" when none).
	encoding string
}

// idle waits until the server is quiet and reads its resident memory.
func (s *side) idle() error {
	if err := load.WaitQuiet(s.pid); err != nil {
		return err
	}
	rss, err := load.ProcStatus(s.pid, "VmRSS")
	s.rssNow = rss
	return err
}

// measure sends p.n requests of p from clients clients and answers what
// they cost; round makes each round's written terms new.
func (s *side) measure(p phase, clients, round int) (sample, error) {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		first error
		out   = sample{n: p.n, times: make([]time.Duration, 0, p.n)}
	)
	cpu0, err := load.ProcCPU(s.pid)
	if err != nil {
		return out, err
	}
	wire0 := s.wire.Read.Load()
	began := time.Now()
	for k := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < p.n; i += clients {
				d, body, enc, err := s.one(p, round*p.n+i)
				mu.Lock()
				out.times = append(out.times, d)
				out.body += body
				out.encoding = enc
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	out.elapsed = time.Since(began)
	cpu1, err := load.ProcCPU(s.pid)
	out.cpu = cpu1 - cpu0
	out.wire = s.wire.Read.Load() - wire0
	if first != nil {
		return out, first
	}
	return out, err
}

// one sends request i of p and reads its answer in full: the time it
// took, the body's bytes and its Content-Encoding.
func (s *side) one(p phase, i int) (time.Duration, int64, string, error) {
	var req *http.Request
	var err error
	if p.write {
		req, err = s.write(i)
	} else {
		req, err = s.get()
	}
	if err != nil {
		return 0, 0, "", err
	}
	if p.encoding != "" {
		req.Header.Set("Accept-Encoding", p.encoding)
	}
	start := time.Now()
	resp, err := s.hc.Do(req)
	if err != nil {
		return 0, 0, "", err
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if err == nil && resp.StatusCode != http.StatusOK && !(p.write && resp.StatusCode == http.StatusNoContent) {
		err = fmt.Errorf("%s %s: %d", req.Method, req.URL.Path, resp.StatusCode)
	}
	return d, n, resp.Header.Get("Content-Encoding"), err
}

// tally is a phase's samples over the rounds: their sums, and each
// round's CPU microseconds per request.
type tally struct {
	sample
	rounds []float64
}

func (t *tally) add(s sample) {
	t.rounds = append(t.rounds, float64(s.cpu.Microseconds())/float64(s.n))
	t.n += s.n
	t.cpu += s.cpu
	t.elapsed += s.elapsed
	t.times = append(t.times, s.times...)
	t.wire += s.wire
	t.body += s.body
	t.encoding = s.encoding
}

// cpuMicros is the server's CPU microseconds per request.
func (t *tally) cpuMicros() float64 { return float64(t.cpu.Microseconds()) / float64(t.n) }

// rate is the requests per second over the phases' wall time.
func (t *tally) rate() float64 { return float64(t.n) / t.elapsed.Seconds() }

// percentile is the q-quantile (0 to 1) of the latencies, in ms.
func (t *tally) percentile(q float64) float64 {
	times := slices.Clone(t.times)
	slices.Sort(times)
	return float64(times[int(q*float64(len(times)-1))].Microseconds()) / 1000
}
