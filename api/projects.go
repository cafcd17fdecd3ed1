package api

import (
	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/projects"

	"github.com/gofiber/fiber/v2"
)

// projectsRoutes registers the projects extension: import, read, explore,
// apply a model, read the topics' evidence and delete, through the
// Service methods the pages call.
func (h *handler) projectsRoutes(r fiber.Router) {
	r.Get("/projects", h.listProjects)
	r.Post("/projects", h.importProject)
	r.Get("/projects/:id", h.getProject)
	r.Delete("/projects/:id", h.deleteProject)
	r.Post("/projects/:id/explore", h.exploreProject)
	r.Post("/projects/:id/apply", h.applyProjectModel)
	r.Get("/projects/:id/topics", h.projectTopics)
	r.Post("/projects/:id/discover", h.discoverTopics)
	h.projectsTonalityRoutes(r)
}

func (h *handler) listProjects(c *fiber.Ctx) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.projects.ProjectsPage(c.UserContext(), page)
	if err != nil {
		return err
	}
	out := make([]projectInfo, 0, len(list))
	for _, p := range list {
		out = append(out, projectInfoAnswer(p))
	}
	return sendList(c, page, more, out)
}

// importProject reads the multipart part file (named by the part
// fileName when given), the title (query or form field; else the file's
// name) and the query parameter encoding.
func (h *handler) importProject(c *fiber.Ctx) error {
	form, file, closer, err := uploadedTable(c, "the import")
	if err != nil {
		return err
	}
	defer closer.Close()
	title := c.Query("title")
	if v := form.Value["title"]; title == "" && len(v) > 0 {
		title = v[0]
	}
	in := projects.ImportProjectInput{Title: title, File: file, FileName: file.Name}
	if dry, err := queryBool(c, "dryRun", false); err != nil || dry {
		if err != nil {
			return err
		}
		return h.importCost(c, in)
	}
	if respondAsync(c) {
		// The job reads the file after the request: a copy outlives it.
		kept, release, err := file.Detached("")
		if err != nil {
			return err
		}
		in.File = kept
		j, err := h.projects.SubmitImport(c.UserContext(), in, file.Size, release)
		if err != nil {
			return err
		}
		return sendAccepted(c, j)
	}
	j, err := h.projects.SubmitImport(c.UserContext(), in, file.Size, nil)
	if err != nil {
		return err
	}
	if _, err := h.projects.AwaitJob(c.UserContext(), j.ID); err != nil {
		return err
	}
	return h.sendProject(c, fiber.StatusCreated, j.ProjectID)
}

// importCost answers what an import would cost, storing nothing.
func (h *handler) importCost(c *fiber.Ctx, in projects.ImportProjectInput) error {
	cost, err := h.accounts.ImportCost(c.UserContext(), in.File)
	if err != nil {
		return err
	}
	return c.JSON(importCostAnswer{Rows: cost.Rows, Credits: cost.Credits, Balance: cost.Balance, Overdraft: cost.Overdraft, Payable: cost.Payable()})
}

// importCostAnswer is the answer of POST /v1/projects?dryRun=true.
type importCostAnswer struct {
	Rows      int   `json:"rows"`
	Credits   int64 `json:"credits"`
	Balance   int64 `json:"balance"`
	Overdraft int64 `json:"overdraft"`
	Payable   bool  `json:"payable"`
}

// sendProject answers the project id (Service.Project: its model info as its owner may see it) with status.
func (h *handler) sendProject(c *fiber.Ctx, status int, id int64) error {
	p, err := h.projects.Project(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.Status(status).JSON(projectInfoAnswer(p))
}

func (h *handler) getProject(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := h.projects.Project(c.UserContext(), id)
	if err != nil {
		return err
	}
	return sendTagged(c, projectInfoAnswer(p))
}

func (h *handler) deleteProject(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := h.projects.DeleteProject(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// exploreProject explores on the query parameter column (blank: the
// largest) with the query parameters topics and groups (blank: the
// defaults) as a job, and answers the explored project once it ends, or
// with "Prefer: respond-async" the job at once (202).
func (h *handler) exploreProject(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	opt, err := exploreQuery(c)
	if err != nil {
		return err
	}
	j, err := h.projects.SubmitExplore(c.UserContext(), id, c.Query("column"), opt)
	return h.runJob(c, j, err, func() error { return h.sendProject(c, fiber.StatusOK, id) })
}

// applyProjectModel applies the model of the query parameter modelId.
func (h *handler) applyProjectModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	modelID, ok, err := queryInt(c, "modelId")
	if err != nil {
		return err
	}
	if !ok || modelID < 1 {
		return explorer.Invalid("query parameter modelId is required and must be at least 1", explorer.FieldError{Field: "modelId", Message: "is required and must be at least 1"})
	}
	j, err := h.projects.SubmitApply(c.UserContext(), id, modelID)
	return h.runJob(c, j, err, func() error { return h.sendProject(c, fiber.StatusOK, id) })
}

// projectTopics answers the topics with their evidence and tonality, or
// with the query parameter format (csv or xlsx) their table as a file.
func (h *handler) projectTopics(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var format tablefile.Format
	if c.Query("format") != "" {
		if format, err = exportFormat(c); err != nil {
			return err
		}
	}
	t, err := h.projects.ProjectTopics(c.UserContext(), id)
	if err != nil {
		return err
	}
	if format != "" {
		return sendTopicsTable(c, format, t)
	}
	return sendTagged(c, projectTopicsAnswer(t))
}
