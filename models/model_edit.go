package models

import (
	"context"
	"fmt"
	"slices"
	"time"

	"explorer"
)

// EditModel makes one editor change to a model's structure, based on the
// version base that the editor shows (zero: the current one).
//
// When base is no longer current, the change is merged: it is made on the
// current version when the topic (or, for changes of a group or of the
// list of groups, the group or the list) it changes is the same in both;
// otherwise the answer is ECONFLICT wrapping a *StaleModelError.
//
// A change by the author of the newest version, made by the editor less
// than AmendWindow ago, amends that version (a new revision of it) rather
// than adding one, so that a burst of edits is one version. Version 1,
// versions made otherwise (upload, update, restore) and the versions of a
// DYNAMIC model (its projects record the version they explored) are never
// amended.
func (s *Service) EditModel(ctx context.Context, id int64, base VersionTag, e ModelEdit) (*EditResult, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	var (
		res     EditResult
		rec     *ModelRecord
		created *explorer.Structure
		before  VersionTag
		at      time.Time
	)
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		m, err := s.lockWritableModel(ctx, u, id)
		if err != nil {
			return err
		}
		rec, before, at = m, m.Tag(), s.clock.Now()
		cur, err := s.StoredVersion(ctx, m, m.Version)
		if err != nil {
			return err
		}
		if base.Version != 0 && base != m.Tag() {
			if err := s.checkMerge(ctx, m, base, cur, &e, &res); err != nil {
				return err
			}
			res.Merged = true
		}
		next, err := s.editedStructure(m, cur, &e, &res)
		if err != nil || next == nil {
			return err
		}
		created, res.Changed = next, true
		return s.saveEdit(ctx, u, m, next, at, &res)
	})
	if err != nil {
		return nil, err
	}
	if created != nil {
		s.rememberVersion(currentKey(rec), created)
		s.newest.follow(before, rec, at, u, res.Amended)
	}
	if res.Model, err = s.modelAt(ctx, rec, rec.Version); err != nil {
		return nil, err
	}
	res.record = rec
	return &res, nil
}

// editedStructure applies e to cur and returns the next structure, nil
// when nothing changes. It sets m's id counters.
func (s *Service) editedStructure(m *ModelRecord, cur *explorer.Structure, e *ModelEdit, res *EditResult) (*explorer.Structure, error) {
	groups, err := applyEdit(e, copyGroups(cur.Groups), res)
	if err != nil {
		return nil, err
	}
	if groups, err = NormalizeGroupsLike(groups, "groups", cur.Groups); err != nil {
		return nil, err
	}
	counters := IDCounters{Group: m.NextGroupID, Topic: m.NextTopicID}
	next := &explorer.Structure{Groups: AssignIDs(cur.Groups, groups, &counters), IgnoreTerms: cur.IgnoreTerms, IgnoreTermsDictionary: cur.IgnoreTermsDictionary}
	if SameStructure(cur, next) {
		return nil, nil
	}
	m.NextGroupID, m.NextTopicID = counters.Group, counters.Topic
	return next, nil
}

// saveEdit stores next as an amendment of the newest version or as a new
// version, and saves m (a new version saves it with it). The newest
// version is amended when the same user made it with the editor less than
// AmendWindow ago; the store checks that in the statement that keeps the
// amendment.
func (s *Service) saveEdit(ctx context.Context, u *explorer.User, m *ModelRecord, next *explorer.Structure, now time.Time, res *EditResult) error {
	// A DYNAMIC model's projects record the version they were explored
	// with: a version they may have seen is never changed under them.
	if !res.Merged && m.Version > 1 && m.Type != ModelDynamic {
		m.Revision++
		var amended bool
		// The model's owner stores the amendment, as a version.
		err := s.root.WithinStorage(ctx, m.OwnerID, func() (err error) {
			amended, err = s.store.AmendModelVersion(ctx, m, now, next, &Amendable{By: u.ID, Since: now.Add(-AmendWindow)})
			return err
		})
		if err != nil || amended {
			res.Amended = amended
			return err
		}
		m.Revision--
	}
	return s.addVersion(ctx, u, m, next, true, now)
}

