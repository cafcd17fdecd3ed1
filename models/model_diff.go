package models

import (
	"context"
	"slices"

	"explorer"
)

// Kinds of change of a group or topic in a StructureDiff.
const (
	ChangeAdded   = "added"
	ChangeRemoved = "removed"
)

// ModelDiff is what changed in a model's structure from one version to
// another.
type ModelDiff struct {
	ModelID int64
	From    int
	To      int
	StructureDiff
}

// StructureDiff lists the changed groups in the order of the newer
// structure (a removed group after the group that preceded it), each with
// its changed topics, and the ignore terms added and removed. Groups and
// topics are the same when their ids are; terms are the same when their
// TermKey is.
type StructureDiff struct {
	Groups             []GroupDiff
	IgnoreTermsAdded   []string
	IgnoreTermsRemoved []string
}

// Empty reports whether nothing changed.
func (d StructureDiff) Empty() bool {
	return len(d.Groups) == 0 && len(d.IgnoreTermsAdded) == 0 && len(d.IgnoreTermsRemoved) == 0
}

// GroupDiff is a group that changed or holds a changed topic.
type GroupDiff struct {
	ID int64
	// Title is the newer title (the older one of a removed group).
	Title string
	// Change is ChangeAdded, ChangeRemoved or "" (the group is in both).
	Change string
	// OldTitle is the older title of a renamed group, else "".
	OldTitle string
	// Moved: the group changed its place among the groups both hold.
	Moved bool
	// PinnedChanged: the group was pinned or unpinned; Pinned is the
	// newer state.
	PinnedChanged bool
	Pinned        bool
	// Topics are the changed topics, in the same order as groups.
	Topics []TopicDiff
}

// TopicDiff is a topic that was added, removed, renamed, moved or whose
// terms changed.
type TopicDiff struct {
	ID     int64
	Title  string
	Change string
	// OldTitle is the older title of a renamed topic, else "".
	OldTitle string
	// Moved: the topic changed its place within its group, or came from
	// another group (FromGroup, that group's older title).
	Moved     bool
	FromGroup string
	// TermsAdded and TermsRemoved are in the order of their version.
	TermsAdded   []string
	TermsRemoved []string
}

// ModelDiff compares two versions of a model the caller can see; from may
// be newer than to.
func (s *Service) ModelDiff(ctx context.Context, id int64, from, to int) (*ModelDiff, error) {
	a, err := s.ModelVersion(ctx, id, from)
	if err != nil {
		return nil, err
	}
	b, err := s.ModelVersion(ctx, id, to)
	if err != nil {
		return nil, err
	}
	return &ModelDiff{ModelID: id, From: from, To: to, StructureDiff: DiffStructures(
		&explorer.Structure{Groups: a.Groups, IgnoreTerms: a.IgnoreTerms},
		&explorer.Structure{Groups: b.Groups, IgnoreTerms: b.IgnoreTerms},
	)}, nil
}

