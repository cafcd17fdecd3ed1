package web

import (
	"strconv"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// The forms of a model's page: structure, title, sharing, delete. Each
// answers the model's section (htmx) or page, with a notice or the error.

// splitTerms splits a comma-separated list; the service cleans it.
func splitTerms(s string) []string {
	if strings.TrimSpace(s) == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// editGroups applies edit to a copy of the current groups of a model and
// saves them. The form's version must still be the current one, so that
// a stale page does not undo another's change.
func (s *server) editGroups(c *fiber.Ctx, notice string, edit func(groups []explorer.Group) ([]explorer.Group, error)) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	m, err := s.svc.Model(ctx(c), id)
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	if err := checkVersion(c, m); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	groups := make([]explorer.Group, len(m.Groups))
	for i, g := range m.Groups {
		g.Topics = append([]explorer.Topic(nil), g.Topics...)
		groups[i] = g
	}
	groups, err = edit(groups)
	if err == nil {
		_, err = s.svc.UpdateModel(ctx(c), id, explorer.ModelInput{Groups: &groups})
	}
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, notice, nil)
}

func checkVersion(c *fiber.Ctx, m *explorer.Model) error {
	if v := c.FormValue("version"); v != "" && v != strconv.Itoa(m.Version) {
		return explorer.Errorf(explorer.ECONFLICT, "the model changed since the page was loaded; this is its current version, try again")
	}
	return nil
}

// findGroup returns the index of a group in groups.
func findGroup(c *fiber.Ctx, groups []explorer.Group) (int, error) {
	id, ok := explorer.ParseID(c.Params("group"))
	for i := range groups {
		if ok && groups[i].ID == id {
			return i, nil
		}
	}
	return 0, explorer.Errorf(explorer.ENOTFOUND, "the group is no longer in the model")
}

// findTopic returns the group and topic indexes of a topic in groups.
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

func (s *server) addGroup(c *fiber.Ctx) error {
	title, topic := c.FormValue("title"), c.FormValue("topic")
	if strings.TrimSpace(topic) == "" {
		topic = title
	}
	return s.editGroups(c, "Group added.", func(groups []explorer.Group) ([]explorer.Group, error) {
		return append(groups, explorer.Group{
			Title: title, Pinned: c.FormValue("pinned") == "true",
			Topics: []explorer.Topic{{Title: topic, Terms: splitTerms(c.FormValue("terms"))}},
		}), nil
	})
}

func (s *server) saveGroup(c *fiber.Ctx) error {
	return s.editGroups(c, "Group saved.", func(groups []explorer.Group) ([]explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return nil, err
		}
		groups[i].Title, groups[i].Pinned = c.FormValue("title"), c.FormValue("pinned") == "true"
		return groups, nil
	})
}

func (s *server) removeGroup(c *fiber.Ctx) error {
	return s.editGroups(c, "Group removed.", func(groups []explorer.Group) ([]explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return nil, err
		}
		return append(groups[:i], groups[i+1:]...), nil
	})
}

func (s *server) addTopic(c *fiber.Ctx) error {
	return s.editGroups(c, "Topic added.", func(groups []explorer.Group) ([]explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return nil, err
		}
		groups[i].Topics = append(groups[i].Topics, explorer.Topic{Title: c.FormValue("title"), Terms: splitTerms(c.FormValue("terms"))})
		return groups, nil
	})
}

func (s *server) saveTopic(c *fiber.Ctx) error {
	return s.editGroups(c, "Topic saved.", func(groups []explorer.Group) ([]explorer.Group, error) {
		i, j, err := findTopic(c, groups)
		if err != nil {
			return nil, err
		}
		groups[i].Topics[j].Title, groups[i].Topics[j].Terms = c.FormValue("title"), splitTerms(c.FormValue("terms"))
		return groups, nil
	})
}

func (s *server) removeTopic(c *fiber.Ctx) error {
	return s.editGroups(c, "Topic removed.", func(groups []explorer.Group) ([]explorer.Group, error) {
		i, j, err := findTopic(c, groups)
		if err != nil {
			return nil, err
		}
		groups[i].Topics = append(groups[i].Topics[:j], groups[i].Topics[j+1:]...)
		return groups, nil
	})
}

func (s *server) saveIgnoreTerms(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	m, err := s.svc.Model(ctx(c), id)
	if err == nil {
		err = checkVersion(c, m)
	}
	if err == nil {
		terms := splitTerms(c.FormValue("terms"))
		_, err = s.svc.UpdateModel(ctx(c), id, explorer.ModelInput{IgnoreTerms: &terms})
	}
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Ignored terms saved.", nil)
}

func (s *server) renameModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	title := c.FormValue("title")
	if _, err := s.svc.UpdateModel(ctx(c), id, explorer.ModelInput{Title: &title}); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Title saved.", nil)
}

func (s *server) shareModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	to := c.FormValue("userId")
	if _, err := s.svc.ShareModel(ctx(c), id, to, c.FormValue("rights")); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Invitation sent to "+strings.TrimSpace(to)+".", nil)
}

func (s *server) revokeInvitation(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	inv, err := param(c, "inv")
	if err != nil {
		return err
	}
	if err := s.svc.RevokeModelInvitation(ctx(c), id, inv); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Invitation revoked.", nil)
}

func (s *server) removeAccess(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	access, err := param(c, "access")
	if err != nil {
		return err
	}
	if err := s.svc.RemoveModelAccess(ctx(c), id, access); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Access removed.", nil)
}

func (s *server) deleteModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteModel(ctx(c), id); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return redirect(c, "/models")
}
