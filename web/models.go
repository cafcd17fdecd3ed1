package web

import (
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/internal/tablefile"
	mdl "explorer/models"
	"explorer/views/models"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// modelsRoutes registers the models pages.
func (s *server) modelsRoutes(r fiber.Router) {
	r.Get("/models", s.modelsPage)
	r.Post("/models/upload", s.uploadModel)
	r.Post("/models/bulk-delete", s.bulkDeleteModels)
	r.Post("/models/invitations/:inv/accept", s.answerModelInvitation(true))
	r.Post("/models/invitations/:inv/reject", s.answerModelInvitation(false))
	r.Get("/models/:id", s.modelPage)
	r.Get("/models/:id/versions/:version", s.modelPage)
	r.Post("/models/:id/title", s.renameModel)
	s.editorRoutes(r)
	s.modelReadRoutes(r)
	r.Post("/models/:id/ignore", s.saveIgnoreTerms)
	r.Post("/models/:id/share", s.shareModel)
	r.Post("/models/:id/invitations/:inv/revoke", s.revokeInvitation)
	r.Post("/models/:id/accesses/:access/remove", s.removeAccess)
	r.Post("/models/:id/delete", s.deleteModel)
}

// param reads an id of the path; a malformed one is a page not found.
func param(c *fiber.Ctx, name string) (int64, error) {
	id, ok := explorer.ParseID(c.Params(name))
	if !ok {
		return 0, explorer.Errorf(explorer.ENOTFOUND, "There is no page at %s.", c.Path())
	}
	return id, nil
}

func titleOf(t *string) string {
	if t == nil {
		return ""
	}
	return *t
}

// listView loads the list page: the user's models and invitations.
func (s *server) listView(c *fiber.Ctx) (models.ListView, error) {
	v := models.ListView{Page: page(c, "Models", "models")}
	u := c.Locals("user").(*explorer.User)
	st, q, err := readListState(c, "/models", mdl.ModelSorts, "groups", "topics", "terms", "versions", "changed")
	if err != nil {
		return v, err
	}
	list, total, err := s.models.ModelList(ctx(c), q)
	if err != nil {
		return v, err
	}
	st.Noun, st.Singular, st.Total = "models", "model", total
	v.List = st
	for _, m := range list {
		title := titleOf(m.Title)
		if title == "" {
			title = "Untitled model " + strconv.FormatInt(m.ID, 10)
		}
		v.Models = append(v.Models, models.Row{
			ID: m.ID, Title: title, Type: m.Type, Language: m.Language, Owner: m.CreatedBy.UserID,
			Created: formatTime(c, m.Created), Outdated: m.Outdated, Shared: m.CreatedBy.UserID != u.Username,
			Groups: m.Groups, Topics: m.Topics, Terms: m.Terms, Versions: m.Versions, Changed: formatTime(c, m.Changed),
		})
	}
	return v, s.listInvitations(c, &v)
}

// listInvitations adds the window of received model invitations the
// query asks for to the list page.
func (s *server) listInvitations(c *fiber.Ctx, v *models.ListView) error {
	window, err := listWindowOf(c, invitationsKey)
	if err != nil {
		return err
	}
	invs, more, err := s.models.ModelInvitationsPage(ctx(c), window)
	if err != nil {
		return err
	}
	v.InvitationsPrev, v.InvitationsNext = pagerLinksOf("/models", invitationsKey, window, more)
	for _, inv := range invs {
		title := titleOf(inv.Model.Title)
		if title == "" {
			title = "Untitled model " + strconv.FormatInt(inv.ModelID, 10)
		}
		v.Invitations = append(v.Invitations, models.InvitationRow{
			ID: inv.ID, ModelID: inv.ModelID, ModelTitle: title, Who: inv.Model.CreatedBy.UserID,
			Rights: inv.Rights, Created: formatTime(c, inv.Created),
		})
	}
	return nil
}

func (s *server) modelsPage(c *fiber.Ctx) error {
	v, err := s.listView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, models.List(v))
}

