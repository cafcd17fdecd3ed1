package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views/models"

	"github.com/gofiber/fiber/v2"
)

// The model editor: every form changes the structure through the
// service's UpdateModel (the function behind PUT /v1/models/{id}) and,
// for htmx, answers only the part it changed. A refused form keeps its
// input: the message goes right before it and the form is not swapped.

// editorRoutes registers the structure forms of a model's page.
func (s *server) editorRoutes(r fiber.Router) {
	r.Post("/models/:id/groups", s.addGroup)
	r.Post("/models/:id/groups/:group", s.saveGroup)
	r.Post("/models/:id/groups/:group/move", s.moveGroup)
	r.Post("/models/:id/groups/:group/delete", s.removeGroup)
	r.Post("/models/:id/groups/:group/topics", s.addTopic)
	r.Post("/models/:id/topics/:topic", s.renameTopic)
	r.Post("/models/:id/topics/:topic/move", s.moveTopic)
	r.Post("/models/:id/topics/:topic/delete", s.removeTopic)
	r.Post("/models/:id/topics/:topic/terms", s.addTerms)
	r.Post("/models/:id/topics/:topic/terms/remove", s.removeTerm)
}

// structureEdit changes a copy of the groups and names the group whose
// part answers (0: the whole list).
type structureEdit func(groups []explorer.Group) (scope int64, out []explorer.Group, err error)

// editStructure applies edit to the current groups of the model and saves
// them, if the form's version is still the current one (a stale page
// must not undo another person's change).
func (s *server) editStructure(c *fiber.Ctx, notice string, edit structureEdit) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	m, err := s.svc.Model(ctx(c), id)
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	based, err := basedOn(c)
	if err != nil {
		return s.editorRefused(c, id, err)
	}
	if len(based) > 0 && based[0] != m.Version {
		// Already stale: say so rather than what the edit finds missing.
		return s.editorRefused(c, id, &explorer.Error{Code: explorer.ECONFLICT, Err: &explorer.StaleModelError{ModelID: m.ID, Current: m.Version}})
	}
	// The service refuses the write, under the model's lock, unless the
	// model is still at the form's version.
	scope, groups, err := edit(copyGroups(m.Groups))
	if err == nil {
		_, err = s.svc.UpdateModel(ctx(c), id, explorer.ModelInput{Groups: &groups, BasedOn: based})
	}
	if err != nil {
		return s.editorRefused(c, id, err)
	}
	if !isHTMX(c) {
		return s.modelAnswer(c, id, notice, nil)
	}
	v, err := s.modelView(c, id, 0)
	if err != nil {
		return err
	}
	found := false
	for i := range v.Groups {
		if v.Groups[i].ID == scope {
			v.Groups[i].Notice, found = notice, true
		}
	}
	if !found {
		scope, v.StructureNotice = 0, notice
	}
	return render(c, http.StatusOK, models.EditorAnswer(v, scope))
}

func copyGroups(in []explorer.Group) []explorer.Group {
	groups := make([]explorer.Group, len(in))
	for i, g := range in {
		g.Topics = append([]explorer.Topic(nil), g.Topics...)
		for j := range g.Topics {
			g.Topics[j].Terms = append([]string(nil), g.Topics[j].Terms...)
		}
		groups[i] = g
	}
	return groups
}

// editorRefused answers a refused editor form. For htmx the message goes
// right before the form (HX-Retarget this), which keeps what was typed;
// a stale form is shown the group as it is in the newer version, and the
// page's version moves on so that sending again applies the change to it.
func (s *server) editorRefused(c *fiber.Ctx, id int64, ferr error) error {
	if !isHTMX(c) || explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return s.modelAnswer(c, id, "", ferr)
	}
	if explorer.ErrorCode(ferr) == explorer.ENOTFOUND {
		// The model itself gone (or no longer shared): its error page.
		if _, err := s.svc.Model(ctx(c), id); err != nil {
			return s.modelAnswer(c, id, "", err)
		}
	}
	e := models.EditorError{Message: pageMessage(c, ferr), URL: "/models/" + strconv.FormatInt(id, 10)}
	var stale *explorer.StaleModelError
	if errors.As(ferr, &stale) {
		m, err := s.svc.Model(ctx(c), id)
		if err != nil {
			return s.modelAnswer(c, id, "", err)
		}
		v, err := s.modelView(c, id, 0)
		if err != nil {
			return s.modelAnswer(c, id, "", err)
		}
		e.Conflict, e.Current, e.View = true, m.Version, &v
		e.Message = "Someone saved version " + strconv.Itoa(m.Version) + " of this model after you loaded the page."
		e.Group, e.Removed = groupOfForm(c, m.Groups)
	}
	c.Set("HX-Retarget", "this")
	c.Set("HX-Reswap", "beforebegin")
	return render(c, http.StatusUnprocessableEntity, models.EditorErrorPart(e))
}

// groupOfForm finds the group a form of the path is about: removed when
// the form names a group or topic the groups no longer have.
func groupOfForm(c *fiber.Ctx, groups []explorer.Group) (*models.GroupRow, bool) {
	if c.Params("group") == "" && c.Params("topic") == "" {
		return nil, false
	}
	i, err := findGroup(c, groups)
	if c.Params("topic") != "" {
		i, _, err = findTopic(c, groups)
	}
	if err != nil {
		return nil, true
	}
	row := groupRow(groups[i])
	return &row, false
}

// basedOn is the version the form was loaded at (none: unconditional).
func basedOn(c *fiber.Ctx) ([]int, error) {
	v := c.FormValue("version")
	if v == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return nil, explorer.Invalid("the form's version must be a positive whole number; reload the page")
	}
	return []int{n}, nil
}

// findGroup returns the index of the path's group in groups.
func findGroup(c *fiber.Ctx, groups []explorer.Group) (int, error) {
	id, ok := explorer.ParseID(c.Params("group"))
	for i := range groups {
		if ok && groups[i].ID == id {
			return i, nil
		}
	}
	return 0, explorer.Errorf(explorer.ENOTFOUND, "the group is no longer in the model")
}

// findTopic returns the group and topic indexes of the path's topic.
func findTopic(c *fiber.Ctx, groups []explorer.Group) (int, int, error) {
	id, ok := explorer.ParseID(c.Params("topic"))
	for i := range groups {
		for j := range groups[i].Topics {
			if ok && groups[i].Topics[j].ID == id {
				return i, j, nil
			}
		}
	}
	return 0, 0, explorer.Errorf(explorer.ENOTFOUND, "the topic is no longer in the model")
}

// moveBy is the form's direction: -1 up, +1 down.
func moveBy(c *fiber.Ctx) (int, error) {
	switch c.FormValue("direction") {
	case "up":
		return -1, nil
	case "down":
		return 1, nil
	}
	return 0, explorer.Invalid("choose up or down")
}

// swapAt moves the element at i by d places within s, when it can.
func swapAt[T any](s []T, i, d int) {
	if j := i + d; j >= 0 && j < len(s) {
		s[i], s[j] = s[j], s[i]
	}
}

// splitTerms splits a comma-separated list; the service cleans it.
func splitTerms(s string) []string {
	if strings.TrimSpace(s) == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}
