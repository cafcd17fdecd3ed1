package explorer

import (
	"context"
	"strings"
	"unicode/utf8"

	"explorer/language"
)

// emptyDictionary is what answers show as a topic's dictionary. It is
// never written to.
var emptyDictionary = map[string]string{}

// visibleModel returns a model the caller owns or has access to; any
// other is ENOTFOUND, so that its existence is not revealed.
func (s *Service) visibleModel(ctx context.Context, u *User, id int64) (*ModelRecord, error) {
	m, err := s.store.FindModel(ctx, id, u.ID)
	if ErrorCode(err) == ENOTFOUND || (err == nil && m.Rights == "") {
		return nil, Errorf(ENOTFOUND, "model %d not found", id)
	}
	return m, err
}

// writableModel returns a model the caller may update and share: it owns
// it or holds READ_WRITE. READ holders get EFORBIDDEN.
func (s *Service) writableModel(ctx context.Context, u *User, id int64) (*ModelRecord, error) {
	m, err := s.visibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if m.Rights != rightsOwner && m.Rights != RightsReadWrite {
		return nil, Errorf(EFORBIDDEN, "you may only read model %d", id)
	}
	return m, nil
}

// Models lists the models the caller owns or that are shared with it, by id.
func (s *Service) Models(ctx context.Context) ([]ModelInfo, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.store.FindModels(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	out := make([]ModelInfo, len(list))
	for i, m := range list {
		out[i] = m.Info()
	}
	return out, nil
}

// Model returns the current version of a model the caller can see.
func (s *Service) Model(ctx context.Context, id int64) (*Model, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.visibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	return s.modelAt(ctx, m, m.Version)
}

// ModelVersion returns a model with the structure of one of its versions
// and its current title and other fields.
func (s *Service) ModelVersion(ctx context.Context, id int64, version int) (*Model, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.visibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if version < 1 || version > m.Version {
		return nil, Errorf(ENOTFOUND, "model %d has no version %d", id, version)
	}
	return s.modelAt(ctx, m, version)
}

// ModelVersions lists the versions of a model, oldest first.
func (s *Service) ModelVersions(ctx context.Context, id int64) ([]ModelVersion, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.visibleModel(ctx, u, id); err != nil {
		return nil, err
	}
	return s.store.FindModelVersions(ctx, id)
}

// modelAt builds the answer for a model with the structure of version.
// It must run outside transactions: it may fill the version cache.
func (s *Service) modelAt(ctx context.Context, m *ModelRecord, version int) (*Model, error) {
	v, err := s.answerVersion(ctx, m.ID, version)
	if err != nil {
		if ErrorCode(err) == ENOTFOUND {
			return nil, Errorf(ENOTFOUND, "model %d has no version %d", m.ID, version)
		}
		return nil, err
	}
	accesses, invitations, err := s.store.FindModelSharing(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	info := m.Info()
	for i := range invitations {
		invitations[i].Model = &info
	}
	return &Model{
		ModelInfo:             info,
		Groups:                v.groups,
		UsersAccess:           nonNil(accesses),
		Invitations:           nonNil(invitations),
		IgnoreTerms:           v.ignoreTerms,
		IgnoreTermsDictionary: v.ignoreTermsDictionary,
		Version:               version,
		Rights:                m.Rights,
		structureJSON:         v.json,
	}, nil
}

// answerGroups copies groups for an answer: dictionaries are shown empty.
func answerGroups(in []Group) []Group {
	out := make([]Group, len(in))
	for i, g := range in {
		topics := make([]Topic, len(g.Topics))
		for j, t := range g.Topics {
			t.Dictionary = emptyDictionary
			if t.Terms == nil {
				t.Terms = []string{}
			}
			topics[j] = t
		}
		g.Topics = topics
		out[i] = g
	}
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// cleanModelTitle trims a model title; empty means none (nil).
func cleanModelTitle(title *string) (*string, error) {
	if title == nil {
		return nil, nil
	}
	t := strings.TrimSpace(*title)
	if t == "" {
		return nil, nil
	}
	if utf8.RuneCountInString(t) > ModelTitleMax {
		return nil, Invalid("title must be at most 500 characters", FieldError{Field: "title", Message: "must be at most 500 characters"})
	}
	return &t, nil
}

// UpdateModel changes a model's title and structure. An absent field keeps
// what the model has. A new version is created only when the groups or
// ignore terms change; a DYNAMIC model then becomes outdated.
func (s *Service) UpdateModel(ctx context.Context, id int64, in ModelInput) (*Model, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	var title *string
	if in.Title != nil {
		if title, err = cleanModelTitle(in.Title); err != nil {
			return nil, err
		}
	}
	var groups []Group
	if in.Groups != nil {
		if groups, err = normalizeGroups(*in.Groups, "groups"); err != nil {
			return nil, err
		}
	}
	var ignore []string
	if in.IgnoreTerms != nil {
		var errs fieldErrors
		ignore = cleanTerms(&errs, "ignoreTerms", *in.IgnoreTerms)
		if err := errs.err(); err != nil {
			return nil, err
		}
	}
	var (
		rec     *ModelRecord
		created *Structure
	)
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.LockModel(ctx, id); err != nil {
			return err
		}
		m, err := s.writableModel(ctx, u, id)
		if err != nil {
			return err
		}
		rec = m
		changed := false
		if in.Title != nil && !equalTitles(title, m.Title) {
			m.Title, changed = title, true
		}
		if in.Groups != nil || in.IgnoreTerms != nil || in.IgnoreTermsDictionary != nil {
			cur, err := s.store.FindModelVersion(ctx, m.ID, m.Version)
			if err != nil {
				return err
			}
			next := Structure{Groups: cur.Groups, IgnoreTerms: cur.IgnoreTerms, IgnoreTermsDictionary: cur.IgnoreTermsDictionary}
			counters := idCounters{group: m.NextGroupID, topic: m.NextTopicID}
			nextIgnore := m.NextIgnoreTermID
			if in.Groups != nil {
				next.Groups = assignIDs(cur.Groups, groups, &counters)
			}
			if in.IgnoreTerms != nil {
				next.IgnoreTerms = assignIgnoreIDs(cur.IgnoreTerms, ignore, &nextIgnore)
			}
			if in.IgnoreTermsDictionary != nil {
				next.IgnoreTermsDictionary = in.IgnoreTermsDictionary
			}
			if !sameStructure(cur, &next) {
				m.Version++
				m.NextGroupID, m.NextTopicID, m.NextIgnoreTermID = counters.group, counters.topic, nextIgnore
				if m.Type == ModelDynamic {
					m.Outdated = true
				}
				err := s.store.CreateModelVersion(ctx, m.ID, m.Version, s.clock.Now(), &next)
				if ErrorCode(err) == ECONFLICT {
					// Another update created this version meanwhile.
					return Errorf(ECONFLICT, "model %d was changed at the same time; load it and try again", m.ID)
				}
				if err != nil {
					return err
				}
				changed, created = true, &next
			}
		}
		if !changed {
			return nil
		}
		return s.store.UpdateModel(ctx, m)
	})
	if err != nil {
		return nil, err
	}
	if created != nil {
		if _, err := s.rememberVersion(rec.ID, rec.Version, created); err != nil {
			return nil, err
		}
	}
	return s.modelAt(ctx, rec, rec.Version)
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
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.visibleModel(ctx, u, id)
		if err != nil {
			return err
		}
		if m.Rights != rightsOwner {
			return Errorf(EFORBIDDEN, "only the owner deletes model %d", id)
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

// ModelProjects returns the master and dependent projects of a DYNAMIC
// model; other models have none.
func (s *Service) ModelProjects(ctx context.Context, id int64) (*ModelProjects, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.visibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	out := &ModelProjects{DependentProjects: []ProjectInfo{}}
	if m.Type != ModelDynamic {
		return out, nil
	}
	info := m.Info()
	projects, err := s.store.FindModelProjects(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, p := range projects {
		pi := projectInfo(p, &info)
		if m.MasterProjectID != nil && p.ID == *m.MasterProjectID {
			out.MasterProject = &pi
			continue
		}
		out.DependentProjects = append(out.DependentProjects, pi)
	}
	if out.MasterProject == nil && m.MasterProjectID != nil {
		// The master project applies another model now (or none).
		p, err := s.store.FindProject(ctx, *m.MasterProjectID)
		switch {
		case err == nil:
			var pm *ModelInfo
			if p.ModelID != nil {
				if r, err := s.store.FindModel(ctx, *p.ModelID, u.ID); err == nil {
					i := r.Info()
					pm = &i
				}
			}
			pi := projectInfo(p, pm)
			out.MasterProject = &pi
		case ErrorCode(err) != ENOTFOUND:
			return nil, err
		}
	}
	return out, nil
}

// CreateModelFromProject creates a model from a project the caller owns:
// it copies the project's groups, topics, ignore terms and language. A
// dynamic model is connected to the project as its master project.
func (s *Service) CreateModelFromProject(ctx context.Context, projectID int64, in ModelUpdate) (*Model, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	title, err := cleanModelTitle(in.Title)
	if err != nil {
		return nil, err
	}
	var (
		rec *ModelRecord
		st  Structure
	)
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.ownProject(ctx, u, projectID)
		if err != nil {
			return err
		}
		if title == nil {
			t := p.Title
			title = &t
		}
		st = Structure{
			Groups:                p.Structure.Groups,
			IgnoreTerms:           p.Structure.IgnoreTerms,
			IgnoreTermsDictionary: p.Structure.IgnoreTermsDictionary,
		}
		lang := p.Language
		if lang == "" {
			if lang, err = s.modelLanguage(ctx, u, "", st.Groups); err != nil {
				return err
			}
		}
		typ := ModelStandard
		var master *int64
		if in.Dynamic {
			typ, master = ModelDynamic, &p.ID
		}
		rec, err = s.createModel(ctx, u, title, typ, lang, &st, master)
		if err != nil || !in.Dynamic {
			return err
		}
		// The project holds the model's structure: it counts as explored
		// with version 1.
		return s.store.SetProjectModel(ctx, p.ID, &rec.ID, new(1))
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.rememberVersion(rec.ID, rec.Version, &st); err != nil {
		return nil, err
	}
	return s.modelAt(ctx, rec, rec.Version)
}

// createModel stores a new model owned by u at version 1; master is the
// master project of a DYNAMIC model. The structure's ids are kept; the
// counters continue after them.
func (s *Service) createModel(ctx context.Context, u *User, title *string, typ, lang string, st *Structure, master *int64) (*ModelRecord, error) {
	if st.Groups == nil {
		st.Groups = []Group{}
	}
	if st.IgnoreTerms == nil {
		st.IgnoreTerms = []IgnoreTerm{}
	}
	if st.IgnoreTermsDictionary == nil {
		st.IgnoreTermsDictionary = map[string]string{}
	}
	c, ignore := maxIDs(st)
	m := &ModelRecord{
		Title: title, Type: typ, Language: lang, OwnerID: u.ID, Owner: u.Username,
		Created: s.clock.Now(), Version: 1, Rights: rightsOwner, MasterProjectID: master,
		NextGroupID: c.group, NextTopicID: c.topic, NextIgnoreTermID: ignore,
	}
	if err := s.store.CreateModel(ctx, m, st); err != nil {
		return nil, err
	}
	return m, nil
}

// modelLanguage decides the language of a new model: the given code, else
// the language detected from its terms, else the user's defaultLanguage
// setting.
func (s *Service) modelLanguage(ctx context.Context, u *User, given string, groups []Group) (string, error) {
	if strings.TrimSpace(given) != "" {
		code, ok := language.Normalize(strings.TrimSpace(given))
		if !ok {
			return "", Invalid("language must be an ISO 639-1 code such as EN", FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		return code, nil
	}
	if code, ok := detectLanguage(allTerms(groups)); ok {
		if code, ok := language.Normalize(code); ok {
			return code, nil
		}
	}
	return s.setting(ctx, u.ID, SettingDefaultLanguage)
}
