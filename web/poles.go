package web

import (
	pls "explorer/poles"
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views/poles"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// polesRoutes registers the poles pages.
func (s *server) polesRoutes(r fiber.Router) {
	r.Get("/poles", s.polesPage)
	r.Post("/poles", s.createPole)
	r.Post("/poles/bulk-delete", s.bulkDeletePoles)
	r.Get("/poles/:id", s.polePage)
	r.Post("/poles/:id", s.savePoleDetails)
	r.Post("/poles/:id/parts", s.setPoleTerm)
	r.Post("/poles/:id/parts/remove", s.removePoleTerm)
	r.Get("/poles/:id/suggestions", s.poleSuggestions)
	r.Post("/poles/:id/suggestions/decline", s.declineSuggestion)
	r.Post("/poles/:id/suggestions/restore", s.restoreSuggestion)
	r.Post("/poles/:id/delete", s.deletePole)
}

// poleChanged is the event the suggestions panel reloads on.
const poleChanged = "poleChanged"

// poleFieldLabels name the fields of pole errors on the pages, where a
// form adds one term at a time.
var poleFieldLabels = map[string]string{
	"name": "name", "description": "description", "language": "language",
	"parts": "terms", "parts[0].term": "term", "parts[0].weight": "weight",
}

// poleFormError returns err with a message for a person: field errors
// are named as the form names them.
func poleFormError(err error) error {
	e := explorer.AsError(err)
	if e.Code != explorer.EINVALID || len(e.Fields) == 0 {
		return err
	}
	var msgs []string
	for _, f := range e.Fields {
		label, ok := poleFieldLabels[f.Field]
		if !ok {
			label = f.Field
		}
		msgs = append(msgs, label+" "+f.Message)
	}
	return explorer.Invalid(strings.Join(msgs, "; "), e.Fields...)
}

// answerStatus is the status after a form: 200, or formStatus of ferr.
// Internal errors are returned as such.
func answerStatus(ferr error) (status int, msg string, err error) {
	if ferr == nil {
		return http.StatusOK, "", nil
	}
	if explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return 0, "", ferr
	}
	return formStatus(ferr), explorer.ErrorMessage(poleFormError(ferr)), nil
}

func (s *server) polesView(c *fiber.Ctx) (poles.ListView, error) {
	v := poles.ListView{Page: page(c, "Poles", "poles")}
	st, q, err := readListState(c, "/poles", explorer.PoleSorts, "terms")
	if err != nil {
		return v, err
	}
	list, total, err := s.poles.PoleList(ctx(c), q)
	if err != nil {
		return v, err
	}
	st.Noun, st.Singular, st.Total = "poles", "pole", total
	v.List = st
	me := c.Locals("user").(*explorer.User)
	for _, p := range list {
		row := poles.Row{ID: p.ID, Name: p.Name, Language: p.Language, Terms: len(p.Parts), Created: formatTime(c, p.Created)}
		if p.OwnerID != me.ID {
			row.Owner = p.Owner
		}
		v.Poles = append(v.Poles, row)
	}
	return v, nil
}

func (s *server) polesPage(c *fiber.Ctx) error {
	v, err := s.polesView(c)
	if err != nil {
		return err
	}
	v.Form.Language = s.defaultLanguage(c)
	if c.Query("deleted") != "" {
		v.Notice = "The pole was deleted."
	}
	return render(c, http.StatusOK, poles.List(v))
}

// defaultLanguage is the signed-in user's defaultLanguage setting.
func (s *server) defaultLanguage(c *fiber.Ctx) string {
	list, err := s.accounts.Settings(ctx(c))
	if err == nil {
		for _, st := range list {
			if st.Key == explorer.SettingDefaultLanguage {
				return st.Value
			}
		}
	}
	return "EN"
}

func (s *server) createPole(c *fiber.Ctx) error {
	form := poles.DetailsForm{Name: c.FormValue("name"), Description: c.FormValue("description"), Language: c.FormValue("language")}
	p, ferr := s.poles.CreatePole(ctx(c), pls.PoleInput{Name: form.Name, Description: form.Description, Language: form.Language})
	if ferr == nil {
		target := poles.PoleURL(p.ID, "")
		if isHTMX(c) {
			setHXRedirect(c, target)
			return c.SendStatus(http.StatusNoContent)
		}
		return c.Redirect(target, http.StatusSeeOther)
	}
	status, msg, err := answerStatus(ferr)
	if err != nil {
		return err
	}
	v, err := s.polesView(c)
	if err != nil {
		return err
	}
	v.Form, v.Error = form, msg
	if isHTMX(c) {
		return render(c, status, poles.ListSection(v))
	}
	return render(c, status, poles.List(v))
}

