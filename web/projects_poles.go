package web

import (
	prj "explorer/projects"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views/projects"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// polesForm is the form of a project's poles, chosen ticked (nil: the
// stored choice).
func (s *server) polesForm(c *fiber.Ctx, p *explorer.Project, chosen []int64) (projects.PolesForm, error) {
	lang, err := s.projects.ProjectTextsLanguage(ctx(c), p.ID)
	if err != nil {
		return projects.PolesForm{}, err
	}
	v := projects.PolesForm{ProjectID: p.ID, CSRF: page(c, "", "").CSRF, Language: lang, Max: prj.MaxProjectPoles}
	if chosen == nil {
		ids, err := s.projects.ProjectPoles(ctx(c), p.ID)
		if err != nil {
			return v, err
		}
		chosen = ids
	}
	list, err := s.poles.Poles(ctx(c))
	if err != nil {
		return v, err
	}
	ticked := idSet(chosen)
	for _, pole := range list {
		if strings.EqualFold(pole.Language, v.Language) || ticked[pole.ID] {
			v.Choices = append(v.Choices, projects.PoleChoice{ID: pole.ID, Name: pole.Name, Checked: ticked[pole.ID]})
		}
	}
	return v, nil
}

// setProjectPoles saves the poles ticked on the project page. A refusal
// is shown on the form (422) with the ticks kept and the poles it names
// marked.
func (s *server) setProjectPoles(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	ids := []int64{}
	for _, raw := range c.Request().PostArgs().PeekMulti("pole") {
		pid, ok := explorer.ParseID(string(raw))
		if !ok {
			return s.polesAnswer(c, id, ids, explorer.Invalid("a chosen pole is not a pole id", explorer.FieldError{Field: "poles", Message: "must be pole ids"}))
		}
		ids = append(ids, pid)
	}
	saved, ferr := s.projects.SetProjectPoles(ctx(c), id, ids)
	if ferr == nil {
		ids = saved
	}
	return s.polesAnswer(c, id, ids, ferr)
}

// polesAnswer shows the poles form after a save: the section for htmx,
// the project page otherwise.
func (s *server) polesAnswer(c *fiber.Ctx, id int64, ids []int64, ferr error) error {
	if ferr != nil && (explorer.ErrorCode(ferr) == explorer.EINTERNAL || explorer.ErrorCode(ferr) == explorer.ENOTFOUND && !s.projectExists(c, id)) {
		return ferr
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	form, err := s.polesForm(c, p, ids)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if ferr != nil {
		status = formStatus(ferr)
		form.Error = polesError(c, ferr, ids, form.Choices)
	} else {
		form.Notice = fmt.Sprintf("Poles saved: %d chosen. The project is measured again in the background.", len(ids))
	}
	if isHTMX(c) {
		return render(c, status, projects.PolesSection(form))
	}
	v, err := s.projectView(c, id)
	if err != nil {
		return err
	}
	v.Poles = form
	return render(c, status, templ.Component(projects.Detail(v)))
}

// polesError names the poles an error is about (poleIds[i]) and marks
// them on the form.
func polesError(c *fiber.Ctx, err error, ids []int64, choices []projects.PoleChoice) string {
	e := explorer.AsError(err)
	var msgs []string
	for _, f := range e.Fields {
		var i int
		if _, serr := fmt.Sscanf(f.Field, "poleIds[%d]", &i); serr != nil || i < 0 || i >= len(ids) {
			continue
		}
		name := "pole " + strconv.FormatInt(ids[i], 10)
		for k := range choices {
			if choices[k].ID == ids[i] {
				choices[k].Invalid = true
				name = choices[k].Name
			}
		}
		msgs = append(msgs, name+": "+f.Message)
	}
	if len(msgs) == 0 {
		return pageMessage(c, err)
	}
	return strings.Join(msgs, "; ") + "."
}

// tonalityView adds to a project's page what tonality shows there: the
// poles form (naming, once, the poles dropped since), and the columns
// its topics are charted and broken down by.
func (s *server) tonalityView(c *fiber.Ctx, p *explorer.Project, v *projects.DetailView) error {
	v.Measured = p.TonalityState != explorer.TonalityNever && p.TextColumn != ""
	v.DateColumns, v.FilterColumns = tableColumns(p, "timeline"), tableColumns(p, "breakdown")
	if p.TextColumn == "" {
		return nil
	}
	form, err := s.polesForm(c, p, nil)
	if err != nil {
		return err
	}
	if form.Dropped, err = s.projects.TakeDroppedPoles(ctx(c), p.ID); err != nil {
		return err
	}
	v.Poles = form
	return nil
}
