package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"explorer/store"
)

// crashKills is how many times the crash test kills the server:
// EXPLORER_CRASH_KILLS (make test-crash sets 20), else 3.
func crashKills(t *testing.T) int {
	if v := os.Getenv("EXPLORER_CRASH_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("EXPLORER_CRASH_KILLS=%q: give a positive count", v)
		}
		return n
	}
	return 3
}

// ackSet is a set of acknowledged writes.
type ackSet struct {
	mu   sync.Mutex
	keys map[string]bool
}

func (s *ackSet) add(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keys == nil {
		s.keys = map[string]bool{}
	}
	s.keys[k] = true
}

func (s *ackSet) list() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.keys))
	for k := range s.keys {
		out = append(out, k)
	}
	return out
}

// crashRun is a server on SQLite under concurrent writes of every kind,
// killed with SIGKILL at random moments and restarted on its address.
type crashRun struct {
	bin, data, addr string
	srv             *server
	owner           *apiClient
	model, pole     int64
	users           []string
	stop            chan struct{}
	wg              sync.WaitGroup

	models, poles, invites, imports ackSet
	creditsTried, creditsAcked      atomic.Int64
	mu                              sync.Mutex
	unexpected                      []string
}

// TestCrashUnderWrites kills the server with SIGKILL at random moments
// while clients update models, append to a pole, buy credits, send
// invitations and import projects; after each kill the database passes
// integrity_check and the server restarts. At the end every acknowledged
// write is there and nothing unacknowledged half-exists (crash_check_test.go).
func TestCrashUnderWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	r := &crashRun{bin: buildBinary(t), data: t.TempDir(), stop: make(chan struct{})}
	r.srv = startServer(t, r.bin, r.data)
	r.addr = r.srv.addr
	r.setUp(t)
	r.startWriters(t)
	kills := crashKills(t)
	for range kills {
		time.Sleep(time.Duration(150+rand.IntN(900)) * time.Millisecond)
		r.kill(t)
	}
	time.Sleep(300 * time.Millisecond)
	close(r.stop)
	r.wg.Wait()
	r.srv.stop(t)
	if err := store.IntegrityCheck(t.Context(), sqlitePath(r.data)); err != nil {
		t.Fatalf("after a clean stop: %v", err)
	}
	r.srv = startServerAt(t, r.bin, r.data, r.addr)
	acked := r.check(t)
	t.Logf("crash run: %d kills, %d acknowledged writes, 0 lost, integrity_check ok after every kill", kills, acked)
}

// setUp adds the users, the model and the pole the writers use.
func (r *crashRun) setUp(t *testing.T) {
	runCLI(t, r.bin, "crash-password\n", "user", "add", "crash", "--data", r.data)
	for i := range 10 {
		name := fmt.Sprintf("member%d", i)
		runCLI(t, r.bin, "member-password\n", "user", "add", name, "--data", r.data)
		r.users = append(r.users, name)
	}
	r.owner = newAPIClient(r.addr, "crash", "crash-password")
	id, err := r.owner.uploadModel("crash model")
	if err != nil {
		t.Fatal(err)
	}
	r.model = id
	var p struct{ ID int64 }
	r.owner.must(t, 201, "POST", "/v1/poles", map[string]any{"name": "crash pole", "language": "EN", "parts": []any{}}, &p)
	r.pole = p.ID
}

// kill sends SIGKILL, checks the database file and restarts the server.
func (r *crashRun) kill(t *testing.T) {
	_ = r.srv.cmd.Process.Signal(syscall.SIGKILL)
	_, _ = r.srv.cmd.Process.Wait()
	if err := store.IntegrityCheck(t.Context(), sqlitePath(r.data)); err != nil {
		t.Fatalf("after SIGKILL: %v", err)
	}
	r.srv = startServerAt(t, r.bin, r.data, r.addr)
}

