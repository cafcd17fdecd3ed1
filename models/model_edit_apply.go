package models

import (
	"slices"
	"strings"

	"explorer"
)

// apply makes e on groups (a copy it may change) and says in res which
// part shows the change. New groups and topics have id 0 (assigned by
// the caller); the caller cleans titles and terms.
func applyEdit(e *ModelEdit, groups []explorer.Group, res *EditResult) ([]explorer.Group, error) {
	switch e.Kind {
	case EditAddGroup:
		first := e.FirstTopic
		if strings.TrimSpace(first) == "" {
			first = e.Title
		}
		return append(groups, explorer.Group{Title: e.Title, Pinned: e.Pinned, Topics: []explorer.Topic{{Title: first, Terms: explorer.NonNil(e.Terms)}}}), nil
	case EditSaveGroup, EditMoveGroup, EditRemoveGroup, EditAddTopic:
		return applyGroupEdit(e, groups, res)
	}
	return applyTopicEdit(e, groups, res)
}

// applyGroup makes a change of one group.
func applyGroupEdit(e *ModelEdit, groups []explorer.Group, res *EditResult) ([]explorer.Group, error) {
	i := -1
	for k := range groups {
		if groups[k].ID == e.Group {
			i = k
		}
	}
	if i < 0 {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "the group is no longer in the model")
	}
	switch e.Kind {
	case EditSaveGroup:
		groups[i].Title, groups[i].Pinned = e.Title, e.Pinned
		res.Group = e.Group
	case EditMoveGroup:
		if err := moveAt(groups, i, e.By); err != nil {
			return nil, err
		}
	case EditRemoveGroup:
		groups = append(groups[:i], groups[i+1:]...)
	case EditAddTopic:
		groups[i].Topics = append(groups[i].Topics, explorer.Topic{Title: e.Title, Terms: explorer.NonNil(e.Terms)})
		res.Group = e.Group
	}
	return groups, nil
}

// applyTopic makes a change of one topic.
func applyTopicEdit(e *ModelEdit, groups []explorer.Group, res *EditResult) ([]explorer.Group, error) {
	g := groupOfTopic(groups, e.Topic)
	if g == nil {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "the topic is no longer in the model")
	}
	j := 0
	for k := range g.Topics {
		if g.Topics[k].ID == e.Topic {
			j = k
		}
	}
	t := &g.Topics[j]
	t.Terms = slices.Clone(t.Terms) // the stored version's until now (copyGroups)
	res.Group = g.ID
	switch e.Kind {
	case EditRenameTopic:
		t.Title = e.Title
	case EditMoveTopic:
		return groups, moveAt(g.Topics, j, e.By)
	case EditRemoveTopic:
		g.Topics = append(g.Topics[:j], g.Topics[j+1:]...)
	case EditAddTerms:
		if len(e.Terms) == 0 || strings.TrimSpace(strings.Join(e.Terms, "")) == "" {
			return nil, explorer.Invalid("type a term to add")
		}
		res.Already = termsIn(t.Terms, e.Terms)
		at := len(t.Terms)
		if e.At >= 1 && e.At <= at {
			at = e.At - 1
		}
		t.Terms = append(t.Terms[:at], append(append([]string(nil), e.Terms...), t.Terms[at:]...)...)
		res.Topic = e.Topic
	case EditRemoveTerm:
		return groups, removeTerm(t, e.Terms, res)
	default:
		return nil, explorer.Invalid("unknown change")
	}
	return groups, nil
}

// removeTerm removes terms[0] from t.
func removeTerm(t *explorer.Topic, terms []string, res *EditResult) error {
	res.Topic = t.ID
	if len(terms) == 1 {
		for k := range t.Terms {
			if t.Terms[k] == terms[0] {
				t.Terms = append(t.Terms[:k], t.Terms[k+1:]...)
				res.RemovedAt = k
				return nil
			}
		}
	}
	term := ""
	if len(terms) > 0 {
		term = terms[0]
	}
	return explorer.Errorf(explorer.ENOTFOUND, "the term %q is no longer in the topic", term)
}

// moveAt moves the element at i by d (-1 or +1) places within s, when it
// can.
func moveAt[T any](s []T, i, d int) error {
	if d != -1 && d != 1 {
		return explorer.Invalid("choose up or down")
	}
	if j := i + d; j >= 0 && j < len(s) {
		s[i], s[j] = s[j], s[i]
	}
	return nil
}

// termsIn are the terms of given that have holds already (by TermKey),
// trimmed, each once.
func termsIn(has, given []string) []string {
	held := make(map[string]bool, len(has))
	for _, t := range has {
		held[explorer.TermKey(t)] = true
	}
	var out []string
	for _, t := range given {
		if k := explorer.TermKey(t); k != "" && held[k] {
			held[k] = false // said once
			out = append(out, strings.TrimSpace(t))
		}
	}
	return out
}
