package web

import (
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views"
	"explorer/views/models"
	"explorer/views/poles"
	"explorer/views/projects"
	"explorer/views/tokens"
	"explorer/views/users"

	"github.com/a-h/templ"

	"github.com/gofiber/fiber/v2"
)

// bulkResult is what a bulk delete did: how many items went and the
// message of each one that did not.
type bulkResult struct {
	deleted int
	failed  []string
}

// deleteEach deletes every id through del (the service's delete, with
// its rights and audit), one call an item, and collects the results.
func deleteEach(ids []int64, name func(int64) string, del func(int64) error) bulkResult {
	var r bulkResult
	for _, id := range ids {
		if err := del(id); err != nil {
			r.failed = append(r.failed, name(id)+": "+explorer.ErrorMessage(err))
			continue
		}
		r.deleted++
	}
	return r
}

// notice says what a bulk delete did ("Deleted 3 models.", verb first);
// when an item was not deleted, err says so, naming each, after what went
// (the page shows the error alone).
func (r bulkResult) notice(c *fiber.Ctx, verb, one, many string) (string, error) {
	var notice string
	if r.deleted > 0 {
		notice = verb + " " + views.Count(c.UserContext(), r.deleted, one, many) + "."
	}
	if len(r.failed) == 0 {
		return notice, nil
	}
	return "", explorer.Errorf(explorer.ECONFLICT, "%s", strings.TrimSpace(notice+" Not "+strings.ToLower(verb)+": "+strings.Join(r.failed, "; ")))
}

// bulkDeleteModels deletes the models a list's checkboxes chose: first
// it asks "Delete N models?" (the list page with the question), then,
// posted again with confirm=yes, deletes each through the service.
func (s *server) bulkDeleteModels(c *fiber.Ctx) error {
	ids, err := formIDs(c)
	if err != nil {
		return s.listAnswer(c, models.UploadForm{}, "", err)
	}
	v, err := s.listView(c)
	if err != nil {
		return err
	}
	titles := map[int64]string{}
	for _, m := range v.Models {
		titles[m.ID] = m.Title
	}
	name := namer(titles, "model")
	if c.FormValue("confirm") != "yes" {
		for _, id := range ids {
			v.Confirm = append(v.Confirm, models.Row{ID: id, Title: name(id)})
		}
		return render(c, fiber.StatusOK, models.List(v))
	}
	r := deleteEach(ids, name, func(id int64) error { return s.models.DeleteModel(ctx(c), id) })
	notice, ferr := r.notice(c, "Deleted", "model", "models")
	return s.listAnswer(c, models.UploadForm{}, notice, ferr)
}

// bulkDeleteProjects deletes the projects a list's checkboxes chose,
// after asking "Delete N projects?", as bulkDeleteModels does.
func (s *server) bulkDeleteProjects(c *fiber.Ctx) error {
	ids, err := formIDs(c)
	if err != nil {
		return s.projectsAnswer(c, projects.ImportForm{}, err)
	}
	v, err := s.projectsView(c)
	if err != nil {
		return err
	}
	titles := map[int64]string{}
	for _, p := range v.Projects {
		titles[p.ID] = p.Title
	}
	name := namer(titles, "project")
	if c.FormValue("confirm") != "yes" {
		for _, id := range ids {
			v.Confirm = append(v.Confirm, projects.Row{ID: id, Title: name(id)})
		}
		return render(c, fiber.StatusOK, projects.List(v))
	}
	r := deleteEach(ids, name, func(id int64) error { return s.projects.DeleteProject(ctx(c), id) })
	return s.projectsNotice(c, r)
}

// deleteFailedImports deletes every failed import of the caller (the
// first PageLimitMax, newest first) after asking "Delete N failed
// imports?", one service call each.
func (s *server) deleteFailedImports(c *fiber.Ctx) error {
	if c.FormValue("confirm") != "yes" {
		v, err := s.projectsView(c)
		if err != nil {
			return err
		}
		v.ConfirmFailed = true
		return render(c, fiber.StatusOK, projects.List(v))
	}
	failed, _, err := s.projects.FailedImports(ctx(c), explorer.ListQuery{Desc: true, Page: explorer.Page{Limit: explorer.PageLimitMax}})
	if err != nil {
		return err
	}
	ids := make([]int64, len(failed))
	titles := map[int64]string{}
	for i, p := range failed {
		ids[i], titles[p.ID] = p.ID, p.Title
	}
	r := deleteEach(ids, func(id int64) string { return titles[id] }, func(id int64) error { return s.projects.DeleteProject(ctx(c), id) })
	return s.projectsNotice(c, r)
}

