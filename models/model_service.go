package models

import (
	"context"

	"explorer"
)

// emptyDictionary is what answers show as a topic's dictionary. It is
// never written to.
var emptyDictionary = map[string]string{}

// VisibleModel returns a model the caller owns or has access to; any
// other is ENOTFOUND, so that its existence is not revealed.
func (s *Service) VisibleModel(ctx context.Context, u *explorer.User, id int64) (*ModelRecord, error) {
	m, err := s.store.FindModel(ctx, id, u.ID)
	return visible(id, m, err)
}

// callerModel returns a model the signed-in caller can see (VisibleModel
// for the context's actor).
func (s *Service) callerModel(ctx context.Context, id int64) (*ModelRecord, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.VisibleModel(ctx, u, id)
}

// visible returns what a read of model id found (m, err) when the caller
// may see it: any other model is ENOTFOUND, so that its existence is not
// revealed.
func visible(id int64, m *ModelRecord, err error) (*ModelRecord, error) {
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && m.Rights == "") {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "model %d not found", id)
	}
	return m, err
}

// WritableModel returns a model the caller may update and share: it owns
// it or holds READ_WRITE. READ holders get EFORBIDDEN.
func (s *Service) WritableModel(ctx context.Context, u *explorer.User, id int64) (*ModelRecord, error) {
	m, err := s.VisibleModel(ctx, u, id)
	return writable(id, m, err)
}

// writable returns the visible model id (m, err) when the caller may
// update it: READ holders get EFORBIDDEN.
func writable(id int64, m *ModelRecord, err error) (*ModelRecord, error) {
	if err != nil {
		return nil, err
	}
	if m.Rights != explorer.RightsOwner && m.Rights != explorer.RightsReadWrite {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "you may only read model %d", id)
	}
	return m, nil
}

// Models lists the models the caller owns or that are shared with it, by id.
func (s *Service) Models(ctx context.Context) ([]explorer.ModelInfo, error) {
	list, _, err := s.ModelsPage(ctx, explorer.Page{})
	return list, err
}

// ModelsPage is the window page of Models and whether more models follow.
func (s *Service) ModelsPage(ctx context.Context, page explorer.Page) ([]explorer.ModelInfo, bool, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindModels(ctx, u.ID, page)
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(list, page)
	out := make([]explorer.ModelInfo, len(list))
	for i, m := range list {
		out[i] = m.Info()
	}
	return out, more, nil
}

// Model returns the current version of a model the caller can see.
func (s *Service) Model(ctx context.Context, id int64) (*Model, error) {
	m, err := s.callerModel(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.modelAt(ctx, m, m.Version)
}

// ModelVersion returns a model with the structure of one of its versions
// and its current title and other fields.
func (s *Service) ModelVersion(ctx context.Context, id int64, version int) (*Model, error) {
	m, err := s.callerModel(ctx, id)
	if err != nil {
		return nil, err
	}
	if version < 1 || version > m.Version {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "model %d has no version %d", id, version)
	}
	return s.modelAt(ctx, m, version)
}

// ExportModel returns a version of a model the caller can see (0: the
// current one) for an export, which the edge writes in a file format
// (internal/tablefile).
func (s *Service) ExportModel(ctx context.Context, id int64, version int) (*Model, error) {
	if version == 0 {
		return s.Model(ctx, id)
	}
	return s.ModelVersion(ctx, id, version)
}

// ModelVersions lists the versions of a model, oldest first.
func (s *Service) ModelVersions(ctx context.Context, id int64) ([]ModelVersion, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.VisibleModel(ctx, u, id); err != nil {
		return nil, err
	}
	return s.store.FindModelVersions(ctx, id)
}

// ModelVersionsPage is the window page of ModelVersions and whether more
// versions follow.
func (s *Service) ModelVersionsPage(ctx context.Context, id int64, page explorer.Page) ([]ModelVersion, bool, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, false, err
	}
	if _, err := s.VisibleModel(ctx, u, id); err != nil {
		return nil, false, err
	}
	list, err := s.store.FindModelVersionsPage(ctx, id, page)
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(list, page)
	return list, more, nil
}