// loop runs write until the run stops; write returns false when the
// server could not be reached, and the loop then waits a little.
func (r *crashRun) loop(write func(i int) bool) {
	r.wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-r.stop:
				return
			default:
			}
			if !write(i) {
				time.Sleep(30 * time.Millisecond)
			}
		}
	})
}

// answer sorts an answer: acknowledged (true), unreachable (false), or
// unexpected (recorded, false).
func (r *crashRun) answer(what string, want, code int, body []byte, err error) bool {
	if err != nil {
		return false
	}
	if code != want {
		r.mu.Lock()
		r.unexpected = append(r.unexpected, fmt.Sprintf("%s: %d %.200s", what, code, body))
		r.mu.Unlock()
		return false
	}
	return true
}

func (r *crashRun) startWriters(t *testing.T) {
	for w := range 2 {
		r.loop(func(i int) bool {
			key := fmt.Sprintf("u%d-%d", w, i)
			code, b, err := r.owner.call("PUT", fmt.Sprintf("/v1/models/%d", r.model), modelInput(key, "t"+key))
			ok := r.answer("model PUT", 204, code, b, err)
			if ok {
				r.models.add(key)
			}
			return ok
		})
	}
	r.loop(func(i int) bool {
		term := fmt.Sprintf("a%d", i)
		body := map[string]any{"name": "crash pole", "language": "EN", "parts": []any{map[string]any{"term": term, "weight": 1}}}
		code, b, err := r.owner.call("PUT", fmt.Sprintf("/v1/poles/%d?clearContents=false", r.pole), body)
		ok := r.answer("pole append", 204, code, b, err)
		if ok {
			r.poles.add(term)
		}
		return ok
	})
	r.loop(func(int) bool {
		r.creditsTried.Add(1)
		code, b, err := r.owner.call("POST", "/v1/account/credits", map[string]int{"quantity": 1})
		ok := r.answer("credits", 201, code, b, err)
		if ok {
			r.creditsAcked.Add(1)
		}
		return ok
	})
	r.inviteWriter()
	r.importWriter(signIn(t, r.addr, "crash", "crash-password"))
}

// inviteWriter sends a manager invitation between two members every
// 250 ms, each pair once (an invitation binds both ways), until the pairs
// run out.
func (r *crashRun) inviteWriter() {
	var pairs [][2]string
	for _, a := range r.users {
		for _, b := range r.users {
			if a < b {
				pairs = append(pairs, [2]string{a, b})
			}
		}
	}
	rand.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	r.loop(func(i int) bool {
		if i >= len(pairs) {
			time.Sleep(20 * time.Millisecond)
			return true
		}
		time.Sleep(250 * time.Millisecond)
		p := pairs[i]
		c := newAPIClient(r.addr, p[0], "member-password")
		code, b, err := c.call("POST", "/v1/account/invitations?userId="+p[1], nil)
		ok := r.answer("invitation", 201, code, b, err)
		if ok {
			r.invites.add(p[0] + ">" + p[1])
		}
		return ok
	})
}

// crashRows is how many data rows each imported project has.
const crashRows = 200

// importWriter imports projects through the page's upload form.
func (r *crashRun) importWriter(p *pageClient) {
	var csv bytes.Buffer
	csv.WriteString("id,comment\n")
	for i := range crashRows {
		fmt.Fprintf(&csv, "%d,the service was quick and the staff friendly %d\n", i, i)
	}
	r.loop(func(i int) bool {
		title := fmt.Sprintf("imp%d", i)
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("_csrf", p.CSRF())
		mw.WriteField("title", title)
		fw, _ := mw.CreateFormFile("file", "rows.csv")
		fw.Write(csv.Bytes())
		mw.Close()
		req, _ := http.NewRequest("POST", p.Base+"/projects/import", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := p.HC.Do(req)
		if err != nil {
			return false
		}
		resp.Body.Close()
		ok := r.answer("import", http.StatusSeeOther, resp.StatusCode, []byte(resp.Header.Get("Location")), nil)
		if ok {
			r.imports.add(title)
		}
		return ok
	})
}
