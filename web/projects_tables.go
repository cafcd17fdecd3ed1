package web

import (
	prj "explorer/projects"
	"net/http"
	"os"
	"strconv"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/views/chart"
	"explorer/views/projects"

	"github.com/gofiber/fiber/v2"
)

// projectsTonalityRoutes registers the pages tonality adds to a project:
// its texts, the breakdown and timeline of its topics, the exports of
// those tables and the choice of its poles.
func (s *server) projectsTonalityRoutes(r fiber.Router) {
	r.Get("/projects/:id/texts", s.textsPage)
	r.Get("/projects/:id/texts/export", s.exportTexts)
	r.Get("/projects/:id/topics/export", s.exportTopics)
	r.Get("/projects/:id/breakdown", s.tablePage("breakdown"))
	r.Get("/projects/:id/breakdown/export", s.exportTable("breakdown"))
	r.Get("/projects/:id/timeline", s.tablePage("timeline"))
	r.Get("/projects/:id/timeline/export", s.exportTable("timeline"))
	r.Post("/projects/:id/poles", s.setProjectPoles)
}

// tableOf reads a breakdown (by a filterable column) or a timeline (by
// the weeks or months of a date column) of a project.
func (s *server) tableOf(c *fiber.Ctx, kind string, id int64) (*prj.Breakdown, error) {
	if kind == "timeline" {
		return s.projects.ProjectTimeline(ctx(c), id, c.Query("column"), periodOf(c))
	}
	return s.projects.ProjectBreakdown(ctx(c), id, c.Query("column"))
}

// periodOf is the period asked for, month by default.
func periodOf(c *fiber.Ctx) string {
	if p := c.Query("period"); p != "" {
		return p
	}
	return prj.TimelineMonth
}

// tableColumns are the columns the page offers for a timeline or a
// breakdown (the service's rule).
func tableColumns(p *explorer.Project, kind string) []string {
	if kind == "timeline" {
		return prj.TimelineColumns(p)
	}
	return prj.BreakdownColumns(p)
}

// tablePage answers a breakdown or a timeline: the section for htmx, a
// page of its own otherwise. Refused parameters are shown with 422.
func (s *server) tablePage(kind string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := param(c, "id")
		if err != nil {
			return err
		}
		p, err := s.projects.Project(ctx(c), id)
		if err != nil {
			return err
		}
		v := projects.TableView{Page: page(c, p.Title, "projects"), ProjectID: id, Title: p.Title, Kind: kind,
			Column: c.Query("column"), Columns: tableColumns(p, kind), Period: periodOf(c)}
		status := http.StatusOK
		b, err := s.tableOf(c, kind, id)
		switch code := explorer.ErrorCode(err); {
		case err == nil:
			fillTable(&v, b)
		case code == explorer.EINVALID || code == explorer.ECONFLICT || code == explorer.EUNAVAILABLE:
			v.Error, status = pageMessage(c, withFields(err)), formStatus(err)
		default:
			return err
		}
		if isHTMX(c) {
			return render(c, status, projects.TableSection(v))
		}
		return render(c, status, projects.TablePage(v))
	}
}

// fillTable puts a breakdown's figures (and a timeline's charts) in v.
func fillTable(v *projects.TableView, b *prj.Breakdown) {
	v.Values = b.Values
	cells := func(cs []prj.TonalityCounts) []projects.Cell {
		out := make([]projects.Cell, len(cs))
		for i, c := range cs {
			out[i] = projects.Cell{Texts: c.Texts(), Net: signed(c.Net())}
		}
		return out
	}
	v.All = projects.BreakdownRow{Title: "All texts", Cells: cells(b.All)}
	top := 0
	for _, t := range b.Topics {
		v.Rows = append(v.Rows, projects.BreakdownRow{Title: t.Title, Cells: cells(t.Counts)})
		for _, c := range t.Counts {
			top = max(top, c.Texts())
		}
	}
	if v.Kind != "timeline" {
		return
	}
	for _, t := range b.Topics {
		texts, nets := make([]int, len(t.Counts)), make([]float64, len(t.Counts))
		for i, c := range t.Counts {
			texts[i], nets[i] = c.Texts(), c.Net()
		}
		v.Charts = append(v.Charts, projects.TopicTimeline{ID: t.ID, Title: t.Title, Chart: chart.NewTimeline(b.Values, texts, nets, top)})
	}
}

// exportTable answers a breakdown or a timeline as a CSV or XLSX file.
func (s *server) exportTable(kind string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := param(c, "id")
		if err != nil {
			return err
		}
		b, err := s.tableOf(c, kind, id)
		if err != nil {
			return err
		}
		return sendRows(c, "project-"+strconv.FormatInt(id, 10)+"-"+kind, kind, prj.BreakdownTable(b))
	}
}

func (s *server) exportTopics(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	t, err := s.projects.ProjectTopics(ctx(c), id)
	if err != nil {
		return err
	}
	return sendRows(c, "project-"+strconv.FormatInt(id, 10)+"-topics", "Topics", prj.TopicsTable(t))
}

func sendRows(c *fiber.Ctx, base, sheet string, rows [][]string) error {
	return sendTableFile(c, base, sheet, func(write func([]string) error) error {
		for _, r := range rows {
			if err := write(r); err != nil {
				return err
			}
		}
		return nil
	})
}

// exportTexts answers every text with its tonality and its topics'.
func (s *server) exportTexts(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	return sendTableFile(c, "project-"+strconv.FormatInt(id, 10)+"-texts", "Texts", func(write func([]string) error) error {
		return s.projects.ExportProjectTexts(ctx(c), id, write)
	})
}

// sendTableFile answers the rows fill writes as a file in the format the
// query asks (csv by default, xlsx), written to a temporary file first
// (unlinked at once) so that memory does not grow with the table.
func sendTableFile(c *fiber.Ctx, base, sheet string, fill func(write func([]string) error) error) error {
	f := tablefile.FormatCSV
	if q := c.Query("format"); q != "" {
		var err error
		if f, err = tablefile.ParseFormat(q); err != nil {
			return err
		}
	}
	file, err := os.CreateTemp("", "export-*")
	if err != nil {
		return explorer.Internal(err)
	}
	_ = os.Remove(file.Name())
	tw, err := tablefile.NewTableWriter(file, f, sheet)
	if err == nil {
		if err = fill(tw.Write); err == nil {
			err = tw.Close()
		}
	}
	var info os.FileInfo
	if err == nil {
		if _, err = file.Seek(0, 0); err == nil {
			info, err = file.Stat()
		}
	}
	if err != nil {
		file.Close()
		if explorer.ErrorCode(err) == explorer.EINTERNAL {
			return explorer.Internal(err)
		}
		return err
	}
	c.Set(fiber.HeaderContentType, f.ContentType())
	c.Set(fiber.HeaderContentDisposition, tablefile.ContentDisposition(base+"."+string(f)))
	return c.SendStream(file, int(info.Size()))
}
