package load

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// opStats are the answers of one operation.
type opStats struct {
	lat    []time.Duration
	status map[string]int // non-2xx answers by status, "transport" for none
}

// Recorder collects answers; each client has its own, merged at the end.
type Recorder struct {
	ops map[string]*opStats
}

// NewRecorder returns an empty recorder.
func NewRecorder() *Recorder { return &Recorder{ops: map[string]*opStats{}} }

func (r *Recorder) add(op string, d time.Duration, code int, err error) {
	s := r.ops[op]
	if s == nil {
		s = &opStats{status: map[string]int{}}
		r.ops[op] = s
	}
	s.lat = append(s.lat, d)
	switch {
	case err != nil:
		s.status["transport"]++
	case code < 200 || code > 299:
		s.status[strconv.Itoa(code)]++
	}
}

// merge adds o's answers to r.
func (r *Recorder) merge(o *Recorder) {
	for name, s := range o.ops {
		t := r.ops[name]
		if t == nil {
			t = &opStats{status: map[string]int{}}
			r.ops[name] = t
		}
		t.lat = append(t.lat, s.lat...)
		for k, n := range s.status {
			t.status[k] += n
		}
	}
}

// Totals are the run's figures over every operation.
type Totals struct {
	Requests, Errors, ServerErrors int
	PerSecond                      float64
	P50, P99                       time.Duration
}

// Totals sums the operations over the elapsed time.
func (r *Recorder) Totals(elapsed time.Duration) Totals {
	var all []time.Duration
	var t Totals
	for _, s := range r.ops {
		all = append(all, s.lat...)
		for k, n := range s.status {
			t.Errors += n
			if strings.HasPrefix(k, "5") {
				t.ServerErrors += n
			}
		}
	}
	t.Requests = len(all)
	t.PerSecond = float64(len(all)) / elapsed.Seconds()
	t.P50, t.P99 = percentiles(all)
	return t
}

func percentiles(d []time.Duration) (p50, p99 time.Duration) {
	if len(d) == 0 {
		return 0, 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)*50/100], d[min(len(d)-1, len(d)*99/100)]
}

// Write prints one line per operation and the totals.
func (r *Recorder) Write(w io.Writer, elapsed time.Duration) {
	names := make([]string, 0, len(r.ops))
	for n := range r.ops {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%-22s %9s %8s %9s %9s  %s\n", "operation", "requests", "per s", "p50", "p99", "errors by status")
	for _, n := range names {
		s := r.ops[n]
		p50, p99 := percentiles(s.lat)
		fmt.Fprintf(w, "%-22s %9d %8.1f %9s %9s  %s\n", n, len(s.lat), float64(len(s.lat))/elapsed.Seconds(), round(p50), round(p99), statusText(s.status))
	}
	t := r.Totals(elapsed)
	fmt.Fprintf(w, "%-22s %9d %8.1f %9s %9s  %d errors, %d 5xx\n", "total", t.Requests, t.PerSecond, round(t.P50), round(t.P99), t.Errors, t.ServerErrors)
}

func statusText(m map[string]int) string {
	if len(m) == 0 {
		return "-"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
