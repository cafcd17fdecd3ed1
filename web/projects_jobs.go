package web

import (
	prj "explorer/projects"
	"net/http"
	"strconv"
	"time"

	explorer "explorer"
	"explorer/internal/wording"
	"explorer/views/projects"

	"github.com/gofiber/fiber/v2"
)

// pageJobWait is how long a page's form waits for the job it started:
// a quicker job answers as the step did before; a longer one shows the
// project page with its progress bar.
const pageJobWait = 2 * time.Second

// projectsJobsRoutes registers a project's job box: its progress (htmx
// polls it), cancel and start again.
func (s *server) projectsJobsRoutes(r fiber.Router) {
	r.Get("/projects/:id/job", s.projectJob)
	r.Post("/projects/:id/job/cancel", s.cancelProjectJob)
	r.Post("/projects/:id/job/again", s.startProjectJobAgain)
}

var jobKinds = map[string]string{
	prj.JobImport:     "Importing",
	prj.JobExplore:    "Exploring",
	prj.JobApply:      "Applying the model",
	prj.JobLearnWords: "Learning words",
	prj.JobMeasure:    "Measuring tonality",
}

// jobView is the job box of j at now (the service's clock); nil when
// there is nothing to show (a job done, or one that failed on a project
// that is no longer FAILED).
func jobView(c *fiber.Ctx, j *prj.Job, status string, now time.Time) *projects.JobView {
	if j == nil || j.State == prj.JobDone ||
		(j.Ended() && j.State != prj.JobInterrupted && status != explorer.ProjectFailed) {
		return nil
	}
	v := &projects.JobView{ID: j.ID, ProjectID: j.ProjectID, Kind: jobKinds[j.Kind], State: j.State,
		Percent: int(j.Progress() * 100), Done: j.Done, Total: j.Total, Bytes: j.Unit == prj.UnitBytes,
		Error: j.Error, CSRF: page(c, "", "").CSRF,
		// An import's file is gone; a measurement that failed left its
		// project FAILED: explore it again instead.
		Again: j.Kind != prj.JobImport && (j.Kind != prj.JobMeasure || j.State == prj.JobInterrupted)}
	if left := j.Left(now); left > 0 {
		v.Left = "about " + wording.AboutDuration(left) + " left"
	}
	return v
}

// projectJob answers the job box of a project's newest job; once the job
// it showed has ended, htmx reloads the page (HX-Refresh) to show the
// step's result.
func (s *server) projectJob(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	j, err := s.projects.ProjectJob(ctx(c), id)
	if err != nil {
		return err
	}
	if isHTMX(c) && (j == nil || j.Ended()) {
		c.Set("HX-Refresh", "true")
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	v := jobView(c, j, p.Status, s.svc.Now())
	if v == nil {
		v = &projects.JobView{ProjectID: id}
	}
	return render(c, http.StatusOK, projects.JobProgress(*v))
}

func (s *server) cancelProjectJob(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	j, err := s.projects.ProjectJob(ctx(c), id)
	if err == nil && j == nil {
		err = explorer.Errorf(explorer.ECONFLICT, "project %d has no job to cancel", id)
	}
	if err == nil {
		_, err = s.projects.CancelJob(ctx(c), j.ID)
	}
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	return redirect(c, "/projects/"+strconv.FormatInt(id, 10))
}

func (s *server) startProjectJobAgain(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	j, err := s.projects.ProjectJob(ctx(c), id)
	if err == nil && j == nil {
		err = explorer.Errorf(explorer.ECONFLICT, "project %d has no job to start again", id)
	}
	if err == nil {
		_, err = s.projects.StartJobAgain(ctx(c), j.ID)
	}
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	return redirect(c, "/projects/"+strconv.FormatInt(id, 10))
}

// awaitPageJob waits up to pageJobWait for a job a form started: ended
// tells whether it ended (err is then its step's error).
func (s *server) awaitPageJob(c *fiber.Ctx, j *prj.Job) (ended bool, err error) {
	_, ended, err = s.projects.WaitJobFor(ctx(c), j.ID, pageJobWait)
	return ended, err
}

// runningNotice is the notice of a form whose job goes on.
const runningNotice = "This takes a while: it runs in the background, and its progress shows below (you may leave the page)."

// runningAnswer is the project page after a form whose job failed (err)
// or goes on (the notice, with the progress bar).
func (s *server) runningAnswer(c *fiber.Ctx, id int64, err error) error {
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	return s.projectAnswer(c, id, runningNotice, nil)
}
