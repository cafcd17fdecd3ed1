package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"explorer/internal/client"
)

// jobAttacks are the attacks of long work (issue 31, item 7).
func jobAttacks() []attack {
	return []attack{
		{fmt.Sprintf("four explores by one user (4 × %d rows) vs another user", jobRows), (*runner).fourExplores},
	}
}

// jobRows is the size of each project the four explores read.
const jobRows = 100_000

// jobWords is the vocabulary of the generated texts.
var jobWords = strings.Fields(`the room was clean and the staff friendly but breakfast was cold and the coffee weak
the battery lasts long the screen is bright the camera takes sharp photos the price is high the delivery slow
waiter service menu wine dessert parking noise bed shower pool view location lobby elevator wifi
good great bad terrible nice awful quick rude helpful dirty cheap expensive lovely`)

// jobCSV is a generated project: an id and a text column.
func jobCSV(rows int, seed uint64) []byte {
	rnd := rand.New(rand.NewPCG(seed, 31))
	var b bytes.Buffer
	b.WriteString("id,text\n")
	for i := range rows {
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(",")
		for w := range 8 + rnd.IntN(10) {
			if w > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(jobWords[rnd.IntN(len(jobWords))])
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// fourExplores has one user import four large projects and explore them
// at once (Prefer: respond-async: one runs, three queue), while another
// user reads and writes; the note gives the other user's latencies
// while the jobs ran, and how long the four took.
func (r *runner) fourExplores() (*http.Response, error) {
	worker, victim, err := r.jobUsers()
	if err != nil {
		return nil, err
	}
	var ids []int64
	for i := range 4 {
		id, err := importAs(r.srv.Base, worker, fmt.Sprintf("large %d", i), jobCSV(jobRows, uint64(i)))
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	start := time.Now()
	var jobs []string
	var last *http.Response
	for _, id := range ids {
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/v1/projects/%d/explore", r.srv.Base, id), nil)
		req.Header.Set("Prefer", "respond-async")
		req.SetBasicAuth(worker.User, worker.Password)
		resp, err := worker.HC.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			return resp, fmt.Errorf("explore %d: %d", id, resp.StatusCode)
		}
		jobs, last = append(jobs, resp.Header.Get("Location")), resp
	}
	reads, writes := victimWhile(victim, func() bool { return jobsActive(worker, jobs) })
	took := time.Since(start)
	r.note = fmt.Sprintf("explores took %.1f s; the other user's reads p50 %s p99 %s max %s (%d), writes p50 %s p99 %s max %s (%d)",
		took.Seconds(), pct(reads, 50), pct(reads, 99), pct(reads, 100), len(reads), pct(writes, 50), pct(writes, 99), pct(writes, 100), len(writes))
	return last, nil
}

// jobUsers adds the user who explores and the one who reads and writes.
func (r *runner) jobUsers() (*client.Client, *client.Client, error) {
	var out []*client.Client
	for _, name := range []string{"jobber", "bystander"} {
		pw := name + "-password-1"
		if code, err := r.admin.PostForm("/users", url.Values{"username": {name}, "password": {pw}}); err != nil || code != 200 {
			return nil, nil, fmt.Errorf("adding %s: %d %v", name, code, err)
		}
		out = append(out, client.NewClient(r.srv.Base, name, pw, nil))
	}
	// an import uses a credit a row (402 past the balance): the one who
	// explores buys enough for the four projects
	if code, b, err := out[0].Call("POST", "/v1/account/credits", map[string]int{"quantity": min(4*jobRows+1000, 1_000_000)}); err != nil || code >= 300 {
		return nil, nil, fmt.Errorf("buying credits: %d %.200s %v", code, b, err)
	}
	return out[0], out[1], nil
}

// importAs imports a CSV as c's project (waiting for it) and returns its id.
func importAs(base string, c *client.Client, title string, content []byte) (int64, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "large.csv")
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", base+"/v1/projects?title="+url.QueryEscape(title), &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.SetBasicAuth(c.User, c.Password)
	resp, err := c.HC.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return 0, fmt.Errorf("import: %d %.200s", resp.StatusCode, b.String())
	}
	return client.ID(b.Bytes())
}

// jobsActive tells whether any of the jobs is still queued or running.
func jobsActive(c *client.Client, jobs []string) bool {
	for _, loc := range jobs {
		var j struct {
			State string `json:"state"`
		}
		if err := c.Decode(200, "GET", loc, nil, &j); err != nil {
			return false
		}
		if j.State == "queued" || j.State == "running" {
			return true
		}
	}
	return false
}

// victimWhile reads (GET /v1/models, GET /v1/projects) and writes (PUT
// /v1/account/settings) as c, one request after another, while active,
// and returns the latencies.
func victimWhile(c *client.Client, active func() bool) (reads, writes []time.Duration) {
	var mu sync.Mutex
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tz := []string{"UTC", "Europe/Paris"}
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			t := time.Now()
			path := []string{"/v1/models", "/v1/projects"}[i%2]
			c.Call("GET", path, nil)
			d := time.Since(t)
			if os.Getenv("ATTACK_DEBUG") != "" && d > 50*time.Millisecond {
				fmt.Fprintln(os.Stderr, "slow read", path, d)
			}
			t = time.Now()
			c.Call("PUT", "/v1/account/settings", []map[string]string{{"key": "timezone", "value": tz[i%2]}})
			w := time.Since(t)
			mu.Lock()
			reads, writes = append(reads, d), append(writes, w)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
		}
	}()
	for active() {
		time.Sleep(500 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	return reads, writes
}

// pct is the p-th percentile of ds, in milliseconds.
func pct(ds []time.Duration, p int) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, len(s)*p/100)
	return fmt.Sprintf("%.0f ms", float64(s[i].Microseconds())/1000)
}