// DiffStructures compares structure a (older) with b (newer).
func DiffStructures(a, b *explorer.Structure) StructureDiff {
	var d StructureDiff
	d.IgnoreTermsAdded, d.IgnoreTermsRemoved = diffTerms(ignoreTermList(a.IgnoreTerms), ignoreTermList(b.IgnoreTerms))
	oldGroups := make(map[int64]*explorer.Group, len(a.Groups))
	oldTopics := make(map[int64]topicPlace, topicCount(a.Groups))
	for i := range a.Groups {
		g := &a.Groups[i]
		oldGroups[g.ID] = g
		for j := range g.Topics {
			oldTopics[g.Topics[j].ID] = topicPlace{group: g, topic: &g.Topics[j]}
		}
	}
	newGroups, newTopics := make(map[int64]bool, len(b.Groups)), make(map[int64]bool, topicCount(b.Groups))
	for _, g := range b.Groups {
		newGroups[g.ID] = true
		for _, t := range g.Topics {
			newTopics[t.ID] = true
		}
	}
	movedGroups := outOfOrder(groupIDs(a.Groups), groupIDs(b.Groups))
	var diffs []GroupDiff
	for i := range b.Groups {
		g := &b.Groups[i]
		gd := GroupDiff{ID: g.ID, Title: g.Title, Pinned: g.Pinned}
		old, ok := oldGroups[g.ID]
		if ok {
			gd.Moved = movedGroups[g.ID]
			gd.PinnedChanged = old.Pinned != g.Pinned
			if old.Title != g.Title {
				gd.OldTitle = old.Title
			}
			gd.Topics = diffTopics(old, g, oldTopics, newTopics)
		} else {
			gd.Change = ChangeAdded
			gd.Topics = diffTopics(nil, g, oldTopics, newTopics)
		}
		diffs = append(diffs, gd)
	}
	for i := range a.Groups {
		g := &a.Groups[i]
		if newGroups[g.ID] {
			continue
		}
		gd := GroupDiff{ID: g.ID, Title: g.Title, Pinned: g.Pinned, Change: ChangeRemoved}
		for _, t := range g.Topics {
			if !newTopics[t.ID] {
				gd.Topics = append(gd.Topics, TopicDiff{ID: t.ID, Title: t.Title, Change: ChangeRemoved, TermsRemoved: t.Terms})
			}
		}
		// Every older group before i is listed by now: kept or removed.
		var after int64
		if i > 0 {
			after = a.Groups[i-1].ID
		}
		diffs = insertAfter(diffs, func(g GroupDiff) int64 { return g.ID }, after, gd)
	}
	for _, gd := range diffs {
		if gd.Change != "" || gd.OldTitle != "" || gd.Moved || gd.PinnedChanged || len(gd.Topics) > 0 {
			d.Groups = append(d.Groups, gd)
		}
	}
	return d
}

// topicCount counts the topics of groups.
func topicCount(groups []explorer.Group) int {
	n := 0
	for _, g := range groups {
		n += len(g.Topics)
	}
	return n
}

// topicPlace is a topic of the older structure with its group.
type topicPlace struct {
	group *explorer.Group
	topic *explorer.Topic
}

