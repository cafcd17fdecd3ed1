package web

import (
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	mdl "explorer/models"
	"explorer/views/models"

	"github.com/gofiber/fiber/v2"
)

// modelReadRoutes registers the editor's reads: a search and the body of a
// collapsed group.
func (s *server) modelReadRoutes(r fiber.Router) {
	r.Get("/models/:id/search", s.searchModel)
}

// queryModelView is the view of the path's model at the query's version
// (the current one when absent).
func (s *server) queryModelView(c *fiber.Ctx) (models.ModelView, error) {
	id, err := param(c, "id")
	if err != nil {
		return models.ModelView{}, err
	}
	version := 0
	if q := c.Query("version"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 {
			return models.ModelView{}, explorer.Errorf(explorer.ENOTFOUND, "The model has no version %q.", q)
		}
		version = n
	}
	return s.modelView(c, id, version)
}

// groupBody answers the body of a group (the topics of a collapsed group,
// loaded when it is opened); without htmx, the page with the group open.
func (s *server) groupBody(c *fiber.Ctx) error {
	v, err := s.queryModelView(c)
	if err != nil {
		return err
	}
	gid, ok := explorer.ParseID(c.Params("group"))
	if !isHTMX(c) {
		return redirect(c, v.OpenURL(gid))
	}
	for i, g := range v.Groups {
		if ok && g.ID == gid {
			return render(c, http.StatusOK, models.GroupBody(v, g, i))
		}
	}
	return explorer.Errorf(explorer.ENOTFOUND, "The group is no longer in the model; reload the page.")
}

// searchModel finds groups, topics and terms of the model: the list of
// matches for htmx (the page's URL then moves to the search, so that it
// can be shared and the back button works), else the page with them.
func (s *server) searchModel(c *fiber.Ctx) error {
	v, err := s.queryModelView(c)
	if err != nil {
		return err
	}
	if err := s.searchInto(c, &v); err != nil {
		return err
	}
	if isHTMX(c) {
		c.Set("HX-Push-Url", v.SearchURL())
		return render(c, http.StatusOK, models.SearchResults(v))
	}
	return render(c, http.StatusOK, models.Model(v))
}

// searchInto puts in v the page of matches the query's q and page ask
// for (a page past the last is the last).
func (s *server) searchInto(c *fiber.Ctx, v *models.ModelView) error {
	q := c.Query("q")
	if len(q) > 200 {
		q = q[:200]
	}
	v.Search = strings.ToValidUTF8(q, "")
	if explorer.TermKey(v.Search) == "" {
		return nil
	}
	m, err := s.models.ModelVersion(ctx(c), v.ID, v.Version)
	if err != nil {
		return err
	}
	page := 1
	if n, err := strconv.Atoi(c.Query("page")); err == nil && n > 1 && n < 1<<20 {
		page = n
	}
	size := models.SearchPageSize
	found, total := mdl.SearchStructure(m.Groups, v.Search, (page-1)*size, size)
	if pages := (total + size - 1) / size; page > pages && pages > 0 {
		page = pages
		found, _ = mdl.SearchStructure(m.Groups, v.Search, (page-1)*size, size)
	}
	v.SearchTotal, v.SearchPage, v.SearchPages = total, page, (total+size-1)/size
	for _, f := range found {
		sm := models.SearchMatch{What: f.Kind, Text: f.Text, Start: f.Start, End: f.End, Group: f.Group, Topic: f.Topic}
		switch f.Kind {
		case mdl.MatchGroup:
		case mdl.MatchTopic:
			sm.Context = "in " + f.GroupTitle
		default:
			sm.Context = "in " + f.TopicTitle + " (" + f.GroupTitle + ")"
		}
		v.Matches = append(v.Matches, sm)
	}
	return nil
}
