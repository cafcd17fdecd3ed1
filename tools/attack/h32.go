package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"explorer/internal/client"
)

// h32Attacks are the attacks of issue 32 (hardening, round three).
func h32Attacks() []attack {
	return []attack{
		{"taken session turns the second factor on, no password", (*runner).factorWithoutPassword},
		{"Basic as ADMIN, ' admin', cli, system: users and actors", (*runner).lookAlikeNames},
		{"2,000 page sign-ins of one user: records, growth", (*runner).signInRows},
		{"20 clients guess passwords 5 s: p50 of a signed-in user", (*runner).passwordFlood},
		{"idle flood 40 × 256 reopened: signed-in success, 15 s", (*runner).fairConnections},
		{"no-cors POST share, no Content-Type, cached Basic", func(r *runner) (*http.Response, error) {
			return r.raw("POST", fmt.Sprintf("/v1/models/%d/share?userId=admin", r.model), "", nil, false,
				map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"})
		}},
	}
}

// pagePost posts a form of the signed-in page client, with its CSRF
// token, and answers the response unread.
func (r *runner) pagePost(path string, form url.Values) (*http.Response, error) {
	form.Set("_csrf", r.page.CSRF())
	req, _ := http.NewRequest("POST", r.srv.Base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r.page.HC.Do(req)
}

// factorWithoutPassword is someone holding mallory's session cookie: it
// starts a second factor and tries to turn it on without the password
// (a code is not even needed to see the refusal).
func (r *runner) factorWithoutPassword() (*http.Response, error) {
	resp, err := r.pagePost("/account/2fa/setup", url.Values{})
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return r.pagePost("/account/2fa/confirm", url.Values{"password": {"guessed-password"}, "code": {"123456"}})
}

// lookAlikeNames signs in with Basic as names that look like admin or
// like the audit log's own actors, wrong passwords each, then counts, as
// the admin, the users and the actors of the refusals.
func (r *runner) lookAlikeNames() (*http.Response, error) {
	// From an address of its own: the rows before it used up the
	// per-address throttle of 127.0.0.1, and a 429 records nothing.
	hc := clientFrom("127.0.5.1")
	for _, name := range []string{"ADMIN", " admin", "Admin", "cli", "system", "SYSTEM"} {
		req, _ := http.NewRequest("GET", r.srv.Base+"/v1/account", nil)
		req.SetBasicAuth(name, "wrong-password")
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	admin := client.NewClient(r.srv.Base, "admin", ownAdminPW, nil)
	var events []struct{ Actor string }
	if err := admin.Decode(200, "GET", "/v1/admin/audit?action=signin.password&outcome=failure&limit=1000", nil, &events); err != nil {
		return nil, err
	}
	actors := map[string]int{}
	for _, e := range events {
		actors[e.Actor]++
	}
	r.note = fmt.Sprintf("records under cli: %d, system: %d, ADMIN: %d, admin: %d", actors["cli"], actors["system"], actors["ADMIN"], actors["admin"])
	req, _ := http.NewRequest("GET", r.srv.Base+"/v1/account", nil)
	req.SetBasicAuth(" ADMIN ", ownAdminPW)
	return hc.Do(req)
}

// clientFrom is an HTTP client whose connections come from the loopback
// address from.
func clientFrom(from string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 30 * time.Second}
}

// signInRows signs mallory in on the page 1,000 times, then counts the
// records of her accepted sign-ins as the admin, and checks that her
// first session of the run has ended (sessions are capped).
func (r *runner) signInRows() (*http.Response, error) {
	first := client.NewClient(r.srv.Base, r.user.User, r.user.Password, nil)
	if err := first.SignIn(); err != nil {
		return nil, err
	}
	// Two thousands: the first grows the tables to their budget (the
	// sessions' cap, the hour's folded record), the second shows what a
	// flood keeps adding then.
	var sizes [3]int64
	for k := range 3 {
		sizes[k], _ = sqliteBytes(r.srv.DataDir())
		if k == 2 {
			break
		}
		for range 1000 {
			c := client.NewClient(r.srv.Base, r.user.User, r.user.Password, nil)
			if err := c.SignIn(); err != nil {
				return nil, err
			}
		}
	}
	admin := client.NewClient(r.srv.Base, "admin", ownAdminPW, nil)
	var events []struct{ Count int64 }
	if err := admin.Decode(200, "GET", "/v1/admin/audit?action=signin.password&outcome=success&user="+r.user.User+"&limit=1000", nil, &events); err != nil {
		return nil, err
	}
	var total int64
	for _, e := range events {
		total += e.Count
	}
	req, _ := http.NewRequest("GET", r.srv.Base+"/account", nil)
	u, _ := url.Parse(r.srv.Base + "/")
	for _, ck := range first.HC.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	_, wal := sqliteBytes(r.srv.DataDir())
	r.note = fmt.Sprintf("%d records hold %d sign-ins; database +%d kB over the first 1,000, +%d kB over the next, WAL %d kB; the run's first session: %d %s",
		len(events), total, (sizes[1]-sizes[0])/1024, (sizes[2]-sizes[1])/1024, wal/1024, resp.StatusCode, resp.Header.Get("Location"))
	if err := r.page.SignIn(); err != nil { // the runner's own session ended too
		return nil, err
	}
	return r.raw("GET", "/v1/account", "", nil, false, nil)
}

// sqliteBytes is the size of the SQLite database of a data directory
// and of its write-ahead log. The log is written again from its start at
// each checkpoint (every 1,000 pages), so it is bounded; the database
// file is what a flood of writes keeps.
func sqliteBytes(data string) (db, wal int64) {
	size := func(f string) int64 {
		if st, err := os.Stat(filepath.Join(data, f)); err == nil {
			return st.Size()
		}
		return 0
	}
	return size("explorer.db"), size("explorer.db-wal")
}

// passwordFlood sends wrong Basic passwords for 20 names from 20
// goroutines for 5 seconds while mallory (a verified, cached credential)
// lists her models every 50 ms; the note gives her p50 and the flood's
// answers. Each client comes from an address of its own (127.0.6.N), as
// in the 20 addresses: the per-address throttle lets each some
// guesses a minute, and the pool bounds the hashing of those.
func (r *runner) passwordFlood() (*http.Response, error) {
	stop := time.Now().Add(5 * time.Second)
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for w := range 20 {
		wg.Add(1)
		hc := clientFrom(fmt.Sprintf("127.0.6.%d", w+1))
		go func() {
			defer wg.Done()
			for i := 0; time.Now().Before(stop); i++ {
				req, _ := http.NewRequest("GET", r.srv.Base+"/v1/models", nil)
				req.SetBasicAuth(fmt.Sprintf("flood-user-%d", w), fmt.Sprintf("guess-%d", i))
				resp, err := hc.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	var took []time.Duration
	for time.Now().Before(stop) {
		start := time.Now()
		resp, err := r.raw("GET", "/v1/models", "", nil, false, nil)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			took = append(took, time.Since(start))
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	slices.Sort(took)
	p50 := time.Duration(0)
	if len(took) > 0 {
		p50 = took[len(took)/2]
	}
	r.note = fmt.Sprintf("mallory p50 %v over %d requests; flood 401: %d, 429: %d", p50.Round(time.Microsecond), len(took), codes[401], codes[429])
	return r.raw("GET", "/v1/account", "", nil, false, nil)
}

// fairConnections holds 40 addresses × 256 idle connections (past the
// default 10,000 total), reopening what the server closes every 2 s,
// while mallory sends a request every 100 ms over a new connection each
// (the worst case: none is kept alive). The note gives her success rate
// and what the flood held.
func (r *runner) fairConnections() (*http.Response, error) {
	addr := strings.TrimPrefix(r.srv.Base, "http://")
	from := func(i int) string { return fmt.Sprintf("127.0.4.%d", i+1) }
	flood := make([][]net.Conn, 40)
	defer func() {
		for _, c := range flood {
			closeIdle(c)
		}
	}()
	refill := func() {
		alive := liveConns(flood)
		for i := range flood {
			more, _ := openIdle(addr, from(i), 256-len(alive[i]))
			flood[i] = append(alive[i], more...)
		}
	}
	refill()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	ok, tries := 0, 0
	stop := time.Now().Add(15 * time.Second)
	next := time.Now().Add(2 * time.Second)
	for time.Now().Before(stop) {
		req, _ := http.NewRequest("GET", r.srv.Base+"/v1/models", nil)
		req.SetBasicAuth(r.user.User, r.user.Password)
		tries++
		if resp, err := client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 {
				ok++
			}
		}
		if time.Now().After(next) {
			refill()
			next = time.Now().Add(2 * time.Second)
		}
		time.Sleep(100 * time.Millisecond)
	}
	total := 0
	for _, c := range flood {
		total += len(c)
	}
	r.note = fmt.Sprintf("mallory served %d of %d over new connections; the flood held %d", ok, tries, total)
	return r.raw("GET", "/v1/account", "", nil, false, nil)
}

// liveConns keeps, per group, the connections the server still holds
// (looked at all at once, as held does) and closes the others.
func liveConns(groups [][]net.Conn) [][]net.Conn {
	deadline := time.Now().Add(500 * time.Millisecond)
	out := make([][]net.Conn, len(groups))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, g := range groups {
		for _, c := range g {
			wg.Go(func() {
				c.SetReadDeadline(deadline)
				_, err := c.Read(make([]byte, 1))
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					mu.Lock()
					out[i] = append(out[i], c)
					mu.Unlock()
					return
				}
				c.Close()
			})
		}
	}
	wg.Wait()
	return out
}
