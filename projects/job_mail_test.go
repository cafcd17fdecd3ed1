package projects_test

import (
	"context"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/smtptest"
	"explorer/internal/testkit"
	"explorer/projects"
)

// TestJobEndMailedWhenLong: a job of the owner's that ran a minute or
// more mails its end (issue 31 item 7); a quick one does not, nor one
// whose owner turned mailWhenJobEnds off.
func TestJobEndMailedWhenLong(t *testing.T) {
	srv, e, ps := mailedJobOwner(t)
	ann := e.As("ann")
	explore := func(minutes int) *projects.Job {
		t.Helper()
		h := holdJobs(e)
		j, err := e.Svc.SubmitExplore(ann, ps[0].ID, "", projects.ExploreOptions{Topics: 5})
		if err != nil {
			t.Fatal(err)
		}
		h.wait(t, j.ID)
		e.Clock.Advance(time.Duration(minutes) * time.Minute)
		close(h.release)
		if j, err = e.Svc.AwaitJob(ann, j.ID); err != nil || j.State != projects.JobDone {
			t.Fatalf("job %+v %v", j, err)
		}
		e.Svc.WaitJobs()
		return j
	}
	explore(0)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d mails for a quick job", n)
	}
	explore(2)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d mails for a two-minute job, want 1", n)
	}
	msgs := srv.Wait(1, 5*time.Second)
	if len(msgs) != 1 || msgs[0].To[0] != "ann@example.com" ||
		!strings.Contains(msgs[0].Subject, "The exploration of") || !strings.Contains(msgs[0].Subject, "survey of ann") {
		t.Fatalf("messages %+v", msgs)
	}
	if _, err := e.Svc.UpdateSettings(ann, []explorer.UserSetting{{Key: explorer.SettingMailWhenJobEnds, Value: "False"}}); err != nil {
		t.Fatal(err)
	}
	explore(3)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d mails with mailWhenJobEnds off", n)
	}
}

// TestJobInterruptedMailed: a job that ran a minute or more when the
// server stopped (until its last progress write: the time the server was
// down is not counted) mails its owner, at the next start, once, that it
// was interrupted, after how long, and where to start it again; one that
// had just started mails nothing.
func TestJobInterruptedMailed(t *testing.T) {
	srv, e, ps := mailedJobOwner(t)
	bg := context.Background()
	// run claims a job, writes its progress after ran, and starts the
	// server again after down more.
	run := func(ran, down time.Duration) {
		t.Helper()
		j := &projects.Job{OwnerID: ps[0].OwnerID, Kind: projects.JobExplore, ProjectID: ps[0].ID, Created: e.Clock.Now()}
		if err := e.DB.CreateJob(bg, j, 5); err != nil {
			t.Fatal(err)
		}
		if c, err := e.DB.ClaimJob(bg, "", e.Clock.Now()); err != nil || c == nil || c.ID != j.ID {
			t.Fatalf("claim %+v %v", c, err)
		}
		e.Clock.Advance(ran)
		if _, err := e.DB.SetJobProgress(bg, j.ID, 10, 100, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(down)
		if n, err := e.Svc.RecoverJobs(bg); err != nil || n != 1 {
			t.Fatalf("recovered %d %v", n, err)
		}
		if n, err := e.Svc.RecoverJobs(bg); err != nil || n != 0 {
			t.Fatalf("recovered again: %d %v", n, err) // told once
		}
	}
	run(10*time.Second, time.Hour) // the hour the server was down is not the job's
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d mails for a job interrupted after 10 seconds", n)
	}
	run(5*time.Minute, time.Hour)
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d mails for a job interrupted after 5 minutes, want 1", n)
	}
	msgs := srv.Wait(1, 5*time.Second)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "The exploration of") || !strings.Contains(msgs[0].Subject, "was interrupted") ||
		!strings.Contains(msgs[0].Body, "Start it again on the project's page") || !strings.Contains(msgs[0].Body, "after about 5 minutes") {
		t.Fatalf("messages %+v", msgs)
	}
}

// mailedJobOwner returns a mail server, an environment that mails through
// it and ann's job projects; ann has an e-mail address.
func mailedJobOwner(t *testing.T) (*smtptest.Server, *testkit.Env, []*explorer.Project) {
	t.Helper()
	srv, sender := testkit.MailServer(t)
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = sender })
	ps := jobProjects(t, e, 300, "ann")
	if _, err := e.Svc.UpdateSettings(e.As("ann"), []explorer.UserSetting{{Key: "emailAddress", Value: "ann@example.com"}}); err != nil {
		t.Fatal(err)
	}
	return srv, e, ps
}
