package api

import (
	"explorer/projects"

	"github.com/gofiber/fiber/v2"
)

// discovery is the v1 wire form of explorer.Discovery.
type discovery struct {
	ProjectID int64             `json:"projectId"`
	ModelID   int64             `json:"modelId"`
	Column    string            `json:"column"`
	Language  string            `json:"language"`
	Topics    []discoveredTopic `json:"topics"`
}

type discoveredTopic struct {
	Title string   `json:"title"`
	Terms []string `json:"terms"`
	Group string   `json:"group"`
}

// discoverTopics explores a project with a model beside it, with the
// query parameters topics and groups as explore takes them, and answers
// the topics the model lacks (within the request, bounded as a topic
// read is).
func (h *handler) discoverTopics(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	opt, err := exploreQuery(c)
	if err != nil {
		return err
	}
	d, err := h.projects.DiscoverTopics(c.UserContext(), id, opt)
	if err != nil {
		return err
	}
	out := discovery{ProjectID: d.ProjectID, ModelID: d.ModelID, Column: d.Column, Language: d.Language, Topics: make([]discoveredTopic, 0, len(d.Topics))}
	for _, t := range d.Topics {
		out.Topics = append(out.Topics, discoveredTopic{Title: t.Title, Terms: t.Terms, Group: t.Group})
	}
	return c.JSON(out)
}

// exploreQuery reads the query parameters topics and groups (blank: 0,
// the defaults); a value out of any bound is left for the Service to
// refuse, naming it.
func exploreQuery(c *fiber.Ctx) (projects.ExploreOptions, error) {
	var opt projects.ExploreOptions
	for _, q := range []struct {
		name string
		to   *int
	}{{"topics", &opt.Topics}, {"groups", &opt.Groups}} {
		n, _, err := queryInt(c, q.name)
		if err != nil {
			return opt, err
		}
		if n < 0 || n > 1<<20 {
			n = -1 // out of bounds: the Service names it
		}
		*q.to = int(n)
	}
	return opt, nil
}