// listAnswer renders the list section (htmx) or page after a form.
func (s *server) listAnswer(c *fiber.Ctx, form models.UploadForm, notice string, ferr error) error {
	v, err := s.listView(c)
	if err != nil {
		return err
	}
	v.Form, v.Notice = form, notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return models.ListSection(v) }, func() templ.Component { return models.List(v) })
}

// redirect sends the browser to target: htmx loads it as a whole page.
func redirect(c *fiber.Ctx, target string) error {
	if isHTMX(c) {
		setHXRedirect(c, target)
		return c.SendStatus(http.StatusNoContent)
	}
	return c.Redirect(target, http.StatusSeeOther)
}

func (s *server) uploadModel(c *fiber.Ctx) error {
	form := models.UploadForm{Title: c.FormValue("title"), Language: c.FormValue("language"), Encoding: c.FormValue("encoding")}
	mf, err := c.MultipartForm()
	if err != nil {
		return s.listAnswer(c, form, "", explorer.Invalid("choose a .csv, .xls or .xlsx file to upload"))
	}
	file, closer, err := tablefile.FromForm(mf, "file", strings.TrimSpace(form.Encoding))
	if err != nil {
		return s.listAnswer(c, form, "", err)
	}
	defer closer.Close()
	m, err := s.models.UploadModel(ctx(c), mdl.UploadModelInput{Title: &form.Title, Language: form.Language, File: file})
	if err != nil {
		return s.listAnswer(c, form, "", err)
	}
	return redirect(c, "/models/"+strconv.FormatInt(m.ID, 10))
}

func (s *server) answerModelInvitation(accept bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := param(c, "inv")
		if err != nil {
			return err
		}
		notice := "Invitation rejected."
		if accept {
			err, notice = s.models.AcceptModelInvitation(ctx(c), id), "Invitation accepted: the model is in your list."
		} else {
			err = s.models.RejectModelInvitation(ctx(c), id)
		}
		if err != nil {
			return s.listAnswer(c, models.UploadForm{}, "", err)
		}
		return s.listAnswer(c, models.UploadForm{}, notice, nil)
	}
}

// modelView loads a model at a version (0: the current one) for the page.
func (s *server) modelView(c *fiber.Ctx, id int64, version int) (models.ModelView, error) {
	var (
		m   *mdl.Model
		err error
	)
	if version > 0 {
		m, err = s.models.ModelVersion(ctx(c), id, version)
	} else {
		m, err = s.models.Model(ctx(c), id)
	}
	if err != nil {
		return models.ModelView{}, err
	}
	v, err := s.editorView(c, m, version == 0)
	if err != nil {
		return models.ModelView{}, err
	}
	projects, err := s.models.ModelProjects(ctx(c), id)
	if err != nil {
		return models.ModelView{}, err
	}
	if src, err := s.models.ModelSource(ctx(c), id); err != nil {
		return models.ModelView{}, err
	} else if src != nil {
		v.Source = &models.ProjectRow{ID: src.ID, Title: src.Title}
	}
	v.MailHint = s.mailHint()
	if open, ok := explorer.ParseID(c.Query("open")); ok {
		v.Open = open
	}
	terms := make([]string, len(m.IgnoreTerms))
	for i, t := range m.IgnoreTerms {
		terms[i] = t.Term
	}
	v.IgnoreTerms = strings.Join(terms, ", ")
	for _, a := range m.UsersAccess {
		v.Accesses = append(v.Accesses, models.AccessRow{ID: a.ID, User: a.User.UserID, Rights: a.Rights, Created: formatTime(c, a.Created)})
	}
	for _, inv := range m.Invitations {
		v.Invitations = append(v.Invitations, models.InvitationRow{ID: inv.ID, ModelID: m.ID, Who: inv.Recipient.UserID, Rights: inv.Rights, Created: formatTime(c, inv.Created)})
	}
	if p := projects.MasterProject; p != nil {
		v.Projects = append(v.Projects, models.ProjectRow{ID: p.ID, Title: p.Title, Owner: p.Owner, Status: p.Status, Role: "Source of the model"})
	}
	for _, p := range projects.DependentProjects {
		v.Projects = append(v.Projects, models.ProjectRow{ID: p.ID, Title: p.Title, Owner: p.Owner, Status: p.Status, Role: "Model applied"})
	}
	return v, nil
}

