package projects_test

import (
	"context"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

// jobHold holds every job in the middle of its work (at its first row
// read) until released, and tells which jobs got there.
type jobHold struct {
	release chan struct{}
	reached chan int64
	seen    sync.Map
	mu      sync.Mutex
	most    map[int64][2]int64 // the highest done and its total, by job
}

func holdJobs(e *testkit.Env) *jobHold {
	h := &jobHold{release: make(chan struct{}), reached: make(chan int64, 32), most: map[int64][2]int64{}}
	e.Svc.SetJobHook(func(id, done, total int64) {
		h.mu.Lock()
		if done >= h.most[id][0] {
			h.most[id] = [2]int64{done, total}
		}
		h.mu.Unlock()
		if done < 1 {
			return
		}
		if _, dup := h.seen.LoadOrStore(id, true); !dup {
			h.reached <- id
		}
		<-h.release
	})
	return h
}

func (h *jobHold) wait(t *testing.T, ids ...int64) {
	t.Helper()
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	timeout := time.After(30 * time.Second)
	for len(want) > 0 {
		select {
		case id := <-h.reached:
			delete(want, id)
		case <-timeout:
			t.Fatalf("jobs %v never ran", want)
		}
	}
}

func jobProjects(t *testing.T, e *testkit.Env, rows int, users ...string) []*explorer.Project {
	content, _ := testkit.SurveyCSV(rows)
	var out []*explorer.Project
	for _, u := range users {
		e.AddUser(u, "")
		out = append(out, e.ImportProject(u, "survey of "+u, content))
	}
	return out
}

// TestJobsQueuePerUser: a user runs one job at a time, queues at most
// MaxQueuedJobs more (then ETHROTTLED with a Retry-After), while another
// user's job runs beside; a cancelled queued job frees its place; jobs
// are their owner's alone; the queue then runs to its end.
func TestJobsQueuePerUser(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.JobSlots = 4 })
	ps := jobProjects(t, e, 300, "ann", "bob")
	ann, bob := e.As("ann"), e.As("bob")
	content, _ := testkit.SurveyCSV(100)
	var more []*explorer.Project // ann's further projects, one per queued job
	for range projects.MaxQueuedJobs + 1 {
		more = append(more, e.ImportProject("ann", "more", content))
	}
	h := holdJobs(e)
	first, err := e.Svc.SubmitExplore(ann, ps[0].ID, "", projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.wait(t, first.ID)
	var queued []*projects.Job
	for i := range projects.MaxQueuedJobs {
		j, err := e.Svc.SubmitExplore(ann, more[i].ID, "", projects.ExploreOptions{Topics: 5})
		if err != nil {
			t.Fatal(err)
		}
		queued = append(queued, j)
	}
	_, err = e.Svc.SubmitExplore(ann, more[5].ID, "", projects.ExploreOptions{})
	if explorer.ErrorCode(err) != explorer.ETHROTTLED || explorer.AsError(err).RetryAfter <= 0 {
		t.Fatalf("a sixth queued job: %v", err)
	}
	other, err := e.Svc.SubmitExplore(bob, ps[1].ID, "", projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.wait(t, other.ID) // bob's job runs beside ann's
	states := map[string]int{}
	list, err := e.Svc.Jobs(ann)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range list {
		states[j.State]++
	}
	if states[projects.JobRunning] != 1 || states[projects.JobQueued] != projects.MaxQueuedJobs || len(list) != 1+projects.MaxQueuedJobs {
		t.Fatalf("ann's jobs: %v", states)
	}
	if _, err := e.Svc.Job(bob, first.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("bob reads ann's job: %v", err)
	}
	if _, err := e.Svc.CancelJob(bob, first.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("bob cancels ann's job: %v", err)
	}
	c, err := e.Svc.CancelJob(ann, queued[4].ID)
	if err != nil || c.State != projects.JobCancelled {
		t.Fatalf("cancel a queued job: %+v %v", c, err)
	}
	if _, err := e.Svc.SubmitExplore(ann, more[5].ID, "", projects.ExploreOptions{}); err != nil {
		t.Fatalf("a place freed by a cancel: %v", err)
	}
	close(h.release)
	j, err := e.Svc.AwaitJob(ann, queued[3].ID)
	if err != nil || j.State != projects.JobDone || j.Progress() != 1 {
		t.Fatalf("the queue's job: %+v %v", j, err)
	}
	e.Svc.WaitJobs()
	// Exploring reads the rows three times (two passes find topics, one
	// counts and measures): the progress ends at its total.
	h.mu.Lock()
	most := h.most[first.ID]
	h.mu.Unlock()
	if most[0] != most[1] || most[1] != 3*300 {
		t.Fatalf("progress ended at %d of %d, want 900 of 900", most[0], most[1])
	}
	if p, _ := e.Svc.Project(ann, ps[0].ID); p.Status != explorer.ProjectExplored {
		t.Fatalf("project %s %q", p.Status, p.StatusMessage)
	}
}

// TestJobCancelRunningLeavesProjectFailed: a running explore cancelled
// stops at its next progress check; the project is FAILED with "explore
// failed: cancelled" and explores again from there.
func TestJobCancelRunningLeavesProjectFailed(t *testing.T) {
	e := testkit.New(t)
	p := jobProjects(t, e, 300, "ann")[0]
	ann := e.As("ann")
	h := holdJobs(e)
	j, err := e.Svc.SubmitExplore(ann, p.ID, "", projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.wait(t, j.ID)
	if got, _ := e.Svc.Project(ann, p.ID); got.Status != explorer.ProjectExploring {
		t.Fatalf("while it runs: %s", got.Status)
	}
	if c, err := e.Svc.CancelJob(ann, j.ID); err != nil || c.State != projects.JobRunning {
		t.Fatalf("cancel: %+v %v", c, err)
	}
	close(h.release)
	j, err = e.Svc.AwaitJob(ann, j.ID)
	if j == nil || j.State != projects.JobCancelled || err == nil {
		t.Fatalf("cancelled job %+v %v", j, err)
	}
	got, _ := e.Svc.Project(ann, p.ID)
	if got.Status != explorer.ProjectFailed || got.StatusMessage != "explore failed: cancelled" {
		t.Fatalf("project %s %q", got.Status, got.StatusMessage)
	}
	if _, err := e.Svc.CancelJob(ann, j.ID); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("cancel an ended job: %v", err)
	}
	again, err := e.Svc.StartJobAgain(ann, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j, err := e.Svc.AwaitJob(ann, again.ID); err != nil || j.State != projects.JobDone {
		t.Fatalf("started again: %+v %v", j, err)
	}
	if got, _ := e.Svc.Project(ann, p.ID); got.Status != explorer.ProjectExplored || got.StatusMessage != "" {
		t.Fatalf("project %s %q", got.Status, got.StatusMessage)
	}
}

// TestJobsInterruptedAtRestart: a job a stopped server left running is
// interrupted at the next start (its project FAILED as an interrupted
// explore), and can be started again.
func TestJobsInterruptedAtRestart(t *testing.T) {
	e := testkit.New(t)
	p := jobProjects(t, e, 200, "ann")[0]
	ann := e.As("ann")
	bg := context.Background()
	// What a server killed in the middle of an explore leaves behind.
	left := &projects.Job{OwnerID: p.OwnerID, Kind: projects.JobExplore, ProjectID: p.ID, Created: e.Clock.Now()}
	if err := e.DB.CreateJob(bg, left, projects.MaxQueuedJobs); err != nil {
		t.Fatal(err)
	}
	if j, err := e.DB.ClaimJob(bg, "", e.Clock.Now()); err != nil || j == nil || j.ID != left.ID {
		t.Fatalf("claim %+v %v", j, err)
	}
	if err := e.DB.SetProjectStatus(bg, p.ID, explorer.ProjectExploring, ""); err != nil {
		t.Fatal(err)
	}
	if n, err := e.Svc.RecoverJobs(bg); err != nil || n != 1 {
		t.Fatalf("recovered %d jobs: %v", n, err)
	}
	if _, err := e.Svc.RecoverProjects(bg); err != nil {
		t.Fatal(err)
	}
	j, err := e.Svc.Job(ann, left.ID)
	if err != nil || j.State != projects.JobInterrupted || j.Error == "" {
		t.Fatalf("job %+v %v", j, err)
	}
	if got, _ := e.Svc.Project(ann, p.ID); got.Status != explorer.ProjectFailed {
		t.Fatalf("project %s %q", got.Status, got.StatusMessage)
	}
	again, err := e.Svc.StartJobAgain(ann, left.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j, err := e.Svc.AwaitJob(ann, again.ID); err != nil || j.State != projects.JobDone {
		t.Fatalf("started again: %+v %v", j, err)
	}
}

// TestJobImportFailsProjectFailed: an import run as a job that fails
// leaves its project FAILED with the reason, no rows; a job cannot
// start an import again (its file is gone).
func TestJobImportFailsProjectFailed(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	released := make(chan struct{})
	j, err := e.Svc.SubmitImport(ann, projects.ImportProjectInput{Title: "bad", File: testkit.CSVFile([]byte("a,,b\n1,2,3\n"))}, 12,
		func() { close(released) })
	if err != nil {
		t.Fatal(err)
	}
	if j.Unit != projects.UnitBytes || j.Total != 12 {
		t.Fatalf("job %+v", j)
	}
	j, err = e.Svc.AwaitJob(ann, j.ID)
	if err == nil || j.State != projects.JobFailed {
		t.Fatalf("job %+v %v", j, err)
	}
	<-released
	p, _ := e.Svc.Project(ann, j.ProjectID)
	if p.Status != explorer.ProjectFailed || p.StatusMessage != "import failed: "+j.Error || p.Rows != 0 {
		t.Fatalf("project %+v", p)
	}
	if _, err := e.Svc.StartJobAgain(ann, j.ID); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("import started again: %v", err)
	}
	if _, err := e.Svc.SubmitExplore(ann, p.ID, "", projects.ExploreOptions{}); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("explore a failed import: %v", err)
	}
}

// TestJobErrorKeepsItsCode: a request that waits for a job which ended
// before it waited (or ran on another instance) answers with the step's
// own error code, kept with the job, not a conflict.
func TestJobErrorKeepsItsCode(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	f := testkit.CSVFile([]byte("id,comment\n1,a\n"))
	f.Encoding = "klingon"
	j, err := e.Svc.SubmitImport(ann, projects.ImportProjectInput{Title: "bad", File: f}, 15, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitJobs()
	got, err := e.Svc.Job(ann, j.ID)
	if err != nil || got.State != projects.JobFailed || got.ErrorCode != explorer.EINVALID {
		t.Fatalf("job %+v %v", got, err)
	}
	if _, err := e.Svc.AwaitJob(ann, j.ID); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("waiting after its end: %v", err)
	}
}

// TestJobsOfDeadInstanceInterrupted: with several instances, a running
// job whose instance stopped writing its progress two minutes ago is
// interrupted by another instance, and its project recovered (FAILED);
// a job written recently, or this instance's own, is left alone.
func TestJobsOfDeadInstanceInterrupted(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Instance = "b" })
	ps := jobProjects(t, e, 100, "ann", "bob")
	bg := context.Background()
	now := e.Clock.Now()
	claim := func(p *explorer.Project, instance string, at time.Time) *projects.Job {
		j := &projects.Job{OwnerID: p.OwnerID, Kind: projects.JobExplore, ProjectID: p.ID, Created: at}
		if err := e.DB.CreateJob(bg, j, 5); err != nil {
			t.Fatal(err)
		}
		if c, err := e.DB.ClaimJob(bg, instance, at); err != nil || c == nil || c.ID != j.ID {
			t.Fatalf("claim %+v %v", c, err)
		}
		return j
	}
	dead := claim(ps[0], "a", now.Add(-3*time.Minute))
	alive := claim(ps[1], "c", now.Add(-30*time.Second))
	if err := e.DB.SetProjectStatus(bg, ps[0].ID, explorer.ProjectExploring, ""); err != nil {
		t.Fatal(err)
	}
	if n, err := e.Svc.InterruptDeadJobs(bg); err != nil || n != 1 {
		t.Fatalf("interrupted %d: %v", n, err)
	}
	if j, _ := e.Svc.Job(e.As("ann"), dead.ID); j.State != projects.JobInterrupted {
		t.Fatalf("dead instance's job %+v", j)
	}
	if j, _ := e.Svc.Job(e.As("bob"), alive.ID); j.State != projects.JobRunning {
		t.Fatalf("live instance's job %+v", j)
	}
	if p, _ := e.Svc.Project(e.As("ann"), ps[0].ID); p.Status != explorer.ProjectFailed {
		t.Fatalf("project %s %q", p.Status, p.StatusMessage)
	}
}

// TestMeasurementIsAJob: a background measurement (here after rows are
// appended to an explored project) shows as a job of the owner's, kind
// measure, done with its texts counted.
func TestMeasurementIsAJob(t *testing.T) {
	e := testkit.New(t)
	p := jobProjects(t, e, 200, "ann")[0]
	ann := e.As("ann")
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	content, _ := testkit.SurveyCSV(50)
	if _, err := e.Svc.AppendProjectRows(ann, p.ID, testkit.CSVFile(content)); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	list, err := e.Svc.Jobs(ann)
	if err != nil || len(list) != 1 {
		t.Fatalf("jobs %+v %v", list, err)
	}
	if j := list[0]; j.Kind != projects.JobMeasure || j.State != projects.JobDone || j.Total != 2*250 || j.Done != j.Total {
		t.Fatalf("measure job %+v", j)
	}
}