// projectsNotice answers the projects list after a bulk delete.
func (s *server) projectsNotice(c *fiber.Ctx, r bulkResult) error {
	v, err := s.projectsView(c)
	if err != nil {
		return err
	}
	notice, ferr := r.notice(c, "Deleted", "project", "projects")
	v.Notice = notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return projects.ListSection(v) }, func() templ.Component { return projects.List(v) })
}

// namer names a bulk delete's items as the list shows them, else noun
// and id (an item not on the page).
func namer(names map[int64]string, noun string) func(int64) string {
	return func(id int64) string {
		if n, ok := names[id]; ok {
			return n
		}
		return noun + " " + strconv.FormatInt(id, 10)
	}
}

// bulkDeletePoles deletes the poles a list's checkboxes chose, after
// asking "Delete N poles?", one DeletePole call each.
func (s *server) bulkDeletePoles(c *fiber.Ctx) error {
	ids, ferr := formIDs(c)
	v, err := s.polesView(c)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	for _, p := range v.Poles {
		names[p.ID] = p.Name
	}
	name := namer(names, "pole")
	if ferr == nil && c.FormValue("confirm") != "yes" {
		for _, id := range ids {
			v.Confirm = append(v.Confirm, poles.Row{ID: id, Name: name(id)})
		}
		return render(c, fiber.StatusOK, poles.List(v))
	}
	if ferr == nil {
		r := deleteEach(ids, name, func(id int64) error { _, err := s.poles.DeletePole(ctx(c), id); return err })
		if v, err = s.polesView(c); err != nil {
			return err
		}
		v.Notice, ferr = r.notice(c, "Deleted", "pole", "poles")
	}
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return poles.ListSection(v) }, func() templ.Component { return poles.List(v) })
}

// bulkRevokeTokens revokes the tokens a list's checkboxes chose, after
// asking "Revoke N API tokens?", one RevokeToken call each.
func (s *server) bulkRevokeTokens(c *fiber.Ctx) error {
	ids, ferr := formIDs(c)
	v, err := s.tokensView(c)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	for _, t := range v.Tokens {
		names[t.ID] = t.Name
	}
	name := namer(names, "token")
	if ferr == nil && c.FormValue("confirm") != "yes" {
		for _, id := range ids {
			v.Confirm = append(v.Confirm, tokens.Row{ID: id, Name: name(id)})
		}
		return render(c, fiber.StatusOK, tokens.Page(v))
	}
	if ferr == nil {
		r := deleteEach(ids, name, func(id int64) error { return s.identity.RevokeToken(ctx(c), id) })
		if v, err = s.tokensView(c); err != nil {
			return err
		}
		v.Notice, ferr = r.notice(c, "Revoked", "API token", "API tokens")
	}
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return tokens.Section(v) }, func() templ.Component { return tokens.Page(v) })
}

// bulkDeleteUsers deletes the users a list's checkboxes chose, after
// asking "Delete N users?", one DeleteUser call each (refused, with its
// reason, for a user who still owns something, oneself, the last admin).
func (s *server) bulkDeleteUsers(c *fiber.Ctx) error {
	ids, ferr := formIDs(c)
	v, err := s.usersView(c)
	if err != nil {
		return err
	}
	all, err := s.identity.Users(ctx(c))
	if err != nil {
		return err
	}
	names := map[int64]string{}
	for _, u := range all {
		names[u.ID] = u.Username
	}
	name := namer(names, "user")
	if ferr == nil && c.FormValue("confirm") != "yes" {
		for _, id := range ids {
			v.Confirm = append(v.Confirm, users.Row{ID: id, Username: name(id)})
		}
		return render(c, fiber.StatusOK, users.Page(v))
	}
	if ferr == nil {
		r := deleteEach(ids, name, func(id int64) error {
			if _, ok := names[id]; !ok {
				return explorer.Errorf(explorer.ENOTFOUND, "no such user")
			}
			return s.identity.DeleteUser(ctx(c), names[id])
		})
		if v, err = s.usersView(c); err != nil {
			return err
		}
		v.Notice, ferr = r.notice(c, "Deleted", "user", "users")
	}
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return users.Section(v) }, func() templ.Component { return users.Page(v) })
}
