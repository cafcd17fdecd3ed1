package web

import (
	"strconv"

	explorer "explorer"
	"explorer/views/home"

	"github.com/gofiber/fiber/v2"
)

// homeDashboard adds the counts, credits, recent versions and, for
// admins, the server's summary to the start page.
func (s *server) homeDashboard(c *fiber.Ctx, v *home.HomeView) error {
	d, err := s.accounts.Dashboard(ctx(c))
	if err != nil {
		return err
	}
	v.Counts = []home.Count{
		{One: "model", Many: "models", Href: "/models", N: d.Models, Help: "Topic models you own, their versions and sharing."},
		{One: "pole", Many: "poles", Href: "/poles", N: d.Poles, Help: "Weighted term lists with suggestions."},
		{One: "project", Many: "projects", Href: "/projects", N: d.Projects, Help: "Imported texts, explored into topics."},
		{One: "API token", Many: "API tokens", Href: "/tokens", N: d.Tokens, Help: "Tokens for the JSON interface."},
	}
	v.Credits = d.Credits
	for _, r := range d.Recent {
		title := r.Title
		if title == "" {
			title = "model " + strconv.FormatInt(r.ModelID, 10)
		}
		rv := home.Version{
			Href:  "/models/" + strconv.FormatInt(r.ModelID, 10) + "/versions/" + strconv.Itoa(r.Version),
			Model: title, Version: r.Version, Created: formatTime(c, r.Created),
		}
		if r.CreatedBy != nil {
			rv.By = r.CreatedBy.UserID
		}
		v.Recent = append(v.Recent, rv)
	}
	if u, _ := c.Locals("user").(*explorer.User); u != nil && u.IsAdmin() {
		v.Admin = &home.AdminSummary{Users: d.Users}
	}
	return nil
}
