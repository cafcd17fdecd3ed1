package models

import (
	"strings"
	"unicode/utf8"

	"explorer"
)

// Kinds of StructureMatch.
const (
	MatchGroup = "group"
	MatchTopic = "topic"
	MatchTerm  = "term"
)

// StructureMatch is a group, topic or term a search found, with the
// Group (and topic) holding it. Text[Start:End] is the part of Text that
// matched the search (byte offsets), for marking it.
type StructureMatch struct {
	Kind       string
	Text       string
	Start, End int
	Group      int64
	GroupTitle string
	Topic      int64
	TopicTitle string
}

// SearchStructure finds the groups, topics and terms whose text contains
// q, compared as TermKey does (trimmed, case not minded), in the order of
// the structure. It answers the matches from offset on, at most limit of
// them, and how many there are in all. A blank q finds nothing.
func SearchStructure(groups []explorer.Group, q string, offset, limit int) ([]StructureMatch, int) {
	key := explorer.TermKey(q)
	if key == "" {
		return nil, 0
	}
	var out []StructureMatch
	total := 0
	found := func(m StructureMatch, text string) {
		if total >= offset && len(out) < limit {
			m.Text = text
			m.Start, m.End = matchedPart(text, key)
			out = append(out, m)
		}
		total++
	}
	for _, g := range groups {
		if strings.Contains(explorer.TermKey(g.Title), key) {
			found(StructureMatch{Kind: MatchGroup, Group: g.ID, GroupTitle: g.Title}, g.Title)
		}
		for _, t := range g.Topics {
			at := StructureMatch{Group: g.ID, GroupTitle: g.Title, Topic: t.ID, TopicTitle: t.Title}
			if strings.Contains(explorer.TermKey(t.Title), key) {
				m := at
				m.Kind = MatchTopic
				found(m, t.Title)
			}
			for _, term := range t.Terms {
				if strings.Contains(explorer.TermKey(term), key) {
					m := at
					m.Kind = MatchTerm
					found(m, term)
				}
			}
		}
	}
	return out, total
}

// matchedPart is where key (a TermKey) first occurs in text, compared
// as TermKey compares: the byte offsets in text of the first and past the
// last rune whose lower case holds it; 0, 0 when it does not.
func matchedPart(text, key string) (int, int) {
	var lower strings.Builder
	var from []int // from[k]: the offset in text of lower's byte k
	for i, r := range text {
		l := strings.ToLower(string(r))
		lower.WriteString(l)
		for range len(l) {
			from = append(from, i)
		}
	}
	k := strings.Index(lower.String(), key)
	if k < 0 {
		return 0, 0
	}
	// The match ends after the rune whose lower case holds its last byte.
	last := from[k+len(key)-1]
	_, size := utf8.DecodeRuneInString(text[last:])
	return from[k], last + size
}
