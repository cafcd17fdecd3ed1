package models

import (
	"context"
	"fmt"
	"slices"

	"explorer"
)

// keptStructure is the structure a model created from project p copies:
// its groups (only the topics whose ids are in keep, when keep is not
// nil; a group left without topics is dropped), ignore terms and their
// dictionary. keep must name topics of p, at least one. When a dynamic
// model keeps only some topics, the project, its master project, takes
// the same structure and keeps the counts of the kept topics, so that it
// holds what the model's version 1 holds.
func (s *Service) keptStructure(ctx context.Context, p *explorer.Project, keep []int64, dynamic bool) (explorer.Structure, error) {
	st := explorer.Structure{
		Groups:                p.Structure.Groups,
		IgnoreTerms:           p.Structure.IgnoreTerms,
		IgnoreTermsDictionary: p.Structure.IgnoreTermsDictionary,
	}
	if keep == nil {
		return st, nil
	}
	groups, err := keptGroups(p, keep)
	if err != nil {
		return st, err
	}
	st.Groups = groups
	if !dynamic {
		return st, nil
	}
	counts := map[int64]int{}
	for id, n := range p.TopicCounts {
		if slices.Contains(keep, id) {
			counts[id] = n
		}
	}
	p.Structure.Groups = groups
	if err := s.store.UpdateProject(ctx, p); err != nil {
		return st, err
	}
	return st, s.store.SetProjectTopicCounts(ctx, p.ID, counts)
}

// keptGroups are p's groups with only the topics in keep.
func keptGroups(p *explorer.Project, keep []int64) ([]explorer.Group, error) {
	if len(keep) == 0 {
		return nil, explorer.Invalid("choose at least one topic for the model", explorer.FieldError{Field: "topics", Message: "must name at least one topic"})
	}
	groups := []explorer.Group{}
	for _, g := range p.Structure.Groups {
		topics := []explorer.Topic{}
		for _, t := range g.Topics {
			if slices.Contains(keep, t.ID) {
				topics = append(topics, t)
			}
		}
		if len(topics) > 0 {
			g.Topics = topics
			groups = append(groups, g)
		}
	}
	for _, id := range keep {
		if !slices.ContainsFunc(groups, func(g explorer.Group) bool {
			return slices.ContainsFunc(g.Topics, func(t explorer.Topic) bool { return t.ID == id })
		}) {
			return nil, explorer.Invalid(fmt.Sprintf("topic %d is not a topic of project %d", id, p.ID), explorer.FieldError{Field: "topics", Message: "names a topic the project does not have"})
		}
	}
	return groups, nil
}