// diffTopics lists the changed topics of group g (newer), whose older
// state is old (nil when the group is new). Topics of old found nowhere in
// the newer structure are listed as removed, after the topic that
// preceded them.
func diffTopics(old, g *explorer.Group, oldTopics map[int64]topicPlace, newTopics map[int64]bool) []TopicDiff {
	if old != nil && sameTopics(old.Topics, g.Topics) {
		return nil // most groups of two versions
	}
	var oldIDs []int64
	if old != nil {
		oldIDs = make([]int64, len(old.Topics))
		for i, t := range old.Topics {
			oldIDs[i] = t.ID
		}
	}
	stayed := make([]int64, 0, len(g.Topics))
	for _, t := range g.Topics {
		if p, ok := oldTopics[t.ID]; ok && p.group.ID == g.ID {
			stayed = append(stayed, t.ID)
		}
	}
	moved := outOfOrder(oldIDs, stayed)
	all := make([]TopicDiff, 0, len(g.Topics))
	for _, t := range g.Topics {
		td := TopicDiff{ID: t.ID, Title: t.Title}
		if p, ok := oldTopics[t.ID]; !ok {
			td.Change, td.TermsAdded = ChangeAdded, t.Terms
		} else {
			if p.topic.Title != t.Title {
				td.OldTitle = p.topic.Title
			}
			if p.group.ID != g.ID {
				td.Moved, td.FromGroup = true, p.group.Title
			} else {
				td.Moved = moved[t.ID]
			}
			td.TermsAdded, td.TermsRemoved = diffTerms(p.topic.Terms, t.Terms)
		}
		all = append(all, td)
	}
	all = withRemovedTopics(all, old, oldIDs, newTopics)
	out := all[:0] // the changed ones, kept in place
	for _, td := range all {
		if td.Change != "" || td.OldTitle != "" || td.Moved || len(td.TermsAdded) > 0 || len(td.TermsRemoved) > 0 {
			out = append(out, td)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// sameTopics reports whether a and b are the same topics (ids, titles
// and terms) in the same order.
func sameTopics(a, b []explorer.Topic) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Title != b[i].Title || !slices.Equal(a[i].Terms, b[i].Terms) {
			return false
		}
	}
	return true
}

// withRemovedTopics adds to all, the topics of a group in its newer
// state, the topics of its older state old (ids oldIDs) found nowhere in
// the newer structure, each after the topic that preceded it in old and
// is listed by then, else first.
func withRemovedTopics(all []TopicDiff, old *explorer.Group, oldIDs []int64, newTopics map[int64]bool) []TopicDiff {
	var listed map[int64]bool
	for i, id := range oldIDs {
		if newTopics[id] {
			continue
		}
		if listed == nil {
			listed = make(map[int64]bool, len(all)+1)
			for _, td := range all {
				listed[td.ID] = true
			}
		}
		var after int64
		for j := i - 1; j >= 0 && after == 0; j-- {
			if listed[oldIDs[j]] {
				after = oldIDs[j]
			}
		}
		t := old.Topics[i]
		all = insertAfter(all, func(t TopicDiff) int64 { return t.ID }, after,
			TopicDiff{ID: t.ID, Title: t.Title, Change: ChangeRemoved, TermsRemoved: t.Terms})
		listed[id] = true
	}
	return all
}

// diffTerms returns the terms of b not in a and those of a not in b,
// compared by TermKey, each in its list's order. Each list holds a term
// once by TermKey (a stored version's terms are clean: CleanTerms), so a
// term found byte for byte in the other list is in neither answer, and
// one that is not may only match by key a term of the other list that is
// not either: only those few are compared by key. The terms both lists
// begin and end with are set aside first (an edit adds or removes a few
// terms of a topic), and no map is made for short lists.
func diffTerms(a, b []string) (added, removed []string) {
	if slices.Equal(a, b) {
		return nil, nil // most topics of two versions
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	onlyA, onlyB := termsNotIn(a, b, same), termsNotIn(b, a, same)
	if len(onlyA) > 0 && len(onlyB) > 0 {
		onlyA, onlyB = termsNotIn(onlyA, onlyB, sameKey), termsNotIn(onlyB, onlyA, sameKey)
	}
	return listOrNil(onlyB), listOrNil(onlyA)
}

// listOrNil is nil for an empty list, else the list capped at its
// length (it may share a version's terms: an append copies).
func listOrNil(in []string) []string {
	if len(in) == 0 {
		return nil
	}
	return slices.Clip(in)
}

func same(t string) string { return t }

func sameKey(t string) string { return explorer.TermKey(t) }

// termsNotIn returns the terms of x whose key no term of y has, in x's
// order; x itself (not a copy) when that is all of them.
func termsNotIn(x, y []string, key func(string) string) []string {
	if len(x) == 0 || len(y) == 0 {
		return x
	}
	var out []string
	keep := func(i int, found bool) {
		switch {
		case found && out == nil:
			out = append(make([]string, 0, len(x)-1), x[:i]...)
		case !found && out != nil:
			out = append(out, x[i])
		}
	}
	if len(y) <= TermSetSmall {
		keys := make([]string, len(y))
		for j, t := range y {
			keys[j] = key(t)
		}
		for i, t := range x {
			keep(i, slices.Contains(keys, key(t)))
		}
	} else {
		keys := make(map[string]bool, len(y))
		for _, t := range y {
			keys[key(t)] = true
		}
		for i, t := range x {
			keep(i, keys[key(t)])
		}
	}
	if out == nil {
		return x
	}
	return out
}

func ignoreTermList(in []explorer.IgnoreTerm) []string {
	out := make([]string, len(in))
	for i, t := range in {
		out[i] = t.Term
	}
	return out
}
