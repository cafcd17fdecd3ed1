package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	explorer "explorer"
	"explorer/internal/tablefile"
	mdl "explorer/models"
	prj "explorer/projects"
	"explorer/views"
	"explorer/views/projects"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// projectsRoutes registers the projects pages.
func (s *server) projectsRoutes(r fiber.Router) {
	r.Get("/projects", s.projectsPage)
	r.Post("/projects/import", s.importProject)
	r.Post("/projects/bulk-delete", s.bulkDeleteProjects)
	r.Post("/projects/failed/delete", s.deleteFailedImports)
	r.Post("/projects/import/cost", s.importCost)
	r.Get("/projects/:id", s.projectPage)
	r.Post("/projects/:id/explore", s.exploreProject)
	r.Post("/projects/:id/wordspace", s.buildProjectSpace)
	r.Post("/projects/:id/apply", s.applyModel)
	r.Get("/projects/:id/apply-models", s.applyModels)
	r.Post("/projects/:id/model", s.createModelFromProject)
	r.Get("/projects/:id/topics", s.projectTopicsPage)
	r.Post("/projects/:id/append", s.appendProject)
	r.Post("/projects/:id/delete", s.deleteProject)
	r.Post("/projects/:id/discover", s.discoverTopics)
	r.Post("/projects/:id/discover/add", s.addDiscoveredTopic)
	s.projectsTonalityRoutes(r)
	s.projectsJobsRoutes(r)
}

// modelTitle is how a project names its model: the title of the model
// read with it, "model N" when it has none or the owner may no longer see
// the model, "" when none is applied.
func modelTitle(p *explorer.Project) string {
	if p.ModelID == nil {
		return ""
	}
	if p.Model != nil {
		if t := titleOf(p.Model.Title); t != "" {
			return t
		}
	}
	return "model " + strconv.FormatInt(*p.ModelID, 10)
}

func (s *server) projectsView(c *fiber.Ctx) (projects.ListView, error) {
	v := projects.ListView{Page: page(c, "Projects", "projects")}
	st, q, err := readListState(c, "/projects", explorer.ProjectSorts, "rows")
	if err != nil {
		return v, err
	}
	list, total, err := s.projects.ProjectList(ctx(c), q)
	if err != nil {
		return v, err
	}
	st.Noun, st.Singular, st.Total = "projects", "project", total
	v.List = st
	v.Projects = projectRows(c, list)
	failed, n, err := s.projects.FailedImports(ctx(c), explorer.ListQuery{Desc: true, Page: explorer.Page{Limit: views.ListSizes[len(views.ListSizes)-1]}})
	if err != nil {
		return v, err
	}
	v.Failed, v.FailedTotal = projectRows(c, failed), n
	return v, nil
}

// projectRows are the list's rows of projects.
func projectRows(c *fiber.Ctx, list []*explorer.Project) []projects.Row {
	out := make([]projects.Row, 0, len(list))
	for _, p := range list {
		out = append(out, projects.Row{
			ID: p.ID, Title: p.Title, Status: p.Status, StatusMessage: p.StatusMessage, Rows: p.Rows,
			Model: modelTitle(p), Created: formatTime(c, p.Created),
		})
	}
	return out
}

func (s *server) projectsPage(c *fiber.Ctx) error {
	v, err := s.projectsView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, projects.List(v))
}

func (s *server) projectsAnswer(c *fiber.Ctx, form projects.ImportForm, ferr error) error {
	v, err := s.projectsView(c)
	if err != nil {
		return err
	}
	v.Form, v.NeedCredits = form, explorer.ErrorCode(ferr) == explorer.EPAYMENT
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return projects.ListSection(v) }, func() templ.Component { return projects.List(v) })
}

// tableFromForm opens the uploaded file of a form.
func tableFromForm(c *fiber.Ctx) (tablefile.File, func(), error) {
	mf, err := c.MultipartForm()
	if err != nil {
		return tablefile.File{}, func() {}, explorer.Invalid("choose a .csv, .xls or .xlsx file to upload")
	}
	file, closer, err := tablefile.FromForm(mf, "file", strings.TrimSpace(c.FormValue("encoding")))
	if err != nil {
		return file, func() {}, err
	}
	return file, func() { closer.Close() }, nil
}

