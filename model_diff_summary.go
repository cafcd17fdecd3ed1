package explorer

import (
	"context"
	"fmt"
	"strings"
)

// summaryParts is the most parts a Summary lists before "…".
const summaryParts = 4

// Summary says in one line what changed: "+3 terms in Food quality,
// −1 topic, “Food” renamed “Meals”"; "no change" when nothing did.
func (d StructureDiff) Summary() string {
	var parts []string
	add := func(n int, what, where string) {
		if n == 0 {
			return
		}
		sign := "+"
		if n < 0 {
			sign, n = "−", -n
		}
		if n != 1 {
			what += "s"
		}
		parts = append(parts, fmt.Sprintf("%s%d %s%s", sign, n, what, where))
	}
	var groups, topics [2]int
	var renamed, moved []string
	terms := map[string][2]int{}
	var termTopics []string
	for _, g := range d.Groups {
		countChange(&groups, g.Change)
		if g.OldTitle != "" {
			renamed = append(renamed, "“"+g.OldTitle+"” renamed “"+g.Title+"”")
		}
		if g.Moved || g.PinnedChanged {
			moved = append(moved, g.Title)
		}
		for _, t := range g.Topics {
			countChange(&topics, t.Change)
			if t.OldTitle != "" {
				renamed = append(renamed, "“"+t.OldTitle+"” renamed “"+t.Title+"”")
			}
			if t.Moved {
				moved = append(moved, t.Title)
			}
			if t.Change == "" && len(t.TermsAdded)+len(t.TermsRemoved) > 0 {
				if _, ok := terms[t.Title]; !ok {
					termTopics = append(termTopics, t.Title)
				}
				c := terms[t.Title]
				terms[t.Title] = [2]int{c[0] + len(t.TermsAdded), c[1] + len(t.TermsRemoved)}
			}
		}
	}
	where := ""
	if len(termTopics) == 1 {
		where = " in " + termTopics[0]
	} else if len(termTopics) > 1 {
		where = fmt.Sprintf(" in %d topics", len(termTopics))
	}
	var added, removed int
	for _, c := range terms {
		added, removed = added+c[0], removed+c[1]
	}
	add(added, "term", where)
	add(-removed, "term", where)
	add(groups[0], "group", "")
	add(-groups[1], "group", "")
	add(topics[0], "topic", "")
	add(-topics[1], "topic", "")
	parts = append(parts, renamed...)
	if len(moved) > 0 {
		parts = append(parts, "moved or pinned: "+strings.Join(moved, ", "))
	}
	add(len(d.IgnoreTermsAdded), "ignored term", "")
	add(-len(d.IgnoreTermsRemoved), "ignored term", "")
	if len(parts) == 0 {
		return "no change"
	}
	if len(parts) > summaryParts {
		parts = append(parts[:summaryParts], "…")
	}
	return strings.Join(parts, ", ")
}

// countChange counts an added ([0]) or removed ([1]) element.
func countChange(c *[2]int, change string) {
	switch change {
	case ChangeAdded:
		c[0]++
	case ChangeRemoved:
		c[1]++
	}
}

// ModelVersionSummaries says what each version of a model from first to
// last changed from the version before it (version 1: "first version"),
// in one line each (StructureDiff.Summary), keyed by version.
func (s *Service) ModelVersionSummaries(ctx context.Context, id int64, first, last int) (map[int]string, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.visibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	first, last = max(first, 1), min(last, m.Version)
	out := make(map[int]string, max(0, last-first+1))
	var prev *Structure
	if first > 1 {
		if prev, err = s.summaryVersion(ctx, m, first-1); err != nil {
			return nil, err
		}
	}
	for v := first; v <= last; v++ {
		cur, err := s.summaryVersion(ctx, m, v)
		if err != nil {
			return nil, err
		}
		if prev == nil {
			out[v] = "first version"
		} else {
			out[v] = DiffStructures(prev, cur).Summary()
		}
		prev = cur
	}
	return out, nil
}

// summaryVersion reads a version's structure through the cache.
func (s *Service) summaryVersion(ctx context.Context, m *ModelRecord, version int) (*Structure, error) {
	v, err := s.answerVersion(ctx, m, version)
	if err != nil {
		return nil, err
	}
	return v.stored, nil
}
