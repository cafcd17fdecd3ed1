package web

import (
	prj "explorer/projects"
	"fmt"
	"net/http"

	explorer "explorer"
	"explorer/views/projects"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// discoverTopics explores a project's texts beside its model and shows
// the topics the model lacks: the card for htmx, the project page
// otherwise. A refusal (no model, numbers out of bounds, busy) is shown
// in the card with 422; another user's project is 404.
func (s *server) discoverTopics(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	opt, ferr := exploreOptions(c)
	var d *prj.Discovery
	if ferr == nil {
		d, ferr = s.projects.DiscoverTopics(ctx(c), id, opt)
	}
	if ferr != nil && (explorer.ErrorCode(ferr) == explorer.EINTERNAL || explorer.ErrorCode(ferr) == explorer.ENOTFOUND && !s.projectExists(c, id)) {
		return ferr
	}
	v, err := s.projectView(c, id)
	if err != nil {
		return err
	}
	v.Discover.Searched = true
	if d != nil {
		for _, t := range d.Topics {
			v.Discover.Topics = append(v.Discover.Topics, projects.DiscoveredTopic{Title: t.Title, Terms: t.Terms, Group: t.Group})
		}
	}
	return formAnswer(c, ferr, func(msg string) { v.Discover.Error = msg },
		func() templ.Component { return projects.DiscoverSection(v.Discover) }, func() templ.Component { return projects.Detail(v) })
}

// addDiscoveredTopic adds a discovered topic to the project's model: the
// topic's item, saying what was done, for htmx; the project page with a
// notice otherwise. A refusal (a model shared to read only, a term the
// model already holds) is shown with 422.
func (s *server) addDiscoveredTopic(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	item := projects.DiscoveredTopic{Title: c.FormValue("title"), Group: c.FormValue("group")}
	for _, t := range c.Request().PostArgs().PeekMulti("term") {
		item.Terms = append(item.Terms, string(t))
	}
	res, ferr := s.projects.AddDiscoveredTopic(ctx(c), id, item.Title, item.Terms)
	if ferr != nil && (explorer.ErrorCode(ferr) == explorer.EINTERNAL || explorer.ErrorCode(ferr) == explorer.ENOTFOUND && !s.projectExists(c, id)) {
		return ferr
	}
	notice := ""
	if ferr == nil {
		notice = fmt.Sprintf("Added %q to the model %s in the group %s (version %d).", item.Title, titleOf(res.Model.Title), prj.DiscoveredGroup, res.Model.Version)
	}
	if !isHTMX(c) {
		return s.projectAnswer(c, id, notice, ferr)
	}
	item.Added = notice
	code := http.StatusOK
	if ferr != nil {
		item.Error, code = pageMessage(c, ferr), formStatus(ferr)
	}
	return render(c, code, projects.DiscoveredItem(id, page(c, "", "").CSRF, item))
}
