package models

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"explorer"
)

// cleanModelTitle trims a model title; empty means none (nil).
func cleanModelTitle(title *string) (*string, error) {
	if title == nil {
		return nil, nil
	}
	t := strings.TrimSpace(*title)
	if err := explorer.CheckLine("title", t); err != nil {
		return nil, err
	}
	if t == "" {
		return nil, nil
	}
	if utf8.RuneCountInString(t) > ModelTitleMax {
		return nil, explorer.Invalid("title must be at most 500 characters", explorer.FieldError{Field: "title", Message: "must be at most 500 characters"})
	}
	return &t, nil
}

// RenameModel gives the model a new title, which must not be blank: the
// pages rename a model and never empty its title (the JSON interface's
// PUT may still make it null).
func (s *Service) RenameModel(ctx context.Context, id int64, title string) (*Model, error) {
	if strings.TrimSpace(title) == "" {
		return nil, explorer.Invalid("type a title: a model's title cannot be empty", explorer.FieldError{Field: "title", Message: "must not be empty"})
	}
	return s.UpdateModel(ctx, id, ModelInput{Title: &title})
}

// UpdateModel changes a model's title and structure. An absent field keeps
// what the model has. A new version is created only when the groups or
// ignore terms change; a DYNAMIC model then becomes outdated.
func (s *Service) UpdateModel(ctx context.Context, id int64, in ModelInput) (*Model, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	clean, err := s.cleanModelInput(id, in)
	if err != nil {
		return nil, err
	}
	var (
		rec     *ModelRecord
		created *explorer.Structure
	)
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		m, err := s.lockWritableModel(ctx, u, id)
		if err != nil {
			return err
		}
		if err := checkBasedOn(m, in.BasedOn); err != nil {
			return err
		}
		rec = m
		changed := false
		if in.Title != nil && !equalTitles(clean.title, m.Title) {
			m.Title, changed = clean.title, true
		}
		if created, err = s.nextStructure(ctx, u, m, in, clean); err != nil {
			return err
		}
		if !changed || created != nil {
			return nil // a new version saved m with it
		}
		return s.store.UpdateModel(ctx, m)
	})
	if err != nil {
		return nil, err
	}
	if created != nil {
		s.rememberVersion(currentKey(rec), created)
	}
	return s.modelAt(ctx, rec, rec.Version)
}

// cleanInput is a ModelInput's title, groups and ignore terms, cleaned.
type cleanInput struct {
	title  *string
	groups []explorer.Group
	ignore []string
}

// cleanModelInput cleans and checks the parts of in that are given, before
// any lock is taken.
func (s *Service) cleanModelInput(id int64, in ModelInput) (cleanInput, error) {
	var c cleanInput
	var err error
	if in.Title != nil {
		if c.title, err = cleanModelTitle(in.Title); err != nil {
			return c, err
		}
	}
	if in.Groups != nil {
		// The latest version cached, if any, spares cleaning again the
		// terms of the topics that did not change.
		if c.groups, err = NormalizeGroupsLike(*in.Groups, "groups", s.versions.latestGroups(id)); err != nil {
			return c, err
		}
	}
	var errs FieldErrors
	if in.IgnoreTerms != nil {
		c.ignore = CleanTerms(&errs, "ignoreTerms", *in.IgnoreTerms)
		if err := errs.Err(); err != nil {
			return c, err
		}
	}
	for k, v := range in.IgnoreTermsDictionary {
		errs.Text("ignoreTermsDictionary", k+v)
	}
	return c, errs.Err()
}

// nextStructure adds the version in makes of m's structure, when in
// changes it, and returns it (nil when in leaves the structure as it is).
// m's id counters advance with the ids the new version gives.
func (s *Service) nextStructure(ctx context.Context, u *explorer.User, m *ModelRecord, in ModelInput, clean cleanInput) (*explorer.Structure, error) {
	if in.Groups == nil && in.IgnoreTerms == nil && in.IgnoreTermsDictionary == nil {
		return nil, nil
	}
	cur, err := s.StoredVersion(ctx, m, m.Version)
	if err != nil {
		return nil, err
	}
	next := explorer.Structure{Groups: cur.Groups, IgnoreTerms: cur.IgnoreTerms, IgnoreTermsDictionary: cur.IgnoreTermsDictionary}
	counters := IDCounters{Group: m.NextGroupID, Topic: m.NextTopicID}
	nextIgnore := m.NextIgnoreTermID
	if in.Groups != nil {
		next.Groups = AssignIDs(cur.Groups, clean.groups, &counters)
	}
	if in.IgnoreTerms != nil {
		next.IgnoreTerms = AssignIgnoreIDs(cur.IgnoreTerms, clean.ignore, &nextIgnore)
	}
	if in.IgnoreTermsDictionary != nil {
		next.IgnoreTermsDictionary = in.IgnoreTermsDictionary
	}
	if SameStructure(cur, &next) {
		return nil, nil
	}
	m.NextGroupID, m.NextTopicID, m.NextIgnoreTermID = counters.Group, counters.Topic, nextIgnore
	if err := s.addVersion(ctx, u, m, &next, false, s.clock.Now()); err != nil {
		return nil, err
	}
	return &next, nil
}