// importCost answers what importing (or appending) the chosen file would
// cost, storing nothing: the line under the file field.
func (s *server) importCost(c *fiber.Ctx) error {
	file, done, err := tableFromForm(c)
	if err == nil {
		defer done()
		var cost *explorer.CreditCost
		if cost, err = s.accounts.ImportCost(ctx(c), file); err == nil {
			return render(c, http.StatusOK, projects.ImportCost(projects.CostView{Rows: cost.Rows, Credits: cost.Credits, Balance: cost.Balance, Payable: cost.Payable()}))
		}
	}
	if code := explorer.ErrorCode(err); code == explorer.EINTERNAL || code == explorer.EFORBIDDEN {
		return err
	}
	return render(c, formStatus(err), projects.ImportCost(projects.CostView{Error: pageMessage(c, err)}))
}

func (s *server) importProject(c *fiber.Ctx) error {
	form := projects.ImportForm{Title: c.FormValue("title"), Encoding: c.FormValue("encoding")}
	file, done, err := tableFromForm(c)
	if err != nil {
		return s.projectsAnswer(c, form, err)
	}
	defer done()
	// The job may read the file after the request: a copy outlives it.
	kept, release, err := file.Detached("")
	if err != nil {
		return err
	}
	j, err := s.projects.SubmitImport(ctx(c), prj.ImportProjectInput{Title: form.Title, File: kept, FileName: file.Name}, file.Size, release)
	if err == nil {
		_, err = s.awaitPageJob(c, j)
	}
	if err != nil {
		return s.projectsAnswer(c, form, err)
	}
	return redirect(c, "/projects/"+strconv.FormatInt(j.ProjectID, 10))
}

func (s *server) projectView(c *fiber.Ctx, id int64) (projects.DetailView, error) {
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return projects.DetailView{}, err
	}
	v := projects.DetailView{
		Page: page(c, p.Title, "projects"), ID: p.ID, Title: p.Title, Status: p.Status, StatusMessage: p.StatusMessage,
		Rows: p.Rows, Encoding: p.Encoding, Language: p.Language, Created: formatTime(c, p.Created),
		TextColumn: p.TextColumn, ExploredTexts: p.ExploredTexts,
		NewModel: projects.NewModelForm{Title: p.Title},
	}
	v.Explore = projects.ExploreForm{DefaultTopics: prj.ExploreTopics, FeedbackTopics: prj.FeedbackExploreTopics,
		MaxTopics: prj.MaxExploreTopics, MaxGroups: prj.MaxExploreGroups}
	v.Discover = projects.DiscoverView{ProjectID: p.ID, CSRF: v.Page.CSRF, Explore: v.Explore}
	if p.ModelID != nil {
		v.ModelID, v.Model = *p.ModelID, modelTitle(p)
		v.Discover.Model = v.Model
	}
	for _, h := range p.Headers {
		v.Headers = append(v.Headers, projects.Header{Name: h.Header, DataSize: h.ColumnDataSize, EmptyCells: h.NumberOfEmptyCells,
			Language: h.SuggestedLanguage, TimeSeries: h.TimeSeriesCandidate, NPS: h.NPSCandidate, Filt: h.Filterable})
	}
	for _, g := range p.Structure.Groups {
		vg := projects.Group{Title: g.Title}
		for _, t := range g.Topics {
			n, counted := p.TopicCounts[t.ID]
			vg.Topics = append(vg.Topics, projects.Topic{Title: t.Title, Terms: strings.Join(t.Terms, ", "), Texts: n, Counted: counted})
		}
		v.Groups = append(v.Groups, vg)
	}
	if err := s.tonalityView(c, p, &v); err != nil {
		return v, err
	}
	j, err := s.projects.ProjectJob(ctx(c), p.ID)
	if err != nil {
		return v, err
	}
	v.Job = jobView(c, j, p.Status, s.svc.Now())
	made, err := s.models.SourcedModels(ctx(c), p.ID)
	if err != nil {
		return v, err
	}
	for _, m := range made {
		v.MadeModels = append(v.MadeModels, projects.ModelChoice{ID: m.ID, Title: shownModelTitle(m), Type: m.Type})
	}
	v.Apply, err = s.applyPicker(c)
	return v, err
}