// checkMerge refuses a change based on base when what it changes differs
// between base and cur; a base the model no longer has is refused too.
// A move is checked against the order it moves in, and the change then
// moves the element from where it is now.
func (s *Service) checkMerge(ctx context.Context, m *ModelRecord, base VersionTag, cur *explorer.Structure, e *ModelEdit, res *EditResult) error {
	old, err := s.baseVersion(ctx, m, base)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return staleModel(m)
		}
		return err
	}
	if !sameScope(e, old.Groups, cur.Groups) {
		return staleModel(m)
	}
	res.Reordered = !slices.Equal(groupIDs(old.Groups), groupIDs(cur.Groups))
	for i := range cur.Groups {
		if g := findGroupByID(old.Groups, cur.Groups[i].ID); g == nil || !sameGroup(g, &cur.Groups[i]) {
			res.Refresh = append(res.Refresh, cur.Groups[i].ID)
		}
	}
	return nil
}

// staleModel is the refusal of a change that meets a newer one.
func staleModel(m *ModelRecord) error {
	return &explorer.Error{Code: explorer.ECONFLICT, Err: &StaleModelError{ModelID: m.ID, Current: m.Version, Tag: m.Tag()},
		Message: fmt.Sprintf("model %d has changed since it was read: its current version is %s", m.ID, m.Tag())}
}

// baseVersion reads the structure a version had at a revision.
func (s *Service) baseVersion(ctx context.Context, m *ModelRecord, base VersionTag) (*explorer.Structure, error) {
	if base.Version < 1 || base.Version > m.Version || (base.Version == m.Version && base.Revision > m.Revision) {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "model %d has no version %s", m.ID, base)
	}
	revision, err := s.store.FindModelVersionRevision(ctx, m.ID, base.Version)
	if err != nil {
		return nil, err
	}
	if revision == base.Revision {
		return s.StoredVersion(ctx, m, base.Version)
	}
	return s.store.FindModelAmendment(ctx, m.ID, base.Version, base.Revision)
}

// sameScope reports whether what e changes is the same in a and b: the
// Topic, the group, or the order of the groups.
func sameScope(e *ModelEdit, a, b []explorer.Group) bool {
	switch e.Kind {
	case EditAddGroup:
		return true
	case EditMoveGroup:
		return slices.Equal(groupIDs(a), groupIDs(b))
	case EditSaveGroup, EditAddTopic:
		ga, gb := findGroupByID(a, e.Group), findGroupByID(b, e.Group)
		return ga != nil && gb != nil && ga.Title == gb.Title && ga.Pinned == gb.Pinned
	case EditRemoveGroup:
		ga, gb := findGroupByID(a, e.Group), findGroupByID(b, e.Group)
		return ga != nil && gb != nil && sameGroup(ga, gb)
	case EditMoveTopic:
		ga, gb := groupOfTopic(a, e.Topic), groupOfTopic(b, e.Topic)
		return ga != nil && gb != nil && ga.ID == gb.ID && slices.Equal(topicIDs(ga), topicIDs(gb))
	}
	ta, tb := findTopicByID(a, e.Topic), findTopicByID(b, e.Topic)
	return ta != nil && tb != nil && ta.Title == tb.Title && slices.Equal(ta.Terms, tb.Terms)
}

func sameGroup(a, b *explorer.Group) bool {
	return a.ID == b.ID && a.Title == b.Title && a.Pinned == b.Pinned && slices.EqualFunc(a.Topics, b.Topics, func(x, y explorer.Topic) bool {
		return x.ID == y.ID && x.Title == y.Title && slices.Equal(x.Terms, y.Terms)
	})
}

func topicIDs(g *explorer.Group) []int64 {
	out := make([]int64, len(g.Topics))
	for i, t := range g.Topics {
		out[i] = t.ID
	}
	return out
}

func findGroupByID(groups []explorer.Group, id int64) *explorer.Group {
	for i := range groups {
		if groups[i].ID == id {
			return &groups[i]
		}
	}
	return nil
}

func groupOfTopic(groups []explorer.Group, topic int64) *explorer.Group {
	for i := range groups {
		for j := range groups[i].Topics {
			if groups[i].Topics[j].ID == topic {
				return &groups[i]
			}
		}
	}
	return nil
}

func findTopicByID(groups []explorer.Group, id int64) *explorer.Topic {
	if g := groupOfTopic(groups, id); g != nil {
		for j := range g.Topics {
			if g.Topics[j].ID == id {
				return &g.Topics[j]
			}
		}
	}
	return nil
}

// copyGroups copies groups deeply enough to change groups and topics: the
// groups and each group's topics are copies, the topics' terms are still
// the stored version's (shared with the version cache), which an edit
// copies before it changes them (applyTopicEdit). Copying every topic's
// terms for a one-term change was a tenth of the editor's CPU.
func copyGroups(in []explorer.Group) []explorer.Group {
	groups := make([]explorer.Group, len(in))
	for i, g := range in {
		g.Topics = slices.Clone(g.Topics)
		groups[i] = g
	}
	return groups
}
