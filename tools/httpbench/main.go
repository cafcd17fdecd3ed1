// Command httpbench measures what answers weigh on the wire and cost the
// server: it starts the explorer binary as a subprocess on loopback,
// creates a 300-topic model (30 groups × 10 topics × 10 terms) and asks,
// in one run and one client after the other, GET /healthz, the model
// without compression, with gzip, brotli and zstd, the model again with
// If-None-Match (304), a model answer built and encoded (each request
// asks a model uploaded just before and never asked, as after a change:
// its version is in the server's version cache, as a writer leaves it,
// but its answer was never encoded or compressed), and htmx by its
// fingerprinted URL (compressed) and its plain one (as it was sent
// before). It prints the 304's CPU as a ratio to the cached answers and
// to the built ones. It reports the bytes read from
// the connection per request (status line, headers and body), the body's
// bytes, the server's CPU per request (utime+stime of /proc/PID/stat
// around the requests) and the median latency, and apart the CPU of the
// two answers that warm each phase up (with the strong compression a
// tagged answer gets once, in the background). It sends traffic to
// 127.0.0.1 only and stops the server at the end.
//
//	make bin/httpbench && bin/httpbench -bin bin/explorer [-requests 1000]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"time"

	"explorer/internal/client"
	"explorer/tools/internal/load"
)

func main() {
	bin := flag.String("bin", "bin/explorer", "the explorer binary")
	n := flag.Int("requests", 1000, "requests of each phase")
	flag.Parse()
	if err := run(*bin, *n); err != nil {
		fmt.Fprintln(os.Stderr, "httpbench:", err)
		os.Exit(1)
	}
}

const password = "httpbench-Admin-9f3k"

// phase is one kind of request measured.
type phase struct {
	name, path string
	header     map[string]string
	status     int
	// heavy phases (the model page) send a tenth of the requests.
	heavy bool
	// fresh phases ask a new model each request (paths, made by run).
	fresh bool
	paths []string
}

func run(bin string, n int) error {
	srv, err := load.StartServer(bin, "", password)
	if err != nil {
		return err
	}
	defer srv.Stop()
	wire := &load.Wire{}
	transport := &http.Transport{
		DisableCompression: true, // the Accept-Encoding of each phase is sent as it is
		DialContext:        wire.Dial,
	}
	// The admin's client, signed in on the pages (its cookie jar keeps the
	// session); the JSON requests carry Basic credentials.
	admin := client.NewClient(srv.Base, "admin", password, transport)
	if err := admin.SignIn(); err != nil {
		return err
	}
	hc := admin.HC
	id, err := createModel(srv.Base)
	if err != nil {
		return err
	}
	model := fmt.Sprintf("/v1/models/%d", id)
	etag, htmx, err := discover(hc, srv.Base, model)
	if err != nil {
		return err
	}
	phases := []phase{
		{"GET /healthz", "/healthz", nil, 200, false, false, nil},
		{"model, identity", model, nil, 200, false, false, nil},
		{"model, gzip", model, map[string]string{"Accept-Encoding": "gzip"}, 200, false, false, nil},
		{"model, br", model, map[string]string{"Accept-Encoding": "br"}, 200, false, false, nil},
		{"model, zstd", model, map[string]string{"Accept-Encoding": "zstd"}, 200, false, false, nil},
		{name: "model, If-None-Match (304)", path: model, header: map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd", "If-None-Match": etag}, status: 304},
		{name: "model, identity, built and encoded (a new model each)", status: 200, fresh: true},
		{name: "model, browser (zstd), built and encoded (a new model each)", header: map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}, status: 200, fresh: true},
		{"model page (HTML), identity", fmt.Sprintf("/models/%d", id), nil, 200, true, false, nil},
		{"model page (HTML), gzip", fmt.Sprintf("/models/%d", id), map[string]string{"Accept-Encoding": "gzip"}, 200, true, false, nil},
		{"model page (HTML), browser (zstd)", fmt.Sprintf("/models/%d", id), map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}, 200, true, false, nil},
		{"htmx, plain URL, identity", "/assets/js/htmx.min.js", nil, 200, false, false, nil},
		{"htmx, fingerprinted, gzip", htmx, map[string]string{"Accept-Encoding": "gzip"}, 200, false, false, nil},
		{"htmx, fingerprinted, br", htmx, map[string]string{"Accept-Encoding": "br"}, 200, false, false, nil},
		{"htmx, fingerprinted, browser (zstd)", htmx, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}, 200, false, false, nil},
	}
	fmt.Printf("## Speed and weight on the wire (%s, one client, loopback)\n\n", time.Now().UTC().Format(time.DateOnly))
	fmt.Println("| request | requests | wire bytes/req | body bytes | server CPU µs/req | p50 ms | first two, CPU ms |")
	fmt.Println("|---|---|---|---|---|---|---|")
	cpu := map[string]float64{}
	for _, p := range phases {
		k := n
		if p.heavy {
			k = max(n/10, 10)
		}
		if p.fresh {
			// A model uploaded for each request (deleted after the phase):
			// at most 900 (the admin may own 1,000; the uploads take a
			// while), enough for the CPU clock's 10 ms ticks.
			k = min(n, 900)
			if p.paths, err = freshModels(srv.Base, k+2); err != nil {
				return err
			}
		}
		r, err := measure(hc, srv, wire, p, k)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if err := deleteModels(srv.Base, p.paths); err != nil {
			return err
		}
		cpu[p.name] = r.cpuMicros
		fmt.Printf("| %s | %d | %d | %d | %.0f | %.2f | %.0f |\n", p.name, k, r.wire, r.body, r.cpuMicros, r.p50, r.firstMillis)
	}
	fmt.Println("\nThe 304's server CPU as a ratio to a full answer's (target 0.3×):")
	fmt.Println()
	fmt.Println("| full answer | 304 / full |")
	fmt.Println("|---|---|")
	for _, name := range []string{"model, identity", "model, zstd", "model, identity, built and encoded (a new model each)", "model, browser (zstd), built and encoded (a new model each)"} {
		fmt.Printf("| %s | %.2f× |\n", name, cpu["model, If-None-Match (304)"]/cpu[name])
	}
	return nil
}

