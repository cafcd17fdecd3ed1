package projects_test

import (
	"context"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/domains"
	"explorer/internal/testkit"
	"explorer/projects"
)

// measureJobs lists the measure jobs of a user's, newest first.
func measureJobs(t *testing.T, e *testkit.Env, ctx context.Context) []*projects.Job {
	t.Helper()
	list, err := e.Svc.Jobs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []*projects.Job
	for _, j := range list {
		if j.Kind == projects.JobMeasure {
			out = append(out, j)
		}
	}
	return out
}

// untilRunning waits until the newest measure job of a user's runs (a
// loop with no time limit but the test's: the runner claims it at once).
func untilRunning(t *testing.T, e *testkit.Env, ctx context.Context) *projects.Job {
	t.Helper()
	for {
		if list := measureJobs(t, e, ctx); len(list) > 0 && list[0].State == projects.JobRunning {
			return list[0]
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestMeasurementsAreQueuedJobs: a change that makes a project's tonality
// stale queues a measure job in the jobs table with the change; a second
// change while one waits queues no other; measurements do not count in
// a user's queue limit and are never refused by it; when the instance
// running a measurement dies, another instance sharing the database
// (PostgreSQL with EXPLORER_TEST_POSTGRES) claims the waiting one and
// measures the project, which stays stale until then.
func TestMeasurementsAreQueuedJobs(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Instance = "a" })
	e.AddUser("ann", "")
	ann := e.As("ann")
	p, _ := measuredReviews(t, e, "ann", "The food was sick.")
	release := e.Svc.HoldMeasurements()
	defer func() {
		release()
		e.Svc.WaitJobs()
	}()
	if _, err := e.Svc.SetWordPolarity(ann, "EN", "sick", 1); err != nil {
		t.Fatal(err)
	}
	first := untilRunning(t, e, ann)
	if first.ProjectID != p.ID || first.Instance != "a" {
		t.Fatalf("first measurement %+v", first)
	}
	// Five explores wait behind the running measurement, the most a user
	// may queue; a measurement is queued beside them all the same.
	for range projects.MaxQueuedJobs {
		if _, err := e.Svc.SubmitExplore(ann, p.ID, "review", projects.ExploreOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range []string{"slow", "rude"} {
		if _, err := e.Svc.SetWordPolarity(ann, "EN", w, 1); err != nil {
			t.Fatal(err)
		}
	}
	list := measureJobs(t, e, ann)
	if len(list) != 2 || list[0].State != projects.JobQueued || list[1].ID != first.ID {
		t.Fatalf("measure jobs after three changes %+v", list)
	}
	waiting := list[0]
	if _, err := e.Svc.SubmitExplore(ann, p.ID, "review", projects.ExploreOptions{}); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("a sixth explore: %v", err)
	}
	jobs, _ := e.Svc.Jobs(ann)
	for _, j := range jobs {
		if j.Kind == projects.JobExplore {
			if _, err := e.Svc.CancelJob(ann, j.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got, _ := e.Svc.Project(ann, p.ID); got.TonalityState != explorer.TonalityStale {
		t.Fatalf("project %s before its measurement", got.TonalityState)
	}

	// Instance a dies with its measurement running; b finds it dead,
	// queues no second one (one waits already) and measures the project.
	o := e.Options
	o.Instance = "b"
	b := domains.New(e.DB, o).Projects
	e.Clock.Advance(3 * time.Minute)
	if n, err := b.InterruptDeadJobs(context.Background()); err != nil || n != 1 {
		t.Fatalf("interrupted %d: %v", n, err)
	}
	b.WaitMeasured()
	got, err := e.Svc.Job(ann, waiting.ID)
	if err != nil || got.State != projects.JobDone || got.Instance != "b" || got.Total == 0 || got.Done != got.Total {
		t.Fatalf("the waiting measurement %+v %v", got, err)
	}
	if list := measureJobs(t, e, ann); len(list) != 2 || list[1].State != projects.JobInterrupted {
		t.Fatalf("measure jobs at the end %+v", list)
	}
	if got, _ := e.Svc.Project(ann, p.ID); got.TonalityState != explorer.TonalityMeasured {
		t.Fatalf("project %s after its measurement", got.TonalityState)
	}
}

// TestCancelledMeasurement: a measurement cancelled while it runs leaves
// its project EXPLORED and stale (not FAILED), and starting it again
// measures the project.
func TestCancelledMeasurement(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p, _ := measuredReviews(t, e, "ann", "The food was sick.")
	h := holdJobs(e)
	if _, err := e.Svc.SetWordPolarity(ann, "EN", "sick", 1); err != nil {
		t.Fatal(err)
	}
	j := untilRunning(t, e, ann)
	h.wait(t, j.ID)
	if _, err := e.Svc.CancelJob(ann, j.ID); err != nil {
		t.Fatal(err)
	}
	close(h.release)
	e.Svc.WaitJobs()
	if got, err := e.Svc.Job(ann, j.ID); err != nil || got.State != projects.JobCancelled {
		t.Fatalf("the cancelled measurement %+v %v", got, err)
	}
	got, err := e.Svc.Project(ann, p.ID)
	if err != nil || got.Status != explorer.ProjectExplored || got.TonalityState != explorer.TonalityStale {
		t.Fatalf("project after the cancel %+v %v", got, err)
	}
	again, err := e.Svc.StartJobAgain(ann, j.ID)
	if err != nil || again.Kind != projects.JobMeasure {
		t.Fatalf("started again %+v %v", again, err)
	}
	e.Svc.WaitMeasured()
	if got, err := e.Svc.Job(ann, again.ID); err != nil || got.State != projects.JobDone || got.Total == 0 {
		t.Fatalf("the measurement started again %+v %v", got, err)
	}
	if got, _ := e.Svc.Project(ann, p.ID); got.Status != explorer.ProjectExplored || got.TonalityState != explorer.TonalityMeasured {
		t.Fatalf("project after measuring again %s %s", got.Status, got.TonalityState)
	}
}

// A change committed while a measurement ran, with no job of its own (on
// PostgreSQL a change's job insert can meet this job while it is still
// queued, one waiting per project, and the job be claimed and read the
// project before the change commits), leaves the project measured in the
// end: the measurement that finds the project changed at its save queues
// it again.
func TestMeasurementRequeuedAfterAnUnseenChange(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p, _ := measuredReviews(t, e, "ann", "The food was sick.")
	var once sync.Once
	e.Svc.SetMeasureBeforeSave(func(id int64) {
		once.Do(func() {
			if err := e.DB.MarkTonalityStale(context.Background(), id); err != nil {
				t.Error(err)
			}
		})
	})
	defer e.Svc.SetMeasureBeforeSave(nil)
	if _, err := e.Svc.SetWordPolarity(ann, "EN", "sick", 1); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	if got, err := e.Svc.Project(ann, p.ID); err != nil || got.TonalityState != explorer.TonalityMeasured {
		t.Fatalf("project after a change its measurement did not see: %+v %v", got, err)
	}
}
