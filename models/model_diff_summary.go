package models

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"explorer"
)

// summaryParts is the most parts a Summary lists before "…".
const summaryParts = 4

// Summary says in one line what changed: "+3 terms in Food quality,
// −1 topic, “Food” renamed “Meals”"; "no change" when nothing did.
func (d StructureDiff) Summary() string {
	var c changeCount
	for _, g := range d.Groups {
		c.group(g)
	}
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
	where := ""
	if len(c.termTopics) == 1 {
		where = " in " + c.termTopic
	} else if len(c.termTopics) > 1 {
		where = fmt.Sprintf(" in %d topics", len(c.termTopics))
	}
	add(c.terms[0], "term", where)
	add(-c.terms[1], "term", where)
	add(c.groups[0], "group", "")
	add(-c.groups[1], "group", "")
	add(c.topics[0], "topic", "")
	add(-c.topics[1], "topic", "")
	parts = append(parts, c.renamed...)
	if len(c.moved) > 0 {
		parts = append(parts, "moved or pinned: "+strings.Join(c.moved, ", "))
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

// changeCount counts the changes of a StructureDiff for its Summary:
// added ([0]) and removed ([1]) groups, topics and terms (of the topics
// in both versions, termTopics, by title; termTopic is the first),
// renamed and moved ones.
type changeCount struct {
	groups, topics, terms [2]int
	termTopics            map[string]bool
	termTopic             string
	renamed, moved        []string
}

func (c *changeCount) group(g GroupDiff) {
	countChange(&c.groups, g.Change)
	if g.OldTitle != "" {
		c.renamed = append(c.renamed, "“"+g.OldTitle+"” renamed “"+g.Title+"”")
	}
	if g.Moved || g.PinnedChanged {
		c.moved = append(c.moved, g.Title)
	}
	for _, t := range g.Topics {
		countChange(&c.topics, t.Change)
		if t.OldTitle != "" {
			c.renamed = append(c.renamed, "“"+t.OldTitle+"” renamed “"+t.Title+"”")
		}
		if t.Moved {
			c.moved = append(c.moved, t.Title)
		}
		if t.Change == "" && len(t.TermsAdded)+len(t.TermsRemoved) > 0 {
			if c.termTopics == nil {
				c.termTopics, c.termTopic = map[string]bool{}, t.Title
			}
			c.termTopics[t.Title] = true
			c.terms[0] += len(t.TermsAdded)
			c.terms[1] += len(t.TermsRemoved)
		}
	}
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
// in one line each (StructureDiff.Summary), keyed by version. A summary
// is kept (summaryCache) under the version's key: the content of a
// version and of the one before it no longer change once it is followed,
// so only the newest version's summary is made again after an amendment.
func (s *Service) ModelVersionSummaries(ctx context.Context, id int64, first, last int) (map[int]string, error) {
	m, err := s.callerModel(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.summariesOf(ctx, m, first, last)
}

// summariesOf are ModelVersionSummaries of m, read for the caller.
func (s *Service) summariesOf(ctx context.Context, m *ModelRecord, first, last int) (map[int]string, error) {
	first, last = max(first, 1), min(last, m.Version)
	out := make(map[int]string, max(0, last-first+1))
	for v := first; v <= last; v++ {
		if v == 1 {
			out[v] = "first version"
			continue
		}
		key := keyAt(m, v)
		if sum, ok := s.summaries.get(key); ok {
			out[v] = sum
			continue
		}
		prev, err := s.summaryVersion(ctx, m, v-1)
		if err != nil {
			return nil, err
		}
		cur, err := s.summaryVersion(ctx, m, v)
		if err != nil {
			return nil, err
		}
		out[v] = DiffStructures(prev, cur).Summary()
		s.summaries.put(key, out[v])
	}
	return out, nil
}

// VersionLine is a version with what it changed from the one before
// (StructureDiff.Summary).
type VersionLine struct {
	ModelVersion
	Summary string
}

// NewestVersions are the newest versions of a model, newest first, and
// the model's current version: versions are numbered from 1 without
// gaps (only a model's deletion removes them), so it counts them too.
type NewestVersions struct {
	Lines   []VersionLine
	Current int
}

// maxNewestVersions is the most versions NewestModelVersions lists.
const maxNewestVersions = 100

// NewestModelVersions lists the newest n versions of a model the caller
// can see with their summaries, as the model page and the editor's
// answers show them. It reads the model's row and n versions (1 to
// maxNewestVersions), whatever the model holds.
func (s *Service) NewestModelVersions(ctx context.Context, id int64, n int) (*NewestVersions, error) {
	m, err := s.callerModel(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.newestVersions(ctx, m, n)
}

// NewestVersionsAfter is NewestModelVersions for the answer to an editor
// change r of the caller's: the model as the change left it, without
// reading it again (its current version is the one the change made or
// amended).
func (s *Service) NewestVersionsAfter(ctx context.Context, r *EditResult, n int) (*NewestVersions, error) {
	if r.record == nil {
		return s.NewestModelVersions(ctx, r.Model.ID, n)
	}
	return s.newestVersions(ctx, r.record, n)
}

// newestVersions lists the newest n versions of m (at most
// maxNewestVersions) with their summaries.
func (s *Service) newestVersions(ctx context.Context, m *ModelRecord, n int) (*NewestVersions, error) {
	n = min(max(n, 1), maxNewestVersions)
	list, err := s.newestModelVersions(ctx, m, n)
	if err != nil {
		return nil, err
	}
	out := &NewestVersions{Lines: make([]VersionLine, len(list)), Current: m.Version}
	if len(list) == 0 {
		return out, nil
	}
	sums, err := s.summariesOf(ctx, m, list[len(list)-1].Version, m.Version)
	if err != nil {
		return nil, err
	}
	for i, v := range list {
		out.Lines[i] = VersionLine{ModelVersion: v, Summary: sums[v.Version]}
	}
	return out, nil
}

// summaryCacheMax is the most summaries summaryCache keeps (a few
// hundred KB); when full it starts again empty.
const summaryCacheMax = 4096

// summaryCache keeps the summaries of versions by their key.
type summaryCache struct {
	mu      sync.Mutex
	entries map[versionKey]string
}

func (c *summaryCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = nil
}

func (c *summaryCache) get(k versionKey) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sum, ok := c.entries[k]
	return sum, ok
}

func (c *summaryCache) put(k versionKey, sum string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= summaryCacheMax {
		c.entries = make(map[versionKey]string)
	}
	c.entries[k] = sum
}

// summaryVersion reads a version's structure through the cache.
func (s *Service) summaryVersion(ctx context.Context, m *ModelRecord, version int) (*explorer.Structure, error) {
	v, err := s.answerVersion(ctx, m, version)
	if err != nil {
		return nil, err
	}
	return v.stored, nil
}
