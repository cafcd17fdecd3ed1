package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"text/tabwriter"
	"time"

	"explorer/internal/client"
	"explorer/tools/internal/load"
)

// Result is what one attack got.
type Result struct {
	Name    string
	Status  int
	Seconds float64
	// Growth is the server's peak resident size during the request less
	// its resident size before, in bytes.
	Growth int64
	Note   string
	Alive  bool
}

// attack is one hostile request.
type attack struct {
	name string
	do   func(r *runner) (*http.Response, error)
}

// runner holds the signed-in user and the server.
type runner struct {
	// bin is the server binary, for attacks that need a server of their own.
	bin   string
	srv   *load.Server
	user  *client.Client // Basic credentials
	page  *client.Client // signed in on the pages
	admin *client.Client // the admin, signed in on the pages
	model int64
	// note, when an attack sets it, sums its answer up instead of the
	// answer's own content.
	note string
}

// Run starts the server binary on a fresh data directory, makes a normal
// user, sends every attack and writes the table to out.
func Run(bin string, out io.Writer) ([]Result, error) { return RunMatching(bin, out, nil) }

// RunMatching is Run with the attacks whose name match selects (all when
// nil).
func RunMatching(bin string, out io.Writer, match func(name string) bool) ([]Result, error) {
	adminPW := "attack-admin-password"
	srv, err := load.StartServer(bin, "", adminPW, "--max-user-storage", AttackStorage)
	if err != nil {
		return nil, err
	}
	defer srv.Stop()
	r := &runner{srv: srv, bin: bin}
	if err := r.setUp(adminPW); err != nil {
		return nil, err
	}
	var results []Result
	for _, a := range attacks() {
		if match != nil && !match(a.name) {
			continue
		}
		res := r.run(a)
		results = append(results, res)
		fmt.Fprintf(out, "%-52s %3d %6.2fs %6.1f MB %s\n", res.Name, res.Status, res.Seconds, float64(res.Growth)/(1<<20), res.Note)
		if !res.Alive {
			break
		}
	}
	fmt.Fprintln(out)
	Table(out, results)
	return results, nil
}

// Table writes the results as a Markdown table.
func Table(out io.Writer, results []Result) {
	tw := tabwriter.NewWriter(out, 0, 4, 1, ' ', 0)
	fmt.Fprintln(tw, "| attack\t| status\t| seconds\t| RSS growth\t| server up\t| answer\t|")
	fmt.Fprintln(tw, "|---\t|---\t|---\t|---\t|---\t|---\t|")
	for _, r := range results {
		fmt.Fprintf(tw, "| %s\t| %d\t| %.2f\t| %.1f MB\t| %v\t| %s\t|\n", r.Name, r.Status, r.Seconds, float64(r.Growth)/(1<<20), r.Alive, strings.ReplaceAll(r.Note, "|", "/"))
	}
	tw.Flush()
}

func (r *runner) setUp(adminPW string) error {
	admin := client.NewClient(r.srv.Base, "admin", adminPW, nil)
	if err := admin.SignIn(); err != nil {
		return err
	}
	r.admin = admin
	if code, err := admin.PostForm("/users", url.Values{"username": {"mallory"}, "password": {"mallory-password-1"}}); err != nil || code != 200 {
		return fmt.Errorf("adding the user: %d %v", code, err)
	}
	r.user = client.NewClient(r.srv.Base, "mallory", "mallory-password-1", nil)
	r.page = client.NewClient(r.srv.Base, "mallory", "mallory-password-1", nil)
	if err := r.page.SignIn(); err != nil {
		return err
	}
	code, b, err := r.user.UploadModel("target", []byte("Index,Label,Terms\n1,Food,burger\n"))
	if err != nil || code != 201 {
		return fmt.Errorf("model upload: %d %v %.200s", code, err, b)
	}
	r.model, err = client.ID(b)
	return err
}

// run sends one attack, measuring the server's peak resident size.
func (r *runner) run(a attack) Result {
	pid := r.srv.PID()
	before, _ := load.ProcStatus(pid, "VmRSS")
	peakOK := load.ResetPeak(pid) == nil
	// Without a resettable peak, sample the resident size meanwhile.
	stop, sampled := make(chan struct{}), make(chan int64, 1)
	go func() {
		top := before
		for {
			select {
			case <-stop:
				sampled <- top
				return
			case <-time.After(10 * time.Millisecond):
				if v, err := load.ProcStatus(pid, "VmRSS"); err == nil && v > top {
					top = v
				}
			}
		}
	}()
	start := time.Now()
	resp, err := a.do(r)
	res := Result{Name: a.name, Seconds: time.Since(start).Seconds()}
	close(stop)
	peak := <-sampled
	if hwm, e := load.ProcStatus(pid, "VmHWM"); peakOK && e == nil && hwm > peak {
		peak = hwm
	}
	res.Growth = max(0, peak-before)
	if err != nil {
		res.Note = "error: " + err.Error()
	} else {
		res.Status = resp.StatusCode
		res.Note = describe(resp)
	}
	if r.note != "" {
		res.Note, r.note = r.note, ""
	}
	res.Alive = r.srv.Alive()
	return res
}

// describe sums an answer up: the problem's detail, a redirect's target
// or the media type.
func describe(resp *http.Response) string {
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	ct := resp.Header.Get("Content-Type")
	if note := resp.Header.Get(noteHeader); note != "" {
		return clip(note)
	}
	if loc := resp.Header.Get("Location"); loc != "" {
		return fmt.Sprintf("Location %q", loc)
	}
	var p struct{ Title, Detail string }
	if strings.HasPrefix(ct, "application/problem+json") && json.Unmarshal(b, &p) == nil {
		return clip("problem: " + p.Detail)
	}
	// A page's message is in its first alert that says something.
	for rest := b; strings.HasPrefix(ct, "text/html"); {
		i := bytes.Index(rest, []byte(`role="alert">`))
		if i < 0 {
			break
		}
		rest = rest[i+len(`role="alert">`):]
		if j := bytes.IndexByte(rest, '<'); j > 0 && len(bytes.TrimSpace(rest[:j])) > 0 {
			return clip("page: " + html.UnescapeString(string(bytes.TrimSpace(rest[:j]))))
		}
	}
	// A short text answer (or an attack's own note) says it all.
	if strings.HasPrefix(ct, "text/plain") && len(b) <= 300 {
		return clip(string(b))
	}
	return clip(fmt.Sprintf("%s, %d bytes", ct, len(b)))
}

// noteHeader carries what an attack that ran a scenario of its own (not a
// single request) found, on the answer it reports.
const noteHeader = "X-Attack-Note"

func clip(s string) string {
	if len(s) > 110 {
		return s[:110] + "…"
	}
	return s
}

// upload posts a file as a model (Basic credentials).
func (r *runner) upload(name string, content []byte) (*http.Response, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", r.srv.Base+"/v1/models", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.SetBasicAuth(r.user.User, r.user.Password)
	return r.user.HC.Do(req)
}

// importProject posts a file to the page that imports projects.
func (r *runner) importProject(name string, content []byte) (*http.Response, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("_csrf", r.page.CSRF())
	mw.WriteField("title", "attack")
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", r.srv.Base+"/projects/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return r.page.HC.Do(req)
}

// raw sends a request with Basic credentials (none when anonymous).
func (r *runner) raw(method, path, contentType string, body []byte, anonymous bool, header map[string]string) (*http.Response, error) {
	req, _ := http.NewRequest(method, r.srv.Base+path, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if !anonymous {
		req.SetBasicAuth(r.user.User, r.user.Password)
	}
	return r.user.HC.Do(req)
}