// editorView is the part of m's view that the editor's answers show: the
// status line, the groups and their counts, the version and the newest
// versions. The model page adds the rest (modelView); an editor's change
// answers with it from the model the change gave back, without reading
// the model's sharing, projects or source again. When current, m was
// read at the model's current version and is shown as the current one
// (editable) even if a newer version was saved since: the editor's next
// form merges with it.
func (s *server) editorView(c *fiber.Ctx, m *mdl.Model, current bool) (models.ModelView, error) {
	recent, err := s.models.NewestModelVersions(ctx(c), m.ID, pageVersions)
	if err != nil {
		return models.ModelView{}, err
	}
	return s.editorViewWith(c, m, current, recent), nil
}

// editorViewWith is editorView with the newest versions at hand (an
// editor change's answer has them from the change: NewestVersionsAfter).
func (s *server) editorViewWith(c *fiber.Ctx, m *mdl.Model, current bool, recent *mdl.NewestVersions) models.ModelView {
	u := c.Locals("user").(*explorer.User)
	v := models.ModelView{
		Page: page(c, "Model", "models"), ID: m.ID, Title: titleOf(m.Title), Type: m.Type, Language: m.Language,
		Owner: m.CreatedBy.UserID, Created: formatTime(c, m.Created), Outdated: m.Outdated,
		Version: m.Version, Current: recent.Current, CanWrite: m.CanWrite(), IsOwner: m.IsOwner(), Self: u.Username,
		Tag: m.Tag().String(), VersionCount: recent.Current,
	}
	if current {
		v.Current = m.Version
	}
	v.Page.Title = v.Heading()
	v.Groups = make([]models.GroupRow, len(m.Groups))
	for i, g := range m.Groups {
		v.Groups[i] = groupRow(g)
		for _, t := range g.Topics {
			v.Terms += len(t.Terms)
		}
	}
	v.ExpandAll = v.Terms <= expandAllTerms && len(v.Groups) <= expandAllGroups
	for _, ver := range recent.Lines {
		row := models.VersionRow{Version: ver.Version, Created: dates(c).DateTimeSeconds(ver.Created), Summary: ver.Summary}
		if ver.CreatedBy != nil {
			row.By = ver.CreatedBy.UserID
		}
		v.Versions = append(v.Versions, row)
	}
	return v
}

// A model of at most expandAllTerms terms in expandAllGroups groups shows
// every group open; a larger one shows the groups collapsed, each loaded
// when opened (groupBody), so that its page stays light.
const (
	expandAllTerms  = 1000
	expandAllGroups = 40
)

// pageVersions is how many of the newest versions the model page lists
// (the versions page lists them all).
const pageVersions = 10

// groupRow is a group for the views.
func groupRow(g explorer.Group) models.GroupRow {
	row := models.GroupRow{ID: g.ID, Title: g.Title, Pinned: g.Pinned, Topics: make([]models.TopicRow, 0, len(g.Topics))}
	for _, t := range g.Topics {
		row.Topics = append(row.Topics, models.TopicRow{ID: t.ID, Title: t.Title, TermList: t.Terms, Count: len(t.Terms)})
	}
	return row
}

func (s *server) modelPage(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	version := 0
	if c.Params("version") != "" {
		n, err := param(c, "version")
		if err != nil {
			return err
		}
		version = int(min(n, 1<<31-1))
	}
	v, err := s.modelView(c, id, version)
	if err != nil {
		return err
	}
	v.Made = c.Query("made") != "" && v.Source != nil
	if c.Query("q") != "" {
		if err := s.searchInto(c, &v); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, models.Model(v))
}

// modelAnswer renders the model section (htmx) or page after a form. When
// the model is no longer visible (deleted, own access removed) it sends the
// browser to the list.
func (s *server) modelAnswer(c *fiber.Ctx, id int64, notice string, ferr error) error {
	if ferr != nil && explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return ferr
	}
	v, err := s.modelView(c, id, 0)
	if err != nil {
		if ferr == nil && explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return redirect(c, "/models")
		}
		return err
	}
	v.Notice = notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return models.ModelSection(v) }, func() templ.Component { return models.Model(v) })
}
