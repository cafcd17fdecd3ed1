package web

import (
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// The editor's forms: each is one change to the groups (see editStructure).

func (s *server) addGroup(c *fiber.Ctx) error {
	title, topic := c.FormValue("title"), c.FormValue("topic")
	if strings.TrimSpace(topic) == "" {
		topic = title
	}
	return s.editStructure(c, "Group added.", func(groups []explorer.Group) (int64, []explorer.Group, error) {
		return 0, append(groups, explorer.Group{
			Title: title, Pinned: c.FormValue("pinned") == "true",
			Topics: []explorer.Topic{{Title: topic, Terms: splitTerms(c.FormValue("terms"))}},
		}), nil
	})
}

func (s *server) saveGroup(c *fiber.Ctx) error {
	return s.editStructure(c, "Group saved.", func(groups []explorer.Group) (int64, []explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return 0, nil, err
		}
		groups[i].Title, groups[i].Pinned = c.FormValue("title"), c.FormValue("pinned") == "true"
		return groups[i].ID, groups, nil
	})
}

func (s *server) moveGroup(c *fiber.Ctx) error {
	return s.editStructure(c, "Group moved.", func(groups []explorer.Group) (int64, []explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return 0, nil, err
		}
		d, err := moveBy(c)
		if err != nil {
			return 0, nil, err
		}
		swapAt(groups, i, d)
		return 0, groups, nil
	})
}

func (s *server) removeGroup(c *fiber.Ctx) error {
	return s.editStructure(c, "Group removed.", func(groups []explorer.Group) (int64, []explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return 0, nil, err
		}
		return 0, append(groups[:i], groups[i+1:]...), nil
	})
}

func (s *server) addTopic(c *fiber.Ctx) error {
	return s.editStructure(c, "Topic added.", func(groups []explorer.Group) (int64, []explorer.Group, error) {
		i, err := findGroup(c, groups)
		if err != nil {
			return 0, nil, err
		}
		groups[i].Topics = append(groups[i].Topics, explorer.Topic{Title: c.FormValue("title"), Terms: splitTerms(c.FormValue("terms"))})
		return groups[i].ID, groups, nil
	})
}

// topicEdit changes the path's topic (groups[i].Topics[j]).
func (s *server) topicEdit(c *fiber.Ctx, notice string, edit func(g *explorer.Group, j int) error) error {
	return s.editStructure(c, notice, func(groups []explorer.Group) (int64, []explorer.Group, error) {
		i, j, err := findTopic(c, groups)
		if err == nil {
			err = edit(&groups[i], j)
		}
		if err != nil {
			return 0, nil, err
		}
		return groups[i].ID, groups, nil
	})
}

func (s *server) renameTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic renamed.", func(g *explorer.Group, j int) error {
		g.Topics[j].Title = c.FormValue("title")
		return nil
	})
}

func (s *server) moveTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic moved.", func(g *explorer.Group, j int) error {
		d, err := moveBy(c)
		if err == nil {
			swapAt(g.Topics, j, d)
		}
		return err
	})
}

func (s *server) removeTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic removed.", func(g *explorer.Group, j int) error {
		g.Topics = append(g.Topics[:j], g.Topics[j+1:]...)
		return nil
	})
}

// addTerms adds the typed term (or several, separated by commas).
func (s *server) addTerms(c *fiber.Ctx) error {
	terms := splitTerms(c.FormValue("term"))
	return s.topicEdit(c, "Term added.", func(g *explorer.Group, j int) error {
		if len(terms) == 0 {
			return explorer.Invalid("type a term to add")
		}
		g.Topics[j].Terms = append(g.Topics[j].Terms, terms...)
		return nil
	})
}

func (s *server) removeTerm(c *fiber.Ctx) error {
	term := c.FormValue("term")
	return s.topicEdit(c, "Term removed.", func(g *explorer.Group, j int) error {
		t := &g.Topics[j]
		for k := range t.Terms {
			if t.Terms[k] == term {
				t.Terms = append(t.Terms[:k], t.Terms[k+1:]...)
				return nil
			}
		}
		return explorer.Errorf(explorer.ENOTFOUND, "the term %q is no longer in the topic", term)
	})
}
