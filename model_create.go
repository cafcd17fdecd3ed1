package explorer

import "context"

// CreateModelFromProject creates a model from a project the caller owns:
// it copies the project's groups, topics, ignore terms and language. A
// dynamic model is connected to the project as its master project.
func (s *Service) CreateModelFromProject(ctx context.Context, projectID int64, in ModelUpdate) (*Model, error) {
	return s.CreateModelFromTopics(ctx, projectID, in, nil)
}

// CreateModelFromTopics is CreateModelFromProject keeping only the
// project's topics whose ids are in keep (nil: all); see keptStructure.
func (s *Service) CreateModelFromTopics(ctx context.Context, projectID int64, in ModelUpdate, keep []int64) (*Model, error) {
	u, err := ActiveActor(ctx)
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
		p, err := s.OwnProject(ctx, u, projectID)
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
		NextGroupID: c.Group, NextTopicID: c.Topic, NextIgnoreTermID: ignore,
	}
	if err := s.CheckOwned(ctx, u.ID, OwnedModels); err != nil {
		return nil, err
	}
	if err := s.WithinStorage(ctx, u.ID, func() error { return s.store.CreateModel(ctx, m, st) }); err != nil {
		return nil, err
	}
	return m, nil
}

// SourcedModels lists the models made from a project the caller owns
// (CreateModelFromProject, CreateModelFromTopics) that the caller can
// read, oldest first.
func (s *Service) SourcedModels(ctx context.Context, projectID int64) ([]ModelInfo, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.OwnProject(ctx, u, projectID); err != nil {
		return nil, err
	}
	recs, err := s.store.FindSourcedModels(ctx, projectID, u.ID)
	if err != nil {
		return nil, err
	}
	out := make([]ModelInfo, len(recs))
	for i, r := range recs {
		out[i] = r.Info()
	}
	return out, nil
}

// ModelSource is the project a model the caller can read was made from,
// when the caller owns that project; nil otherwise.
func (s *Service) ModelSource(ctx context.Context, modelID int64) (*Project, error) {
	u, err := ActiveActor(ctx)
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
	p, err := s.OwnProject(ctx, u, pid)
	if ErrorCode(err) == ENOTFOUND {
		return nil, nil
	}
	return p, err
}
