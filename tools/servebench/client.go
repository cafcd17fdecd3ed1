package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// client sends the benchmark's requests as admin, on keep-alive
// connections, reading every answer in full.
type client struct {
	srv  *server
	http *http.Client
}

func newClient(srv *server) (*client, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	return &client{srv: srv, http: &http.Client{Transport: tr, Timeout: time.Minute}}, nil
}

func (c *client) do(method, path string, body any, out any) error {
	return c.doAs("admin", method, path, body, out)
}

// doAs sends a request as user (the admin, or one of the users added by
// addUsers, who share its password).
func (c *client) doAs(user, method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.srv.base+path, rd)
	req.SetBasicAuth(user, adminPassword)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	r, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if r.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %.300s", method, path, r.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

type part struct {
	Term   string  `json:"term"`
	Weight float64 `json:"weight"`
}

// pole creates a pole of n terms in lang: the seed terms, then as many of
// their suggestions as it takes (related words, as a person picks them),
// appended at most 100 at a time. Each round's terms weigh more than the
// last's, so that the next round grows from them: a suggestion for a
// large pole is computed from its strongest terms.
func (c *client) pole(lang string, seed []string, n int) (int64, error) {
	var parts []part
	for _, t := range seed {
		parts = append(parts, part{t, 1})
	}
	var p struct {
		ID int64 `json:"id"`
	}
	body := map[string]any{"name": fmt.Sprintf("%s %d", lang, n), "language": lang, "parts": parts}
	if err := c.do("POST", "/v1/poles", body, &p); err != nil {
		return 0, err
	}
	for round, have := 2, len(parts); have < n; round++ {
		var s struct {
			Suggestions []struct {
				Term string `json:"term"`
			} `json:"suggestions"`
		}
		if err := c.do("GET", fmt.Sprintf("/v1/poles/%d/suggest?limit=%d", p.ID, min(n-have, 100)), nil, &s); err != nil {
			return 0, err
		}
		if len(s.Suggestions) == 0 {
			return 0, fmt.Errorf("no suggestions to grow the %s pole past %d terms", lang, have)
		}
		var add []part
		for _, x := range s.Suggestions {
			add = append(add, part{x.Term, float64(round)})
		}
		have += len(add)
		body["parts"] = add
		if err := c.do("PUT", fmt.Sprintf("/v1/poles/%d?clearContents=false", p.ID), body, nil); err != nil {
			return 0, err
		}
	}
	return p.ID, nil
}

// copyPole gives user a copy of the admin's pole id, and answers the
// copy's id: users suggest on their own poles.
func (c *client) copyPole(id int64, user string) (int64, error) {
	var p map[string]any
	if err := c.do("GET", fmt.Sprintf("/v1/poles/%d", id), nil, &p); err != nil {
		return 0, err
	}
	var cp struct {
		ID int64 `json:"id"`
	}
	err := c.doAs(user, "POST", "/v1/poles", p, &cp)
	return cp.ID, err
}

// result is one phase's figures.
type result struct {
	n                    int
	rate                 float64
	p50, p99, max, cpuMS float64
	// dbMS is PostgreSQL's CPU per request (0 on SQLite).
	dbMS      float64
	healthP50 float64
}

// load sends GET path from clients goroutines: requests in all with one
// client, else for duration. Client g asks as users[g % len(users)] for
// its path (the users' own copies of a pole: a user has at most a few
// suggestions computed at once). A /healthz probe runs beside, one
// request every 10 ms.
func (c *client) load(users, paths []string, clients, requests int, duration time.Duration) (result, error) {
	var (
		mu    sync.Mutex
		times []time.Duration
		first error
		wg    sync.WaitGroup
	)
	stopHealth, healthDone := make(chan struct{}), make(chan struct{})
	var health []time.Duration
	go func() {
		defer close(healthDone)
		for {
			select {
			case <-stopHealth:
				return
			case <-time.After(10 * time.Millisecond):
			}
			t := time.Now()
			if c.do("GET", "/healthz", nil, nil) == nil {
				health = append(health, time.Since(t))
			}
		}
	}()
	cpu0, err := c.srv.cpu()
	if err != nil {
		return result{}, err
	}
	db0 := c.srv.dbCPU()
	began := time.Now()
	deadline := began.Add(duration)
	for g := 0; g < clients; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				if clients == 1 && i == requests || clients > 1 && time.Now().After(deadline) || i > 1_000_000 {
					return
				}
				t := time.Now()
				err := c.doAs(users[g%len(users)], "GET", paths[g%len(paths)], nil, nil)
				d := time.Since(t)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				times = append(times, d)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(began)
	cpu1, _ := c.srv.cpu()
	db1 := c.srv.dbCPU()
	close(stopHealth)
	<-healthDone
	if first != nil {
		return result{}, first
	}
	slices.Sort(times)
	slices.Sort(health)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	r := result{
		n: len(times), rate: float64(len(times)) / elapsed.Seconds(),
		p50: ms(times[len(times)/2]), p99: ms(times[len(times)*99/100]), max: ms(times[len(times)-1]),
		cpuMS: ms(cpu1-cpu0) / float64(len(times)),
		dbMS:  ms(db1-db0) / float64(len(times)),
	}
	if len(health) > 0 {
		r.healthP50 = ms(health[len(health)/2])
	}
	return r, nil
}
