package api

import (
	"os"
	"strconv"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/projects"

	"github.com/gofiber/fiber/v2"
)

// projectsTonalityRoutes registers what tonality adds to projects: the
// texts with their tonality, the export of the texts, and the poles a
// project is measured with.
func (h *handler) projectsTonalityRoutes(r fiber.Router) {
	r.Get("/projects/:id/texts", h.projectTexts)
	r.Get("/projects/:id/export", h.exportProjectTexts)
	r.Get("/projects/:id/poles", h.projectPoles)
	r.Put("/projects/:id/poles", h.setProjectPoles)
}

// projectPolesBody is the body and answer of /projects/{id}/poles.
type projectPolesBody struct {
	PoleIDs []int64 `json:"poleIds"`
}

func (h *handler) projectPoles(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ids, err := h.projects.ProjectPoles(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(projectPolesBody{PoleIDs: nonNil(ids)})
}

func (h *handler) setProjectPoles(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var in struct {
		PoleIDs *[]int64 `json:"poleIds"`
	}
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.PoleIDs == nil {
		return explorer.Invalid("poleIds is required", explorer.FieldError{Field: "poleIds", Message: "is required (an empty list measures with no pole)"})
	}
	ids, err := h.projects.SetProjectPoles(c.UserContext(), id, *in.PoleIDs)
	if err != nil {
		return err
	}
	return c.JSON(projectPolesBody{PoleIDs: nonNil(ids)})
}

// projectTexts answers a page of texts with their tonality (query topic,
// tonality, pole, q, offset, limit).
func (h *handler) projectTexts(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	q, err := textQuery(c)
	if err != nil {
		return err
	}
	page, err := h.projects.ProjectTexts(c.UserContext(), id, q)
	if err != nil {
		return err
	}
	return sendTagged(c, textsPageAnswer(page))
}

// textQuery reads the query parameters of a listing of texts.
func textQuery(c *fiber.Ctx) (projects.TextQuery, error) {
	q := projects.TextQuery{Tonality: c.Query("tonality"), Q: c.Query("q")}
	var fields []explorer.FieldError
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"topic", &q.TopicID}, {"pole", &q.PoleID}} {
		v, given, err := queryInt(c, p.name)
		if err != nil {
			return q, err
		}
		if given && v < 1 {
			fields = append(fields, explorer.FieldError{Field: p.name, Message: "must be at least 1"})
		}
		*p.dst = v
	}
	for _, p := range []struct {
		name string
		dst  *int
	}{{"offset", &q.Offset}, {"limit", &q.Limit}} {
		v, given, err := queryInt(c, p.name)
		if err != nil {
			return q, err
		}
		if given && (v < 0 || v > 1<<31-1 || (p.name == "limit" && v == 0)) {
			fields = append(fields, explorer.FieldError{Field: p.name, Message: "out of range"})
		}
		*p.dst = int(min(max(v, -1), 1<<31-1))
	}
	if len(fields) > 0 {
		return q, explorer.Invalid("the listing of texts is not valid", fields...)
	}
	return q, nil
}

// exportFormat reads the query parameter format of the project exports:
// csv (the default) or xlsx.
func exportFormat(c *fiber.Ctx) (tablefile.Format, error) {
	if c.Query("format") == "" {
		return tablefile.FormatCSV, nil
	}
	return tablefile.ParseFormat(c.Query("format"))
}

// exportProjectTexts answers the texts with their tonality as a table.
// The table is written to a temporary file (unlinked at once) and sent
// from it, so that memory does not grow with the project.
func (h *handler) exportProjectTexts(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	f, err := exportFormat(c)
	if err != nil {
		return err
	}
	file, err := os.CreateTemp("", "export-*")
	if err != nil {
		return explorer.Internal(err)
	}
	_ = os.Remove(file.Name())
	tw, err := tablefile.NewTableWriter(file, f, "Texts")
	if err == nil {
		if err = h.projects.ExportProjectTexts(c.UserContext(), id, tw.Write); err == nil {
			err = tw.Close()
		}
	}
	if err == nil {
		_, err = file.Seek(0, 0)
	}
	if err != nil {
		file.Close()
		return err
	}
	return sendTable(c, f, "project-"+strconv.FormatInt(id, 10)+"-texts", file)
}

// sendTable answers a table file named base (the format's extension
// added); the answer closes it.
func sendTable(c *fiber.Ctx, f tablefile.Format, base string, body *os.File) error {
	info, err := body.Stat()
	if err != nil {
		body.Close()
		return explorer.Internal(err)
	}
	c.Set(fiber.HeaderContentType, f.ContentType())
	c.Set(fiber.HeaderContentDisposition, tablefile.ContentDisposition(base+"."+string(f)))
	return c.SendStream(body, int(info.Size()))
}
