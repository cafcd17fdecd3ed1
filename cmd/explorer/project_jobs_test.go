package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/domains"
	"explorer/internal/testkit"
	"explorer/projects"
	"explorer/store"
)

// jobsCLI is a data directory (and a PostgreSQL database with
// EXPLORER_TEST_POSTGRES) with users ann and bob, each with a project
// imported from the command line (1: ann's, 2: bob's), and the database
// opened beside, as a server sharing it would.
type jobsCLI struct {
	dir      string
	db       *store.DB
	svc      *explorer.Service
	projects *projects.Service
}

func newJobsCLI(t *testing.T) *jobsCLI {
	dir := t.TempDir()
	url := sqlitePath(dir)
	if dsn := os.Getenv("EXPLORER_TEST_POSTGRES"); dsn != "" {
		url = testkit.FreshPostgres(t, dsn)
		t.Setenv("EXPLORER_DATABASE", url)
	}
	newDatabase(t, dir)
	j := &jobsCLI{dir: dir}
	for _, u := range []string{"ann", "bob"} {
		if _, _, err := j.run("secret-password\n", "user", "add", u); err != nil {
			t.Fatal(err)
		}
	}
	content, _ := testkit.SurveyCSV(3000)
	file := filepath.Join(dir, "survey.csv")
	if err := os.WriteFile(file, content, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"ann", "bob"} {
		out, errOut, err := j.run("", "project", "import", "--owner", u, "--title", "Survey", file)
		if err != nil || !strings.Contains(out, "3000 rows, UTF-8, READY") || !strings.Contains(errOut, "importing "+file+": job ") ||
			!strings.Contains(errOut, "done 100%") {
			t.Fatalf("import: %v %q %q", err, out, errOut)
		}
	}
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svcs := domains.New(db, explorer.Options{Detector: detector, Billing: explorer.BillingOptions{TrackOnly: true}})
	j.db, j.svc, j.projects = db, svcs.Core, svcs.Projects
	return j
}

func (j *jobsCLI) run(stdin string, args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := run(append(args, "--data", j.dir), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func (j *jobsCLI) as(t *testing.T, name string) context.Context {
	u, err := j.svc.FindUser(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return explorer.WithUser(context.Background(), u)
}

// TestProjectStepsRunAsJobs: the command line's import and explore are
// jobs of the owner's, listed as a server lists them, done, with their
// progress counted to the end and printed on stderr; the command runs
// only its own jobs (a job a server queued for another user stays
// queued).
func TestProjectStepsRunAsJobs(t *testing.T) {
	j := newJobsCLI(t)
	bob := j.as(t, "bob")
	// Queued by a server, which has not claimed it yet.
	queued := &projects.Job{OwnerID: explorer.UserFromContext(bob).ID, Kind: projects.JobExplore, ProjectID: 2, Created: j.svc.Now()}
	if err := j.db.CreateJob(context.Background(), queued, projects.MaxQueuedJobs); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := j.run("", "project", "explore", "1")
	if err != nil || !strings.Contains(out, `EXPLORED on "comment"`) || !strings.Contains(errOut, "exploring project 1: job ") ||
		!strings.Contains(errOut, "done 100%") {
		t.Fatalf("explore: %v %q %q", err, out, errOut)
	}
	list, err := j.projects.Jobs(j.as(t, "ann"))
	if err != nil || len(list) != 2 {
		t.Fatalf("ann's jobs %+v %v", list, err)
	}
	ex, im := list[0], list[1]
	if ex.Kind != projects.JobExplore || ex.State != projects.JobDone || ex.Total < 3000 || ex.Done != ex.Total || ex.ProjectID != 1 {
		t.Fatalf("explore job %+v", ex)
	}
	if im.Kind != projects.JobImport || im.State != projects.JobDone || im.Unit != projects.UnitBytes || im.Done != im.Total || !strings.HasPrefix(im.Instance, "cli-") {
		t.Fatalf("import job %+v", im)
	}
	if got, err := j.projects.Job(bob, queued.ID); err != nil || got.State != projects.JobQueued {
		t.Fatalf("bob's job queued by a server %+v %v", got, err)
	}
}

// TestProjectCommandInterrupted: an interrupted command (Ctrl-C) cancels
// its job, as the pages' Cancel does; the project is left as it was and
// explores again. A command that died with its job running leaves the
// job to the server's recovery: interrupted, the project FAILED, and
// explored again from the command line.
func TestProjectCommandInterrupted(t *testing.T) {
	j := newJobsCLI(t)
	ann := j.as(t, "ann")
	// A job of ann's runs on a server: the command's job waits behind it.
	bg := context.Background()
	other := &projects.Job{OwnerID: explorer.UserFromContext(ann).ID, Kind: projects.JobLearnWords, ProjectID: 1, Created: j.svc.Now()}
	if err := j.db.CreateJob(bg, other, projects.MaxQueuedJobs); err != nil {
		t.Fatal(err)
	}
	if c, err := j.db.ClaimJob(bg, "server", j.svc.Now()); err != nil || c == nil || c.ID != other.ID {
		t.Fatalf("claim %+v %v", c, err)
	}
	var errb bytes.Buffer
	cli := domains.New(j.db, explorer.Options{Detector: detector, Instance: cliInstance(), OwnJobsOnly: true, Billing: explorer.BillingOptions{TrackOnly: true}})
	r := &projectRun{ctx: bg, db: j.db, svc: cli.Core, projects: cli.Projects, stdout: &bytes.Buffer{}, stderr: &errb}
	sub, err := cli.Projects.SubmitExplore(ann, 1, "", projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	interrupted, cancel := context.WithCancel(ann)
	cancel()
	if _, err := r.awaitJob(interrupted, sub, "exploring"); err == nil || !strings.Contains(err.Error(), "interrupted: job") {
		t.Fatalf("interrupted: %v %q", err, errb.String())
	}
	if got, _ := j.projects.Job(ann, sub.ID); got.State != projects.JobCancelled {
		t.Fatalf("the interrupted command's job %+v", got)
	}
	if err := j.db.EndJob(bg, other.ID, projects.JobEnd{State: projects.JobDone}, j.svc.Now()); err != nil {
		t.Fatal(err)
	}

	// A command killed during its explore: the server's start recovers.
	dead := &projects.Job{OwnerID: other.OwnerID, Kind: projects.JobExplore, ProjectID: 1, Created: j.svc.Now()}
	if err := j.db.CreateJob(bg, dead, projects.MaxQueuedJobs); err != nil {
		t.Fatal(err)
	}
	if c, err := j.db.ClaimJob(bg, cliInstance(), j.svc.Now()); err != nil || c == nil || c.ID != dead.ID {
		t.Fatalf("claim %+v %v", c, err)
	}
	if err := j.db.SetProjectStatus(bg, 1, explorer.ProjectExploring, ""); err != nil {
		t.Fatal(err)
	}
	if n, err := j.projects.RecoverJobs(bg); err != nil || n != 1 {
		t.Fatalf("recovered %d: %v", n, err)
	}
	if _, err := j.projects.RecoverProjects(bg); err != nil {
		t.Fatal(err)
	}
	if p, _ := j.projects.Project(ann, 1); p.Status != explorer.ProjectFailed {
		t.Fatalf("project %s %q", p.Status, p.StatusMessage)
	}
	if out, errOut, err := j.run("", "project", "explore", "1"); err != nil || !strings.Contains(out, "EXPLORED") {
		t.Fatalf("explore again: %v %q %q", err, out, errOut)
	}
}