// poleID reads the pole id of the path; a malformed one is no pole.
func poleID(c *fiber.Ctx) (int64, error) {
	id, ok := explorer.ParseID(c.Params("id"))
	if !ok {
		return 0, explorer.Errorf(explorer.ENOTFOUND, "pole %s not found", c.Params("id"))
	}
	return id, nil
}

// poleView loads the page of a pole.
func (s *server) poleView(c *fiber.Ctx, id int64) (poles.PoleView, error) {
	p, err := s.poles.Pole(ctx(c), id)
	if err != nil {
		return poles.PoleView{}, err
	}
	return poleViewOf(c, p), nil
}

func poleViewOf(c *fiber.Ctx, p *pls.Pole) poles.PoleView {
	me := c.Locals("user").(*explorer.User)
	v := poles.PoleView{
		Page:      page(c, p.Name, "poles"),
		ID:        p.ID,
		CanDelete: p.OwnerID == me.ID,
		Details:   poles.DetailsForm{Name: p.Name, Description: p.Description, Language: p.Language},
	}
	if p.OwnerID != me.ID {
		v.Owner = p.Owner
	}
	for _, part := range p.Parts {
		v.Parts = append(v.Parts, poles.Part{Term: part.Term, Weight: formatWeight(part.Weight)})
	}
	return v
}

func formatWeight(w float64) string { return strconv.FormatFloat(w, 'g', -1, 64) }

func (s *server) polePage(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	v, err := s.poleView(c, id)
	if err != nil {
		return err
	}
	if v.Projects, err = s.poleProjects(c, id); err != nil {
		return err
	}
	return render(c, http.StatusOK, poles.Pole(v))
}

// poleAnswer renders the pole page after a form, or with htmx only the
// form's section (part); set puts the form's message (the error's, or ""
// after success) in the view.
func (s *server) poleAnswer(c *fiber.Ctx, id int64, ferr error, part func(poles.PoleView) templ.Component, set func(v *poles.PoleView, errMsg string)) error {
	status, msg, err := answerStatus(ferr)
	if err != nil {
		return err
	}
	v, err := s.poleView(c, id)
	if err != nil {
		return err
	}
	set(&v, msg)
	if ferr == nil {
		setHXTrigger(c, poleChanged)
	}
	if isHTMX(c) {
		return render(c, status, part(v))
	}
	return render(c, status, poles.Pole(v))
}

func (s *server) savePoleDetails(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	form := poles.DetailsForm{Name: c.FormValue("name"), Description: c.FormValue("description"), Language: c.FormValue("language")}
	_, ferr := s.poles.EditPole(ctx(c), id, pls.PoleEdit{Name: &form.Name, Description: &form.Description, Language: &form.Language})
	return s.poleAnswer(c, id, ferr, poles.Details, func(v *poles.PoleView, msg string) {
		if msg != "" {
			v.Details, v.DetailsError = form, msg
		} else {
			v.DetailsNotice = "Saved."
		}
	})
}

// parseWeight reads a weight typed by a person: empty is the default, a
// decimal comma is accepted.
func parseWeight(s string) (*float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	w, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		return nil, explorer.Invalid("weight must be a number", explorer.FieldError{Field: "parts[0].weight", Message: "must be a number"})
	}
	return &w, nil
}

// setPoleTerm adds a term, or sets the weight of a term the pole holds.
func (s *server) setPoleTerm(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	term, weightText := c.FormValue("term"), c.FormValue("weight")
	weight, ferr := parseWeight(weightText)
	var p *pls.Pole
	if ferr == nil {
		p, ferr = s.poles.EditPole(ctx(c), id, pls.PoleEdit{Set: []pls.PartInput{{Term: term, Weight: weight}}})
	}
	return s.poleAnswer(c, id, ferr, poles.Parts, func(v *poles.PoleView, msg string) {
		if msg != "" {
			v.PartsError, v.AddTerm, v.AddWeight = msg, term, weightText
			return
		}
		key := explorer.TermKey(term)
		for _, part := range p.Parts {
			if explorer.TermKey(part.Term) == key {
				v.PartsNotice = "“" + part.Term + "” has the weight " + formatWeight(part.Weight) + "."
			}
		}
	})
}

func (s *server) removePoleTerm(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	term := c.FormValue("term")
	_, ferr := s.poles.EditPole(ctx(c), id, pls.PoleEdit{Remove: []string{term}})
	return s.poleAnswer(c, id, ferr, poles.Parts, func(v *poles.PoleView, msg string) {
		if msg != "" {
			v.PartsError = msg
		} else {
			v.PartsNotice = "“" + strings.TrimSpace(term) + "” removed."
		}
	})
}