// applyPicker loads the "Apply a model" picker: the caller's models whose
// title holds ?model_q= (the models list's search), newest first. A
// search that cannot be read lists every model.
func (s *server) applyPicker(c *fiber.Ctx) (projects.ApplyPicker, error) {
	p := projects.ApplyPicker{Q: strings.TrimSpace(c.Query("model_q"))}
	if explorer.CheckText("model_q", p.Q) != nil || utf8.RuneCountInString(p.Q) > listQueryMax {
		p.Q = ""
	}
	list, total, err := s.models.ModelList(ctx(c), explorer.ListQuery{Q: p.Q, Desc: true, Page: explorer.Page{Limit: projects.ApplyShown}})
	if err != nil {
		return p, err
	}
	p.Total, p.All = total, total
	if p.Q != "" {
		if _, p.All, err = s.models.ModelList(ctx(c), explorer.ListQuery{Desc: true, Page: explorer.Page{Limit: 1}}); err != nil {
			return p, err
		}
	}
	for _, m := range list {
		title := titleOf(m.Title)
		if title == "" {
			title = "Untitled model " + strconv.FormatInt(m.ID, 10)
		}
		p.Models = append(p.Models, projects.ModelChoice{ID: m.ID, Title: title, Type: m.Type})
	}
	return p, nil
}

// applyModels answers the picker's list for the text typed (htmx).
func (s *server) applyModels(c *fiber.Ctx) error {
	if _, err := param(c, "id"); err != nil {
		return err
	}
	p, err := s.applyPicker(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, projects.ApplyModels(p))
}

func (s *server) projectPage(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	v, err := s.projectView(c, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, projects.Detail(v))
}

// projectAnswer shows the project page after a form: the notice, or the
// form's error with 422.
func (s *server) projectAnswer(c *fiber.Ctx, id int64, notice string, ferr error) error {
	if ferr != nil && (explorer.ErrorCode(ferr) == explorer.EINTERNAL || explorer.ErrorCode(ferr) == explorer.ENOTFOUND && !s.projectExists(c, id)) {
		return ferr
	}
	v, err := s.projectView(c, id)
	if err != nil {
		return err
	}
	v.Notice, v.NeedCredits = notice, explorer.ErrorCode(ferr) == explorer.EPAYMENT
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return projects.DetailSection(v) }, func() templ.Component { return projects.Detail(v) })
}

func (s *server) projectExists(c *fiber.Ctx, id int64) bool {
	_, err := s.projects.Project(ctx(c), id)
	return err == nil
}

