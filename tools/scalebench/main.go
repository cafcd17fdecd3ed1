// Command scalebench measures what the pages and lists cost as the data
// stored grows: for a new user and for one with 1×, 10× and 100× the
// data (10 models of 50 versions, 10 poles and 10 projects at 1×, so
// 1,000 models, 50,000 versions, 1,000 poles and 1,000 projects at
// 100×), each on a fresh explorer binary served as a subprocess on
// loopback (SQLite), it asks each page and list in turn, beside GET
// /healthz, and reports the server's CPU per request (utime+stime of
// /proc/PID/stat around the requests), the median latency, and the
// ratios of 10× and 100× to 1× and of 100× to a new user. The data is
// written into the served database directly (explorer/store), as many
// saves over time would leave it.
//
//	make bin/scalebench && bin/scalebench -bin bin/explorer [-requests 200]
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"explorer/internal/client"
	"explorer/tools/internal/load"
)

const password = "scalebench-Admin-7c2q"

func main() {
	bin := flag.String("bin", "bin/explorer", "the explorer binary")
	n := flag.Int("requests", 200, "requests of each page at each scale")
	flag.Parse()
	if err := run(*bin, *n); err != nil {
		fmt.Fprintln(os.Stderr, "scalebench:", err)
		os.Exit(1)
	}
}

// target is a page or list measured; %d in path is the id of a model of
// 50 versions (absent for a new user).
type target struct {
	name, path string
}

var targets = []target{
	{"GET /healthz", "/healthz"},
	{"home page", "/"},
	{"models page", "/models"},
	{"models page, searched", "/models?q=model+7"},
	{"GET /v1/models?limit=50", "/v1/models?limit=50"},
	{"poles page", "/poles"},
	{"poles page, searched", "/poles?q=pole+7"},
	{"GET /v1/poles?limit=50", "/v1/poles?limit=50"},
	{"projects page", "/projects"},
	{"projects page, searched", "/projects?q=project+7"},
	{"model page", "/models/%d"},
	{"versions page", "/models/%d/versions"},
	{"GET /v1/models/{id}/versions?limit=50", "/v1/models/%d/versions?limit=50"},
}

// scales are the multiples of the 1× data; 0 is a new user.
var scales = []int{0, 1, 10, 100}

func run(bin string, n int) error {
	cpu := map[int][]float64{}
	p50 := map[int][]float64{}
	for _, k := range scales {
		c, p, err := measureScale(bin, k, n)
		if err != nil {
			return fmt.Errorf("scale %d×: %w", k, err)
		}
		cpu[k], p50[k] = c, p
	}
	fmt.Printf("## Pages and lists by stored data (%s, SQLite, one client, loopback, %d requests each)\n\n", time.Now().UTC().Format(time.DateOnly), n)
	fmt.Println("Server CPU µs per request (p50 ms); 1× = 10 models, 500 versions, 10 poles, 10 projects.")
	fmt.Println()
	fmt.Println("| page or list | new user | 1× | 10× | 100× | 10×/1× | 100×/1× | 100×/new |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for i, t := range targets {
		cell := func(k int) string {
			if cpu[k][i] < 0 {
				return "–"
			}
			return fmt.Sprintf("%.0f (%.2f)", cpu[k][i], p50[k][i])
		}
		ratio := func(a, b int) string {
			if cpu[a][i] < 0 || cpu[b][i] <= 0 {
				return "–"
			}
			return fmt.Sprintf("%.2f", cpu[a][i]/cpu[b][i])
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", t.name, cell(0), cell(1), cell(10), cell(100), ratio(10, 1), ratio(100, 1), ratio(100, 0))
	}
	return nil
}

// measureScale serves a fresh database holding k× the data of the
// admin, and measures every target: CPU µs and p50 ms per request, -1
// where the target needs a model and there is none.
func measureScale(bin string, k, n int) (cpu, p50 []float64, err error) {
	srv, err := load.StartServer(bin, "", password)
	if err != nil {
		return nil, nil, err
	}
	defer srv.Stop()
	model, err := seed(srv.DataDir(), k)
	if err != nil {
		return nil, nil, err
	}
	admin := client.NewClient(srv.Base, "admin", password, nil)
	if err := admin.SignIn(); err != nil {
		return nil, nil, err
	}
	for _, t := range targets {
		if strings.Contains(t.path, "%d") && model == 0 {
			cpu, p50 = append(cpu, -1), append(p50, -1)
			continue
		}
		path := t.path
		if strings.Contains(path, "%d") {
			path = fmt.Sprintf(path, model)
		}
		c, p, err := measure(admin.HC, srv, path, n)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", t.name, err)
		}
		cpu, p50 = append(cpu, c), append(p50, p)
	}
	return cpu, p50, nil
}

// measure asks path n times (after three to warm up) with the admin's
// session and Basic credentials, and returns the server's CPU µs and the
// median ms per request.
func measure(hc *http.Client, srv *load.Server, path string, n int) (float64, float64, error) {
	get := func() error {
		req, err := http.NewRequest("GET", srv.Base+path, nil)
		if err != nil {
			return err
		}
		if strings.HasPrefix(path, "/v1/") {
			req.SetBasicAuth("admin", password)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	for range 3 {
		if err := get(); err != nil {
			return 0, 0, err
		}
	}
	cpu0, err := load.ProcCPU(srv.PID())
	if err != nil {
		return 0, 0, err
	}
	times := make([]time.Duration, 0, n)
	for range n {
		start := time.Now()
		if err := get(); err != nil {
			return 0, 0, err
		}
		times = append(times, time.Since(start))
	}
	cpu1, err := load.ProcCPU(srv.PID())
	if err != nil {
		return 0, 0, err
	}
	slices.Sort(times)
	return float64((cpu1 - cpu0).Microseconds()) / float64(n), float64(times[n/2].Microseconds()) / 1000, nil
}