func (s *server) deletePole(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	_, ferr := s.poles.DeletePole(ctx(c), id)
	if ferr == nil {
		if isHTMX(c) {
			setHXRedirect(c, "/poles?deleted=1")
			return c.SendStatus(http.StatusNoContent)
		}
		return c.Redirect("/poles?deleted=1", http.StatusSeeOther)
	}
	return s.poleAnswer(c, id, ferr, poles.Delete, func(v *poles.PoleView, msg string) { v.DeleteError = msg })
}

// poleSuggestions answers the suggestions panel (htmx) or the pole page
// with it. With htmx, errors a person can only wait for or read are a
// message in the panel, answered with 200 so that htmx shows it: a
// missing word space, and (the panel then asks again after Retry-After)
// a space still loading, a request that ran out of time, or one more
// suggestion than the user may have computed at once.
func (s *server) poleSuggestions(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	return s.suggestionsAnswer(c, id, "", "")
}

// suggestionsAnswer loads the suggestions and the declined terms of a
// pole and answers the panel (htmx) or the page, with a notice or an
// error of the form that led there.
func (s *server) suggestionsAnswer(c *fiber.Ctx, id int64, notice, formErr string) error {
	sv := poles.SuggestionsView{PoleID: id, CSRF: page(c, "", "").CSRF, Notice: notice, FormError: formErr}
	// Read before the suggestion, which may use up the request's time.
	declined, err := s.poles.PoleRejections(ctx(c), id)
	if err != nil {
		return err
	}
	for _, r := range declined {
		sv.Declined = append(sv.Declined, r.Term)
	}
	res, err := s.poles.SuggestPoleTerms(ctx(c), id, nil)
	if err != nil {
		e := explorer.AsError(err)
		switch e.Code {
		case explorer.EUNAVAILABLE, explorer.ETHROTTLED:
			sv.Error, sv.RetryAfter = e.Message, max(e.RetryAfter, 1)
		case explorer.ECONFLICT, explorer.EINVALID:
			sv.Error = e.Message
		default:
			return err
		}
	} else {
		for _, sg := range res.Suggestions {
			sv.Items = append(sv.Items, poles.Suggestion{
				Term: sg.Term, ForWord: sg.ForWord,
				Cosine: strconv.FormatFloat(sg.Cosine, 'f', 3, 64), SumCosine: strconv.FormatFloat(sg.SumCosine, 'f', 3, 64),
				NeighbourCounter: sg.NeighbourCounter, Frequency: sg.Frequency,
				Reciprocal: sg.Reciprocal, StringSimilarity: sg.StringSimilarity,
			})
		}
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, poles.Suggestions(sv))
	}
	v, err := s.poleView(c, id)
	if err != nil {
		return err
	}
	v.Suggestions = &sv
	return render(c, http.StatusOK, poles.Pole(v))
}

// declineSuggestion declines a suggested term: it is not suggested for
// the pole again, and the panel loads the next suggestions.
func (s *server) declineSuggestion(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	term := strings.TrimSpace(c.FormValue("term"))
	_, ferr := s.poles.RejectPoleTerms(ctx(c), id, []string{term})
	return s.suggestionsAfter(c, id, ferr, "“"+term+"” declined: it will not be suggested for this pole again.")
}

// restoreSuggestion takes a term off the declined ones.
func (s *server) restoreSuggestion(c *fiber.Ctx) error {
	id, err := poleID(c)
	if err != nil {
		return err
	}
	term := strings.TrimSpace(c.FormValue("term"))
	ferr := s.poles.UnrejectPoleTerm(ctx(c), id, term)
	return s.suggestionsAfter(c, id, ferr, "“"+term+"” may be suggested again.")
}

// suggestionsAfter answers the suggestions panel after a form: with
// notice, or with the form's error when it is about the input (a pole
// that is gone fails the panel's own loading).
func (s *server) suggestionsAfter(c *fiber.Ctx, id int64, ferr error, notice string) error {
	switch explorer.ErrorCode(ferr) {
	case "":
		return s.suggestionsAnswer(c, id, notice, "")
	case explorer.EINVALID, explorer.ENOTFOUND:
		return s.suggestionsAnswer(c, id, "", explorer.ErrorMessage(ferr))
	}
	return ferr
}

// poleProjects links the viewer's projects measured with a pole; none
// when the viewer may not list them (a cancelled account, a pole it may
// only read).
func (s *server) poleProjects(c *fiber.Ctx, id int64) ([]poles.ProjectLink, error) {
	list, err := s.projects.PoleProjects(ctx(c), id)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EINTERNAL {
			return nil, err
		}
		return nil, nil
	}
	out := make([]poles.ProjectLink, len(list))
	for i, p := range list {
		out[i] = poles.ProjectLink{ID: p.ID, Title: p.Title}
	}
	return out, nil
}
