package models

import (
	"context"

	"explorer"
)

// CreateModelFromProject creates a model from a project the caller owns:
// it copies the project's groups, topics, ignore terms and language. A
// dynamic model is connected to the project as its master project.
func (s *Service) CreateModelFromProject(ctx context.Context, projectID int64, in ModelUpdate) (*Model, error) {
	return s.CreateModelFromTopics(ctx, projectID, in, nil)
}

// CreateModelFromTopics is CreateModelFromProject keeping only the
// project's topics whose ids are in keep (nil: all); see keptStructure.
func (s *Service) CreateModelFromTopics(ctx context.Context, projectID int64, in ModelUpdate, keep []int64) (*Model, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	title, err := cleanModelTitle(in.Title)
	if err != nil {
		return nil, err
	}
	var (
		rec *ModelRecord
		st  explorer.Structure
	)
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.root.OwnProject(ctx, u, projectID)
		if err != nil {
			return err
		}
		if title == nil {
			t := p.Title
			title = &t
		}
		if st, err = s.keptStructure(ctx, p, keep, in.Dynamic); err != nil {
			return err
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
		if err == nil {
			err = s.store.SetModelSource(ctx, rec.ID, p.ID)
		}
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
	return s.modelWith(ctx, rec, rec.Version, s.rememberVersion(currentKey(rec), &st))
}

// createModel stores a new model owned by u at version 1; master is the
// master project of a DYNAMIC model. The structure's ids are kept; the
// counters continue after them.
func (s *Service) createModel(ctx context.Context, u *explorer.User, title *string, typ, lang string, st *explorer.Structure, master *int64) (*ModelRecord, error) {
	if st.Groups == nil {
		st.Groups = []explorer.Group{}
	}
	if st.IgnoreTerms == nil {
		st.IgnoreTerms = []explorer.IgnoreTerm{}
	}
	if st.IgnoreTermsDictionary == nil {
		st.IgnoreTermsDictionary = map[string]string{}
	}
	c, ignore := MaxIDs(st)
	m := &ModelRecord{
		Title: title, Type: typ, Language: lang, OwnerID: u.ID, Owner: u.Username,
		Created: s.clock.Now(), Version: 1, Rights: explorer.RightsOwner, MasterProjectID: master,
		NextGroupID: c.Group, NextTopicID: c.Topic, NextIgnoreTermID: ignore,
	}
	if err := s.root.CheckOwned(ctx, u.ID, explorer.OwnedModels); err != nil {
		return nil, err
	}
	if err := s.root.WithinStorage(ctx, u.ID, func() error { return s.store.CreateModel(ctx, m, st) }); err != nil {
		return nil, err
	}
	return m, nil
}

// SourcedModels lists the models made from a project the caller owns
// (CreateModelFromProject, CreateModelFromTopics) that the caller can
// read, oldest first.
func (s *Service) SourcedModels(ctx context.Context, projectID int64) ([]explorer.ModelInfo, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.root.OwnProject(ctx, u, projectID); err != nil {
		return nil, err
	}
	recs, err := s.store.FindSourcedModels(ctx, projectID, u.ID)
	if err != nil {
		return nil, err
	}
	out := make([]explorer.ModelInfo, len(recs))
	for i, r := range recs {
		out[i] = r.Info()
	}
	return out, nil
}

// ModelSource is the project a model the caller can read was made from,
// when the caller owns that project; nil otherwise.
func (s *Service) ModelSource(ctx context.Context, modelID int64) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.VisibleModel(ctx, u, modelID); err != nil {
		return nil, err
	}
	pid, err := s.store.FindModelSource(ctx, modelID)
	if err != nil || pid == 0 {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, pid)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return nil, nil
	}
	return p, err
}