// deleteModels deletes the models of paths (the admin may own 1,000).
func deleteModels(base string, paths []string) error {
	cl := client.NewClient(base, "admin", password, nil)
	for _, p := range paths {
		if status, body, err := cl.Call("DELETE", p, nil); err != nil || status != http.StatusNoContent {
			return fmt.Errorf("DELETE %s: %d %s %v", p, status, body, err)
		}
	}
	return nil
}

// freshModels uploads n 300-topic models that no one asked yet and
// returns their paths.
func freshModels(base string, n int) ([]string, error) {
	out := make([]string, n)
	for i := range out {
		id, err := createModel(base)
		if err != nil {
			return nil, err
		}
		out[i] = fmt.Sprintf("/v1/models/%d", id)
	}
	return out, nil
}

// createModel uploads a 300-topic model as the admin and returns its id.
func createModel(base string) (int64, error) {
	cl := client.NewClient(base, "admin", password, nil)
	status, body, err := cl.UploadModel("Bench", load.TopicModelCSV(30, 10, 10))
	if err != nil {
		return 0, err
	}
	if status != http.StatusCreated {
		return 0, fmt.Errorf("upload: %d %s", status, body)
	}
	m := regexp.MustCompile(`"id":\s*(\d+)`).FindSubmatch(body)
	if m == nil {
		return 0, errors.New("upload: no id in the answer")
	}
	return strconv.ParseInt(string(m[1]), 10, 64)
}

// discover reads the model's ETag and htmx's fingerprinted URL (from the
// home page).
func discover(hc *http.Client, base, model string) (etag, htmx string, err error) {
	resp, _, err := get(hc, base+model, nil)
	if err != nil {
		return "", "", err
	}
	etag = resp.Header.Get("ETag")
	_, body, err := get(hc, base+"/", nil)
	if err != nil {
		return "", "", err
	}
	htmx = string(regexp.MustCompile(`/assets/js/htmx\.min\.[0-9a-f]+\.js`).Find(body))
	if etag == "" || htmx == "" {
		return "", "", fmt.Errorf("no ETag (%q) or fingerprinted htmx (%q)", etag, htmx)
	}
	return etag, htmx, nil
}

func get(hc *http.Client, url string, header map[string]string) (*http.Response, []byte, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return nil, nil, err
	}
	req.SetBasicAuth("admin", password)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, body, err
}

type result struct {
	// firstMillis is the CPU of the two answers warming up, with any
	// compression made once for them.
	firstMillis float64
	wire, body  int64
	cpuMicros   float64
	p50         float64
}

// measure sends p n times (after a warm-up) and reads the server's CPU
// and the bytes read around them.
func measure(hc *http.Client, srv *load.Server, wire *load.Wire, p phase, n int) (result, error) {
	url := srv.Base + p.path
	next := 0
	if p.fresh {
		// The warm-up asks the first two, the measured requests the rest.
		url = srv.Base + p.paths[0]
	}
	urlOf := func() string {
		if !p.fresh {
			return url
		}
		next++
		return srv.Base + p.paths[next]
	}
	// Two answers to warm up, half a second apart: a tagged answer is
	// compressed strongly once, in the background, after the first; the
	// CPU of both and of that compression is reported apart.
	warm0, err := load.ProcCPU(srv.PID())
	if err != nil {
		return result{}, err
	}
	for i := range 2 {
		if i > 0 {
			time.Sleep(500 * time.Millisecond)
			url = urlOf()
		}
		if _, _, err := get(hc, url, p.header); err != nil {
			return result{}, err
		}
	}
	cpu0, err := load.ProcCPU(srv.PID())
	if err != nil {
		return result{}, err
	}
	read0 := wire.Read.Load()
	var body int64
	times := make([]time.Duration, 0, n)
	for range n {
		u := urlOf()
		start := time.Now()
		resp, b, err := get(hc, u, p.header)
		if err != nil {
			return result{}, err
		}
		times = append(times, time.Since(start))
		if resp.StatusCode != p.status {
			return result{}, fmt.Errorf("status %d, want %d: %s", resp.StatusCode, p.status, bytes.TrimSpace(b[:min(len(b), 200)]))
		}
		body += int64(len(b))
	}
	cpu1, err := load.ProcCPU(srv.PID())
	if err != nil {
		return result{}, err
	}
	slices.Sort(times)
	return result{
		firstMillis: float64((cpu0 - warm0).Microseconds()) / 1000,
		wire:        (wire.Read.Load() - read0) / int64(n),
		body:        body / int64(n),
		cpuMicros:   float64((cpu1 - cpu0).Microseconds()) / float64(n),
		p50:         float64(times[n/2].Microseconds()) / 1000,
	}, nil
}
