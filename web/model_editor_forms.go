package web

import (
	"strconv"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// The editor's forms: each is translated into one explorer.ModelEdit
// (see editModel), with the notice its answer shows.

func (s *server) addGroup(c *fiber.Ctx) error {
	return s.editModel(c, "Group added.", explorer.ModelEdit{
		Kind: explorer.EditAddGroup, Title: c.FormValue("title"), FirstTopic: c.FormValue("topic"),
		Pinned: c.FormValue("pinned") == "true", Terms: splitTerms(c.FormValue("terms")),
	})
}

func (s *server) saveGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group saved.", explorer.ModelEdit{Kind: explorer.EditSaveGroup, Title: c.FormValue("title"), Pinned: c.FormValue("pinned") == "true"})
}

func (s *server) moveGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group moved.", explorer.ModelEdit{Kind: explorer.EditMoveGroup, By: moveBy(c)})
}

func (s *server) removeGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group removed.", explorer.ModelEdit{Kind: explorer.EditRemoveGroup})
}

func (s *server) addTopic(c *fiber.Ctx) error {
	return s.groupEdit(c, "Topic added.", explorer.ModelEdit{Kind: explorer.EditAddTopic, Title: c.FormValue("title"), Terms: splitTerms(c.FormValue("terms"))})
}

func (s *server) renameTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic renamed.", explorer.ModelEdit{Kind: explorer.EditRenameTopic, Title: c.FormValue("title")})
}

func (s *server) moveTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic moved.", explorer.ModelEdit{Kind: explorer.EditMoveTopic, By: moveBy(c)})
}

func (s *server) removeTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic removed.", explorer.ModelEdit{Kind: explorer.EditRemoveTopic})
}

// addTerms adds the typed term (or several, separated by commas), at the
// index the form's at names (an undone removal) or after the last.
func (s *server) addTerms(c *fiber.Ctx) error {
	at := 0 // after the last
	if n, err := strconv.Atoi(c.FormValue("at")); err == nil && n >= 0 && n < 1<<30 {
		at = n + 1
	}
	return s.topicEdit(c, "Term added.", explorer.ModelEdit{Kind: explorer.EditAddTerms, Terms: splitTerms(c.FormValue("term")), At: at})
}

func (s *server) removeTerm(c *fiber.Ctx) error {
	return s.topicEdit(c, "Term removed.", explorer.ModelEdit{Kind: explorer.EditRemoveTerm, Terms: []string{c.FormValue("term")}})
}

// groupEdit makes an edit of the path's group.
func (s *server) groupEdit(c *fiber.Ctx, notice string, e explorer.ModelEdit) error {
	// A malformed id (0) names no group: the service says it is gone.
	e.Group, _ = explorer.ParseID(c.Params("group"))
	return s.editModel(c, notice, e)
}

// topicEdit makes an edit of the path's topic.
func (s *server) topicEdit(c *fiber.Ctx, notice string, e explorer.ModelEdit) error {
	e.Topic, _ = explorer.ParseID(c.Params("topic"))
	return s.editModel(c, notice, e)
}

// moveBy is the form's direction: -1 up, +1 down, 0 (refused) else.
func moveBy(c *fiber.Ctx) int {
	switch c.FormValue("direction") {
	case "up":
		return -1
	case "down":
		return 1
	}
	return 0
}

// splitTerms splits a comma-separated list; the service cleans it.
func splitTerms(s string) []string {
	if strings.TrimSpace(s) == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// describeEdit says what a refused edit would have done, for the
// conflict message beside the model as it is now.
func describeEdit(e *explorer.ModelEdit) string {
	terms := strings.Join(e.Terms, ", ")
	switch e.Kind {
	case explorer.EditAddTerms:
		return "add “" + terms + "”"
	case explorer.EditRemoveTerm:
		return "remove “" + terms + "”"
	case explorer.EditRenameTopic:
		return "rename the topic “" + e.Title + "”"
	case explorer.EditSaveGroup:
		return "name the group “" + e.Title + "”"
	case explorer.EditAddTopic:
		return "add the topic “" + e.Title + "”"
	case explorer.EditRemoveTopic:
		return "remove the topic"
	case explorer.EditRemoveGroup:
		return "remove the group"
	}
	return "move it"
}
