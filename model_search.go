package explorer

import "strings"

// Kinds of StructureMatch.
const (
	MatchGroup = "group"
	MatchTopic = "topic"
	MatchTerm  = "term"
)

// StructureMatch is a group, topic or term a search found, with the
// group (and topic) holding it.
type StructureMatch struct {
	Kind       string
	Text       string
	Group      int64
	GroupTitle string
	Topic      int64
	TopicTitle string
}

// SearchStructure finds the groups, topics and terms whose text contains
// q, compared as TermKey does (trimmed, case not minded), in the order of
// the structure; at most limit matches. A blank q finds nothing.
func SearchStructure(groups []Group, q string, limit int) []StructureMatch {
	key := TermKey(q)
	if key == "" {
		return nil
	}
	var out []StructureMatch
	found := func(m StructureMatch) bool {
		out = append(out, m)
		return len(out) >= limit
	}
	for _, g := range groups {
		if strings.Contains(TermKey(g.Title), key) && found(StructureMatch{Kind: MatchGroup, Text: g.Title, Group: g.ID, GroupTitle: g.Title}) {
			return out
		}
		for _, t := range g.Topics {
			at := StructureMatch{Group: g.ID, GroupTitle: g.Title, Topic: t.ID, TopicTitle: t.Title}
			if strings.Contains(TermKey(t.Title), key) {
				m := at
				m.Kind, m.Text = MatchTopic, t.Title
				if found(m) {
					return out
				}
			}
			for _, term := range t.Terms {
				if strings.Contains(TermKey(term), key) {
					m := at
					m.Kind, m.Text = MatchTerm, term
					if found(m) {
						return out
					}
				}
			}
		}
	}
	return out
}