// modelAt builds the answer for a model with the structure of version.
// It must run outside transactions: it may fill the version cache.
func (s *Service) modelAt(ctx context.Context, m *ModelRecord, version int) (*Model, error) {
	v, err := s.answerVersion(ctx, m, version)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return nil, explorer.Errorf(explorer.ENOTFOUND, "model %d has no version %d", m.ID, version)
		}
		return nil, err
	}
	return s.modelWith(ctx, m, version, v)
}

// modelWith answers a model at a version the caller holds ready; a writer
// answers what it just stored without reading it back (a version too
// large for the cache would be).
func (s *Service) modelWith(ctx context.Context, m *ModelRecord, version int, v *answerVersion) (*Model, error) {
	accesses, invitations, err := s.modelSharing(ctx, m.ID, m.SharingStamp)
	if err != nil {
		return nil, err
	}
	info := m.Info()
	for i := range invitations {
		invitations[i].Model = &info
	}
	out := &Model{
		ModelInfo:             info,
		Groups:                v.groups,
		UsersAccess:           explorer.NonNil(accesses),
		Invitations:           explorer.NonNil(invitations),
		IgnoreTerms:           v.ignoreTerms,
		IgnoreTermsDictionary: v.ignoreTermsDictionary,
		Version:               version,
		Revision:              max(0, v.key.revision),
		Rights:                m.Rights,
		SharingStamp:          m.SharingStamp,
	}
	out.SetContentKey(NewContentKey(v.key.model, v.key.version, v.key.revision))
	return out, nil
}

// ModelState is the state of a model the caller can see, at its current
// version: one read of the model's row (with the caller's rights), for a
// conditional request that is decided before the answer is built.
func (s *Service) ModelState(ctx context.Context, id int64) (*ModelState, error) {
	m, err := s.callerModel(ctx, id)
	if err != nil {
		return nil, err
	}
	return &ModelState{ModelInfo: m.Info(), Tag: m.Tag(), SharingStamp: m.SharingStamp}, nil
}

// answerGroups copies groups for an answer: dictionaries are shown empty.
func answerGroups(in []explorer.Group) []explorer.Group {
	out := make([]explorer.Group, len(in))
	for i, g := range in {
		topics := make([]explorer.Topic, len(g.Topics))
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

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// ModelProjects returns the master and dependent projects of a DYNAMIC
// model; other models have none.
func (s *Service) ModelProjects(ctx context.Context, id int64) (*ModelProjects, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.VisibleModel(ctx, u, id)
	if err != nil {
		return nil, err
	}
	out := &ModelProjects{DependentProjects: []*explorer.Project{}}
	if m.Type != ModelDynamic {
		return out, nil
	}
	info := m.Info()
	projects, err := s.store.FindModelProjects(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, p := range projects {
		p = withModel(p, &info)
		if m.MasterProjectID != nil && p.ID == *m.MasterProjectID {
			out.MasterProject = p
			continue
		}
		out.DependentProjects = append(out.DependentProjects, p)
	}
	if out.MasterProject == nil && m.MasterProjectID != nil {
		// The master project applies another model now (or none).
		p, err := s.store.FindProject(ctx, *m.MasterProjectID)
		switch {
		case err == nil:
			var pm *explorer.ModelInfo
			if p.ModelID != nil {
				if r, err := s.store.FindModel(ctx, *p.ModelID, u.ID); err == nil {
					i := r.Info()
					pm = &i
				}
			}
			out.MasterProject = withModel(p, pm)
		case explorer.ErrorCode(err) != explorer.ENOTFOUND:
			return nil, err
		}
	}
	return out, nil
}

// withModel returns p with model (nil: none) as the info of its model.
func withModel(p *explorer.Project, model *explorer.ModelInfo) *explorer.Project {
	p.Model = model
	return p
}
