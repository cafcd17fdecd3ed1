package api

import (
	"explorer/projects"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// JobWaits are the routes ("METHOD /path") that run a job and, without
// "Prefer: respond-async", wait for it: the edge gives them no request
// deadline of their own (the job runs outside the request).
func JobWaits() []string {
	return []string{"POST /v1/projects", "POST /v1/projects/:id/explore", "POST /v1/projects/:id/apply"}
}

// jobsRoutes registers the caller's jobs: list, read, cancel.
func (h *handler) jobsRoutes(r fiber.Router) {
	r.Get("/jobs", h.listJobs)
	r.Get("/jobs/:id", h.getJob)
	r.Delete("/jobs/:id", h.cancelJob)
}

// jobJSON is a job on the wire.
type jobJSON struct {
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
	Created   int64   `json:"created"`
}

func jobAnswer(j *projects.Job) jobJSON {
	out := jobJSON{ID: j.ID, Kind: j.Kind, State: j.State, Progress: j.Progress(), Done: j.Done, Total: j.Total,
		Unit: j.Unit, ProjectID: j.ProjectID, Created: j.Created.UnixMilli()}
	if j.State == projects.JobDone {
		out.Done = max(out.Done, out.Total)
		r := "/v1/projects/" + strconv.FormatInt(j.ProjectID, 10)
		out.Result = &r
	}
	if j.Error != "" {
		e := j.Error
		out.Error = &e
	}
	return out
}

func jobLocation(id int64) string { return "/v1/jobs/" + strconv.FormatInt(id, 10) }

// respondAsync tells whether the request asks "Prefer: respond-async".
func respondAsync(c *fiber.Ctx) bool {
	for _, p := range strings.Split(c.Get("Prefer"), ",") {
		if strings.EqualFold(strings.TrimSpace(p), "respond-async") {
			return true
		}
	}
	return false
}

// sendAccepted answers a queued job: 202 with its Location.
func sendAccepted(c *fiber.Ctx, j *projects.Job) error {
	c.Set(fiber.HeaderLocation, jobLocation(j.ID))
	c.Set("Preference-Applied", "respond-async")
	return c.Status(fiber.StatusAccepted).JSON(jobAnswer(j))
}

// runJob answers a job just submitted: 202 with the job when the request
// prefers it async, else, once the job ended, done's answer (the job's
// error when it failed).
func (h *handler) runJob(c *fiber.Ctx, j *projects.Job, err error, done func() error) error {
	if err != nil {
		return err
	}
	if respondAsync(c) {
		return sendAccepted(c, j)
	}
	if _, err := h.projects.AwaitJob(c.UserContext(), j.ID); err != nil {
		return err
	}
	return done()
}

func (h *handler) listJobs(c *fiber.Ctx) error {
	list, err := h.projects.Jobs(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]jobJSON, 0, len(list))
	for _, j := range list {
		out = append(out, jobAnswer(j))
	}
	return c.JSON(out)
}

func (h *handler) getJob(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	j, err := h.projects.Job(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(jobAnswer(j))
}

// cancelJob cancels a queued or running job and answers it (a running
// one stops at its next progress check: its state follows).
func (h *handler) cancelJob(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	j, err := h.projects.CancelJob(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(jobAnswer(j))
}
