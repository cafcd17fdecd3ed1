package api_test

import (
	"context"
	"explorer/projects"
	"fmt"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/wordspace"
)

type wireJob struct {
	ID        int64   `json:"id"`
	Kind      string  `json:"kind"`
	State     string  `json:"state"`
	Progress  float64 `json:"progress"`
	Done      int64   `json:"done"`
	Total     int64   `json:"total"`
	Unit      string  `json:"unit"`
	ProjectID int64   `json:"projectId"`
	Result    *string `json:"result"`
	Error     *string `json:"error"`
}

var async = map[string]string{"Prefer": "respond-async"}

// TestJobsAPI: with "Prefer: respond-async" an explore answers 202 with
// Location /v1/jobs/{id} and the job, which GET answers until it is done
// with the project's URL as result; without the header the request
// waits and answers the project; jobs are their owner's alone (404);
// GET /v1/jobs lists the caller's; topics and groups out of bounds are
// 400 naming them.
func TestJobsAPI(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	content, _ := testkit.SurveyCSV(500)
	p := e.ImportProject("ann", "survey", content)
	path := fmt.Sprintf("/v1/projects/%d/explore", p.ID)
	r := e.Do(testkit.Request{Method: "POST", Path: path + "?topics=8&groups=2", User: "ann", Header: async}).Expect(t, 202)
	var j wireJob
	r.JSON(t, &j)
	if loc := r.Header.Get("Location"); loc != fmt.Sprintf("/v1/jobs/%d", j.ID) || j.Kind != "explore" || j.ProjectID != p.ID ||
		(j.State != "queued" && j.State != "running") || j.Result != nil || j.Error != nil {
		t.Fatalf("202 %s %+v", loc, j)
	}
	if _, err := e.Svc.AwaitJob(e.As("ann"), j.ID); err != nil {
		t.Fatal(err)
	}
	jobPath := fmt.Sprintf("/v1/jobs/%d", j.ID)
	e.Do(testkit.Request{Method: "GET", Path: jobPath, User: "ann"}).Expect(t, 200).JSON(t, &j)
	if j.State != "done" || j.Progress != 1 || j.Done != j.Total || j.Total != 1500 || j.Unit != "texts" ||
		j.Result == nil || *j.Result != fmt.Sprintf("/v1/projects/%d", p.ID) || j.Error != nil {
		t.Fatalf("done %+v", j)
	}
	got := decodeProject(t, e.Do(testkit.Request{Method: "GET", Path: *j.Result, User: "ann"}).Expect(t, 200))
	if got.Status != explorer.ProjectExplored {
		t.Fatalf("project %+v", got)
	}
	e.Do(testkit.Request{Method: "GET", Path: jobPath, User: "bob"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "DELETE", Path: jobPath, User: "bob"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: jobPath}).Expect(t, 401)
	// Without the header: the request waits and answers the project.
	if got := decodeProject(t, e.Do(testkit.Request{Method: "POST", Path: path, User: "ann"}).Expect(t, 200)); got.Status != explorer.ProjectExplored {
		t.Fatalf("waited %+v", got)
	}
	var list []wireJob
	e.Do(testkit.Request{Method: "GET", Path: "/v1/jobs", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 2 || list[1].ID != j.ID || list[0].State != "done" {
		t.Fatalf("ann's jobs %+v", list)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/jobs", User: "bob"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 0 {
		t.Fatalf("bob's jobs %+v", list)
	}
	e.Do(testkit.Request{Method: "DELETE", Path: jobPath, User: "ann"}).Expect(t, 409).Problem(t)
	for q, field := range map[string]string{"?topics=61": "topics", "?groups=31": "groups", "?topics=-1": "topics", "?groups=x": "groups"} {
		pr := e.Do(testkit.Request{Method: "POST", Path: path + q, User: "ann", Header: async}).Expect(t, 400).Problem(t)
		if len(pr.Errors) == 0 || pr.Errors[0].Field != field {
			t.Errorf("%s: %+v", q, pr)
		}
	}
}

// TestJobsAPICancelAndQueue: a user's second job waits for its running
// one; DELETE cancels a queued job at once and asks a running one to
// stop; an async import answers 202 and ends READY.
func TestJobsAPICancelAndQueue(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(200)
	p := e.ImportProject("ann", "survey", content)
	bg := context.Background()
	// A job of ann's that another instance runs.
	elsewhere := &projects.Job{OwnerID: p.OwnerID, Kind: projects.JobLearnWords, ProjectID: p.ID, Created: e.Clock.Now()}
	if err := e.DB.CreateJob(bg, elsewhere, 5); err != nil {
		t.Fatal(err)
	}
	if j, err := e.DB.ClaimJob(bg, "other", e.Clock.Now()); err != nil || j == nil {
		t.Fatalf("claim %+v %v", j, err)
	}
	var j wireJob
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/projects/%d/explore", p.ID), User: "ann", Header: async}).Expect(t, 202).JSON(t, &j)
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/jobs/%d", j.ID), User: "ann"}).Expect(t, 200).JSON(t, &j)
	if j.State != "queued" {
		t.Fatalf("behind a running job: %+v", j)
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/jobs/%d", j.ID), User: "ann"}).Expect(t, 200).JSON(t, &j)
	if j.State != "cancelled" {
		t.Fatalf("cancelled %+v", j)
	}
	// Behind the running job, at most 5 wait: the sixth is 429.
	for range 5 {
		if err := e.DB.CreateJob(bg, &projects.Job{OwnerID: p.OwnerID, Kind: projects.JobLearnWords, ProjectID: p.ID, Created: e.Clock.Now()}, 5); err != nil {
			t.Fatal(err)
		}
	}
	r := e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/projects/%d/explore", p.ID), User: "ann", Header: async}).Expect(t, 429)
	if r.Header.Get("Retry-After") == "" {
		t.Fatalf("429 without Retry-After: %v", r.Header)
	}
	var mine []wireJob
	e.Do(testkit.Request{Method: "GET", Path: "/v1/jobs", User: "ann"}).Expect(t, 200).JSON(t, &mine)
	for _, q := range mine {
		if q.State == "queued" {
			e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/jobs/%d", q.ID), User: "ann"}).Expect(t, 200)
		}
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/jobs/%d", elsewhere.ID), User: "ann"}).Expect(t, 200).JSON(t, &j)
	if j.State != "running" {
		t.Fatalf("a running job is asked to stop: %+v", j)
	}
	if asked, err := e.DB.SetJobProgress(bg, elsewhere.ID, 1, 2, e.Clock.Now()); err != nil || !asked {
		t.Fatalf("the running instance is not told: %v %v", asked, err)
	}
	if err := e.DB.EndJob(bg, elsewhere.ID, projects.JobEnd{State: projects.JobCancelled, Message: "cancelled"}, e.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	body, ct := testkit.Multipart(t, "survey.csv", content, nil)
	r = e.Do(testkit.Request{Method: "POST", Path: "/v1/projects?title=async", User: "ann", Body: body, ContentType: ct, Header: async}).Expect(t, 202)
	r.JSON(t, &j)
	if j.Kind != "import" || j.Unit != "bytes" || j.Total != int64(len(content)) || !strings.HasPrefix(r.Header.Get("Location"), "/v1/jobs/") {
		t.Fatalf("import %+v", j)
	}
	if _, err := e.Svc.AwaitJob(e.As("ann"), j.ID); err != nil {
		t.Fatal(err)
	}
	got := decodeProject(t, e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d", j.ProjectID), User: "ann"}).Expect(t, 200))
	if got.Status != explorer.ProjectReady || got.Rows != 200 {
		t.Fatalf("imported %+v", got)
	}
}

// heldSpaces trains project spaces as wordspace does, but holds the
// reading of the texts at the rows numbered in at (counted over every
// pass), telling reached and waiting for release each time.
type heldSpaces struct {
	*wordspace.ProjectSpaces
	at               map[int]bool
	reached, release chan struct{}
}

func (h *heldSpaces) BuildProjectSpace(ctx context.Context, lang string, texts func(func(string)) error, keep func([]byte) error) (explorer.ProjectSpaceInfo, error) {
	n := 0
	held := func(fn func(string)) error {
		return texts(func(s string) {
			if n++; h.at[n] {
				h.reached <- struct{}{}
				<-h.release
			}
			fn(s)
		})
	}
	return h.ProjectSpaces.BuildProjectSpace(ctx, lang, held, keep)
}

// TestJobProgressAdvances: GET /v1/jobs/{id} answers the progress of a
// running job as it goes: a job over a 3,000-row project (learning its
// words: two passes over the rows), held in its first pass and again in
// its second, answers a share strictly between 0 and 1 that rises, with
// done and total in texts, and 1 when done.
func TestJobProgressAdvances(t *testing.T) {
	h := &heldSpaces{at: map[int]bool{1000: true, 4500: true}, reached: make(chan struct{}), release: make(chan struct{})}
	e := testkit.New(t, func(o *explorer.Options) {
		h.ProjectSpaces = wordspace.NewProjectSpaces()
		o.ProjectSpaces = h
	})
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(3000)
	p := e.ImportProject("ann", "survey", content)
	ann := e.As("ann")
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	j, err := e.Svc.SubmitLearnWords(ann, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/v1/jobs/%d", j.ID)
	last := 0.0
	for range 2 {
		<-h.reached
		var w wireJob
		e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &w)
		if w.State != "running" || w.Total != 6000 || w.Unit != "texts" || w.Progress <= last || w.Progress >= 1 ||
			w.Progress != float64(w.Done)/float64(w.Total) {
			t.Fatalf("held job after %v: %+v", last, w)
		}
		last = w.Progress
		h.release <- struct{}{}
	}
	if last < 0.5 {
		t.Fatalf("the second hold, in the second pass, answered %v", last)
	}
	if _, err := e.Svc.AwaitJob(ann, j.ID); err != nil {
		t.Fatal(err)
	}
	var w wireJob
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &w)
	if w.State != "done" || w.Progress != 1 || w.Done != w.Total {
		t.Fatalf("done %+v", w)
	}
}