// lockWritableModel takes the model's lock for the transaction of ctx and
// returns it when the caller may update it (see WritableModel), read
// under the lock.
func (s *Service) lockWritableModel(ctx context.Context, u *explorer.User, id int64) (*ModelRecord, error) {
	m, err := s.store.LockModel(ctx, id, u.ID)
	m, err = visible(id, m, err)
	return writable(id, m, err)
}

// checkBasedOn refuses an update based on a version that is no longer
// the model's current one (see ModelInput.BasedOn).
func checkBasedOn(m *ModelRecord, basedOn []VersionTag) error {
	if len(basedOn) == 0 || slices.Contains(basedOn, m.Tag()) {
		return nil
	}
	return staleModel(m)
}

// addVersion stores next as the model's next version, made by u, counts
// it in m and saves m with it (its title and counters as the caller set
// them); a DYNAMIC model becomes outdated. editor marks a version the
// model editor made (which it may amend); at is the version's time.
func (s *Service) addVersion(ctx context.Context, u *explorer.User, m *ModelRecord, next *explorer.Structure, editor bool, at time.Time) error {
	m.Version++
	m.Revision = 0
	if m.Type == ModelDynamic {
		m.Outdated = true
	}
	// A DYNAMIC model's projects are made stale first: the lock order of
	// every transaction is the model, its projects, then the owner's
	// storage counter, which the version's charge takes (a measurement
	// storing its result takes the project, then the counter: the other
	// order deadlocked on PostgreSQL).
	if m.Type == ModelDynamic {
		if err := s.dependentsChanged(ctx, m.ID); err != nil {
			return err
		}
	}
	// The model's owner stores the version, whoever makes it.
	err := s.root.WithinStorage(ctx, m.OwnerID, func() error {
		if editor {
			return s.store.SaveEditorVersion(ctx, m, at, u.ID, next)
		}
		return s.store.SaveModelVersion(ctx, m, at, u.ID, next)
	})
	if explorer.ErrorCode(err) == explorer.ECONFLICT {
		// Another update created this version meanwhile.
		return explorer.Errorf(explorer.ECONFLICT, "model %d was changed at the same time; load it and try again", m.ID)
	}
	return err
}

// dependentsChanged makes the measured tonality of a DYNAMIC model's
// explored projects stale: they are measured again with its new version
// once the change is committed.
func (s *Service) dependentsChanged(ctx context.Context, modelID int64) error {
	ps, err := s.store.FindModelProjects(ctx, modelID)
	if err != nil {
		return err
	}
	var ids []int64
	for _, p := range ps {
		if p.Status == explorer.ProjectExplored && p.TonalityState != explorer.TonalityNever {
			ids = append(ids, p.ID)
		}
	}
	return s.root.MarkStale(ctx, ids...)
}

func equalTitles(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// DeleteModel deletes a model the caller owns with its versions, accesses
// and invitations; the projects it is applied to are detached from it.
func (s *Service) DeleteModel(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		// The model's lock first, then its projects: the lock order of
		// every transaction (a measurement locks its DYNAMIC model, then
		// the project).
		m, err := s.store.LockModel(ctx, id, u.ID)
		if m, err = visible(id, m, err); err != nil {
			return err
		}
		if m.Rights != explorer.RightsOwner {
			return explorer.Errorf(explorer.EFORBIDDEN, "only the owner deletes model %d", id)
		}
		if err := s.store.DetachModelProjects(ctx, id); err != nil {
			return err
		}
		return s.store.DeleteModel(ctx, id)
	})
	if err == nil {
		s.versions.forget(id)
	}
	return err
}
