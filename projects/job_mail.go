package projects

import (
	"context"
	"fmt"
	"time"

	"explorer"
	"explorer/internal/wording"
)

// jobMailAfter is how long a job must have run for its end to be mailed
// to its owner (issue 31: "the owner can be mailed when a long job
// ends"): one who waited a minute has likely turned to something else,
// while a job of seconds ends in front of them.
const jobMailAfter = time.Minute

// mailJobEnd queues, when j (just ended here as end says, at now) was one
// its owner asked for, ran at least jobMailAfter and ended done, failed
// or interrupted (a restart, or its instance died), the mail that tells
// its owner so: through the kernel's outbox
// (explorer.Service.Notify: only with --smtp, the owner's e-mail
// notifications on and an address), unless the owner turned
// mailWhenJobEnds off. Another instance's interrupt or a cancel that came
// first (the job's stored state is not end's) mails nothing. A failure
// here is logged: the job's end is written already.
func (s *Service) mailJobEnd(j *Job, end JobEnd, now time.Time) {
	if !s.root.Mails() || j.Kind == JobMeasure || j.Started.IsZero() || now.Sub(j.Started) < jobMailAfter ||
		(end.State != JobDone && end.State != JobFailed && end.State != JobInterrupted) {
		return
	}
	ctx := context.Background()
	err := s.root.InTx(ctx, func(ctx context.Context) error {
		ended, err := s.store.FindJob(ctx, j.ID)
		if err != nil || ended.State != end.State {
			return err
		}
		values, err := s.store.FindSettings(ctx, j.OwnerID)
		if err != nil || values[explorer.SettingMailWhenJobEnds] == "false" {
			return err
		}
		owner, err := s.store.FindUserByID(ctx, j.OwnerID)
		if err != nil {
			return err
		}
		p, err := s.store.FindProject(ctx, j.ProjectID)
		if err != nil {
			return err
		}
		_, err = s.root.Notify(ctx, owner, jobEndMail(ended, p.Title, now.Sub(j.Started), s.root.PageLink(fmt.Sprintf("/projects/%d", p.ID))))
		return err
	})
	if err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND { // the project went away
		s.log.Warn("mailing a job's end", "job", j.ID, "err", err)
	}
}

// jobWhat names a job's step in a sentence.
var jobWhat = map[string]string{
	JobImport:     "The import",
	JobExplore:    "The exploration",
	JobApply:      "The application of a model",
	JobLearnWords: "The learning of words",
}

// jobEndMail is the mail that the job j of the project titled title ended
// after took, with the link to the project's page.
func jobEndMail(j *Job, title string, took time.Duration, link string) explorer.Notice {
	what := jobWhat[j.Kind]
	ended := "is done"
	next := explorer.WherePage("See what it made", "project's", link)
	switch j.State {
	case JobFailed:
		ended = "failed"
		next = fmt.Sprintf("The reason: %s\n\n", j.Error) + explorer.WherePage("Retry or delete it", "project's", link)
	case JobInterrupted:
		ended = "was interrupted"
		next = "The server stopped while it ran. " + explorer.WherePage("Start it again", "project's", link)
	}
	subject := fmt.Sprintf("%s of “%s” %s", what, title, ended)
	body := fmt.Sprintf("%s of the project “%s” %s, after about %s.\n\n", what, title, ended, wording.AboutDuration(took)) + next
	return explorer.Notice{Subject: subject, Body: body, About: fmt.Sprintf("job:%d", j.ID)}
}

// mailInterrupted mails the end of each job of list, just interrupted, by
// mailJobEnd's rules (a measurement is queued again instead). A job ran
// until its last progress write (Updated, as read before it was marked
// interrupted), not until the restart that found it: the time the server
// was down is not the job's.
func (s *Service) mailInterrupted(list []*Job) {
	for _, j := range list {
		ran := j.Updated
		if ran.Before(j.Started) {
			ran = j.Started
		}
		s.mailJobEnd(j, JobEnd{State: JobInterrupted, Message: j.Error}, ran)
	}
}
