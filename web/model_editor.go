package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	mdl "explorer/models"
	"explorer/views/models"

	"github.com/gofiber/fiber/v2"
)

// The model editor: every form is one mdl.ModelEdit made through the
// service's EditModel, which merges it when the page is older than the
// model and amends its author's newest version during a burst of edits.
// For htmx the answer is only the part that changed: a topic's terms, a
// group, or the list of groups. A refused form keeps its input.

// editorRoutes registers the structure forms of a model's page.
func (s *server) editorRoutes(r fiber.Router) {
	r.Post("/models/:id/groups", s.addGroup)
	r.Get("/models/:id/groups/:group", s.groupBody)
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

// editModel makes e on the model of the path, based on the version the
// form was loaded at, and answers the part it changed.
func (s *server) editModel(c *fiber.Ctx, notice string, e mdl.ModelEdit) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	base, err := basedOn(c)
	if err != nil {
		return s.editorRefused(c, id, err, &e)
	}
	res, err := s.models.EditModel(ctx(c), id, base, e)
	if err != nil {
		return s.editorRefused(c, id, err, &e)
	}
	if e.Kind == mdl.EditAddTerms && len(res.Already) > 0 {
		notice = alreadyNotice(res)
	}
	if res.Merged {
		notice += " Merged with the changes saved meanwhile."
	}
	if !isHTMX(c) {
		return s.modelAnswer(c, id, notice, nil)
	}
	recent, err := s.models.NewestVersionsAfter(ctx(c), res, pageVersions)
	if err != nil {
		return err
	}
	v := s.editorViewWith(c, res.Model, true, recent)
	v.Open = res.Group
	if res.Reordered {
		// Groups were added, removed or moved since the page was loaded:
		// the whole list answers.
		c.Set("HX-Retarget", "#groups")
		c.Set("HX-Reswap", "outerHTML")
		v.StructureNotice = notice
		return render(c, http.StatusOK, models.EditorAnswer(v, 0))
	}
	v.Refresh = res.Refresh
	if res.Topic != 0 {
		if t := v.Topic(res.Topic); t != nil {
			if e.Kind == mdl.EditRemoveTerm {
				t.Removed, t.RemovedAt = e.Terms[0], res.RemovedAt
			}
			if len(res.Already) > 0 {
				t.Said = notice
			}
			return render(c, http.StatusOK, models.TermsAnswer(v, *t, notice))
		}
	}
	scope := res.Group
	if g := v.Group(scope); g != nil {
		g.Notice = notice
	} else {
		scope, v.StructureNotice = 0, notice
	}
	return render(c, http.StatusOK, models.EditorAnswer(v, scope))
}

// alreadyNotice says which of the terms a form added the topic held
// already (and were not added again).
func alreadyNotice(res *mdl.EditResult) string {
	quoted := make([]string, len(res.Already))
	for i, t := range res.Already {
		quoted[i] = "“" + t + "”"
	}
	verb := " is"
	if len(quoted) > 1 {
		verb = " are"
	}
	said := strings.Join(quoted, ", ") + verb + " already in this topic."
	if res.Changed {
		return "Terms added; " + said
	}
	return said
}

// editorRefused answers a refused editor form. A change that met a newer
// change of the same topic or group (a conflict) answers that group as it
// is now, in place of the page's, with both sides said above it; the
// form's input is kept by assets/js/editor.js. Other refusals go right
// before the form (HX-Retarget this), which is not swapped.
func (s *server) editorRefused(c *fiber.Ctx, id int64, ferr error, e *mdl.ModelEdit) error {
	if !isHTMX(c) || explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return s.modelAnswer(c, id, "", ferr)
	}
	if explorer.ErrorCode(ferr) == explorer.ENOTFOUND {
		// The model itself gone (or no longer shared): its error page.
		if _, err := s.models.Model(ctx(c), id); err != nil {
			return s.modelAnswer(c, id, "", err)
		}
	}
	msg := models.EditorError{Message: pageMessage(c, ferr), URL: "/models/" + strconv.FormatInt(id, 10)}
	var stale *mdl.StaleModelError
	if !errors.As(ferr, &stale) {
		c.Set("HX-Retarget", "this")
		c.Set("HX-Reswap", "beforebegin")
		return render(c, http.StatusUnprocessableEntity, models.EditorErrorPart(msg))
	}
	m, err := s.models.Model(ctx(c), id)
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	v, err := s.editorView(c, m, true)
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	msg.Conflict, msg.View = true, &v
	msg.Message = "Someone saved version " + v.Tag + " of this model after you loaded the page, changing what you changed."
	if e == nil {
		// Ignored terms: refused before the form, which keeps them.
		msg.Yours = "the ignored terms"
		c.Set("HX-Retarget", "this")
		c.Set("HX-Reswap", "beforebegin")
		return render(c, http.StatusUnprocessableEntity, models.EditorErrorPart(msg))
	}
	msg.Yours = describeEdit(e)
	g := v.Group(e.Group)
	if e.Topic != 0 {
		g = v.GroupOfTopic(e.Topic)
	}
	switch {
	case e.Kind == mdl.EditMoveGroup:
		v.StructureAlert = &msg
		c.Set("HX-Retarget", "#groups")
	case g != nil:
		g.Alert, v.Open = &msg, g.ID
		c.Set("HX-Retarget", "#group-"+strconv.FormatInt(g.ID, 10))
	default:
		msg.Removed = true
		c.Set("HX-Retarget", "this")
		c.Set("HX-Reswap", "beforebegin")
		return render(c, http.StatusUnprocessableEntity, models.EditorErrorPart(msg))
	}
	c.Set("HX-Reswap", "outerHTML")
	scope := int64(0)
	if g != nil && e.Kind != mdl.EditMoveGroup {
		scope = g.ID
	}
	return render(c, http.StatusUnprocessableEntity, models.EditorAnswer(v, scope))
}

// basedOn is the version the form was loaded at (zero: unconditional).
func basedOn(c *fiber.Ctx) (mdl.VersionTag, error) {
	v := c.FormValue("version")
	if v == "" {
		return mdl.VersionTag{}, nil
	}
	t, ok := mdl.ParseVersionTag(v)
	if !ok {
		return t, explorer.Invalid("the form's version must be a version number such as 4 or 4.2; reload the page")
	}
	return t, nil
}
