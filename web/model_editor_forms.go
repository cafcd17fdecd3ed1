package web

import (
	mdl "explorer/models"
	"strconv"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// The editor's forms: each is translated into one mdl.ModelEdit
// (see editModel), with the notice its answer shows.

func (s *server) addGroup(c *fiber.Ctx) error {
	return s.editModel(c, "Group added.", mdl.ModelEdit{
		Kind: mdl.EditAddGroup, Title: c.FormValue("title"), FirstTopic: c.FormValue("topic"),
		Pinned: c.FormValue("pinned") == "true", Terms: splitTerms(c.FormValue("terms")),
	})
}

func (s *server) saveGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group saved.", mdl.ModelEdit{Kind: mdl.EditSaveGroup, Title: c.FormValue("title"), Pinned: c.FormValue("pinned") == "true"})
}

func (s *server) moveGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group moved.", mdl.ModelEdit{Kind: mdl.EditMoveGroup, By: moveBy(c)})
}

func (s *server) removeGroup(c *fiber.Ctx) error {
	return s.groupEdit(c, "Group removed.", mdl.ModelEdit{Kind: mdl.EditRemoveGroup})
}

func (s *server) addTopic(c *fiber.Ctx) error {
	return s.groupEdit(c, "Topic added.", mdl.ModelEdit{Kind: mdl.EditAddTopic, Title: c.FormValue("title"), Terms: splitTerms(c.FormValue("terms"))})
}

func (s *server) renameTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic renamed.", mdl.ModelEdit{Kind: mdl.EditRenameTopic, Title: c.FormValue("title")})
}

func (s *server) moveTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic moved.", mdl.ModelEdit{Kind: mdl.EditMoveTopic, By: moveBy(c)})
}

func (s *server) removeTopic(c *fiber.Ctx) error {
	return s.topicEdit(c, "Topic removed.", mdl.ModelEdit{Kind: mdl.EditRemoveTopic})
}

// addTerms adds the typed term (or several, separated by commas), at the
// index the form's at names (an undone removal) or after the last.
func (s *server) addTerms(c *fiber.Ctx) error {
	at := 0 // after the last
	if n, err := strconv.Atoi(c.FormValue("at")); err == nil && n >= 0 && n < 1<<30 {
		at = n + 1
	}
	return s.topicEdit(c, "Term added.", mdl.ModelEdit{Kind: mdl.EditAddTerms, Terms: splitTerms(c.FormValue("term")), At: at})
}

func (s *server) removeTerm(c *fiber.Ctx) error {
	return s.topicEdit(c, "Term removed.", mdl.ModelEdit{Kind: mdl.EditRemoveTerm, Terms: []string{c.FormValue("term")}})
}

// groupEdit makes an edit of the path's group.
func (s *server) groupEdit(c *fiber.Ctx, notice string, e mdl.ModelEdit) error {
	// A malformed id (0) names no group: the service says it is gone.
	e.Group, _ = explorer.ParseID(c.Params("group"))
	return s.editModel(c, notice, e)
}

// topicEdit makes an edit of the path's topic.
func (s *server) topicEdit(c *fiber.Ctx, notice string, e mdl.ModelEdit) error {
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
func describeEdit(e *mdl.ModelEdit) string {
	terms := strings.Join(e.Terms, ", ")
	switch e.Kind {
	case mdl.EditAddTerms:
		return "add “" + terms + "”"
	case mdl.EditRemoveTerm:
		return "remove “" + terms + "”"
	case mdl.EditRenameTopic:
		return "rename the topic “" + e.Title + "”"
	case mdl.EditSaveGroup:
		return "name the group “" + e.Title + "”"
	case mdl.EditAddTopic:
		return "add the topic “" + e.Title + "”"
	case mdl.EditRemoveTopic:
		return "remove the topic"
	case mdl.EditRemoveGroup:
		return "remove the group"
	}
	return "move it"
}