func (s *server) exploreProject(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	opt, err := exploreOptions(c)
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	j, err := s.projects.SubmitExplore(ctx(c), id, c.FormValue("column"), opt)
	ended := false
	if err == nil {
		ended, err = s.awaitPageJob(c, j)
	}
	if err != nil || !ended {
		return s.runningAnswer(c, id, err)
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	return s.projectAnswer(c, id, "Explored "+strconv.Itoa(p.ExploredTexts)+" texts of the column "+p.TextColumn+".", nil)
}

func (s *server) buildProjectSpace(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	j, err := s.projects.SubmitLearnWords(ctx(c), id)
	ended := false
	if err == nil {
		ended, err = s.awaitPageJob(c, j)
	}
	if err != nil || !ended {
		return s.runningAnswer(c, id, err)
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	return s.projectAnswer(c, id, fmt.Sprintf("Learned the words of the %s column's texts: they join the suggestions of your account's poles in %s.",
		p.TextColumn, textLanguage(p)), nil)
}

// textLanguage is the language of the project's explored column: its
// suggested language, else the project's.
func textLanguage(p *explorer.Project) string {
	for _, h := range p.Headers {
		if strings.EqualFold(h.Header, p.TextColumn) && h.SuggestedLanguage != "" {
			return h.SuggestedLanguage
		}
	}
	return p.Language
}

// exploreOptions reads the numbers of the explore form: blank is 0 (the
// default). Their bounds are the Service's (ExploreOptions).
func exploreOptions(c *fiber.Ctx) (prj.ExploreOptions, error) {
	var opt prj.ExploreOptions
	for _, f := range []struct {
		name string
		to   *int
	}{{"topics", &opt.Topics}, {"groups", &opt.Groups}} {
		v := strings.TrimSpace(c.FormValue(f.name))
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return opt, explorer.Invalid("the number of "+f.name+" must be a whole number",
				explorer.FieldError{Field: f.name, Message: "a whole number"})
		}
		*f.to = n
	}
	return opt, nil
}

func (s *server) applyModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	model, err := strconv.ParseInt(c.FormValue("model"), 10, 64)
	if err != nil || model < 1 {
		return s.projectAnswer(c, id, "", explorer.Invalid("choose a model to apply"))
	}
	j, err := s.projects.SubmitApply(ctx(c), id, model)
	ended := false
	if err == nil {
		ended, err = s.awaitPageJob(c, j)
	}
	if err != nil || !ended {
		return s.runningAnswer(c, id, err)
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	if p.Status == explorer.ProjectExplored {
		return s.projectAnswer(c, id, "Model applied: its topics are counted in the "+strconv.Itoa(p.ExploredTexts)+" texts of the column "+p.TextColumn+".", nil)
	}
	return s.projectAnswer(c, id, "Model applied: explore the project to count its topics.", nil)
}

// createModelFromProject creates a model from the project's topics, as
// POST /v1/models/create does, and shows the new model.
func (s *server) createModelFromProject(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	form := projects.NewModelForm{Title: c.FormValue("title"), Dynamic: c.FormValue("dynamic") != ""}
	title := strings.TrimSpace(form.Title)
	keep, ferr := keptTopics(c)
	var m *mdl.Model
	if ferr == nil {
		m, ferr = s.models.CreateModelFromTopics(ctx(c), id, mdl.ModelUpdate{Title: &title, Dynamic: form.Dynamic}, keep)
	}
	if ferr != nil {
		if explorer.ErrorCode(ferr) == explorer.EINTERNAL || explorer.ErrorCode(ferr) == explorer.ENOTFOUND && !s.projectExists(c, id) {
			return ferr
		}
		v, err := s.projectView(c, id)
		if err != nil {
			return err
		}
		v.NewModel = form
		if keep != nil {
			// The evidence is shown again with the person's choice.
			ev, _ := s.evidence(c, id, idSet(keep), "")
			v.Evidence = &ev
		}
		return formAnswer(c, ferr, func(msg string) { v.NewModelError = msg },
			func() templ.Component { return projects.DetailSection(v) }, func() templ.Component { return projects.Detail(v) })
	}
	// The new model's page says where it came from (?made=1).
	return redirect(c, "/models/"+strconv.FormatInt(m.ID, 10)+"?made=1")
}

// shownModelTitle is a model's title, or a name for one without.
func shownModelTitle(m explorer.ModelInfo) string {
	if t := titleOf(m.Title); t != "" {
		return t
	}
	return "Untitled model " + strconv.FormatInt(m.ID, 10)
}

func (s *server) appendProject(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	file, done, err := tableFromForm(c)
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	defer done()
	p, err := s.projects.AppendProjectRows(ctx(c), id, file)
	if err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	return s.projectAnswer(c, id, "Rows appended: the project has "+strconv.Itoa(p.Rows)+" rows.", nil)
}

func (s *server) deleteProject(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	if err := s.projects.DeleteProject(ctx(c), id); err != nil {
		return s.projectAnswer(c, id, "", err)
	}
	return redirect(c, "/projects")
}

func idSet(ids []int64) map[int64]bool {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}
