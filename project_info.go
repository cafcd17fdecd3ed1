package explorer

import "context"

// ProjectInfo returns a project the caller owns with the info of its
// model as the caller sees it (Model nil when it has none, or when the
// caller can no longer read it).
func (s *Service) ProjectInfo(ctx context.Context, id int64) (*Project, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.ownProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	return s.projectInfoOf(ctx, u, p)
}

// ProjectInfosPage is the window page of the projects the caller owns,
// by id, each as ProjectInfo returns it, and whether more follow.
func (s *Service) ProjectInfosPage(ctx context.Context, page Page) ([]*Project, bool, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, more, err := s.ProjectsPage(ctx, page)
	if err != nil {
		return nil, false, err
	}
	out := make([]*Project, 0, len(list))
	for _, p := range list {
		pi, err := s.projectInfoOf(ctx, u, p)
		if err != nil {
			return nil, false, err
		}
		out = append(out, pi)
	}
	return out, more, nil
}

func (s *Service) projectInfoOf(ctx context.Context, u *User, p *Project) (*Project, error) {
	if p.ModelID == nil {
		return withModel(p, nil), nil
	}
	m, err := s.visibleModel(ctx, u, *p.ModelID)
	switch {
	case ErrorCode(err) == ENOTFOUND:
		return withModel(p, nil), nil
	case err != nil:
		return nil, err
	}
	info := m.Info()
	return withModel(p, &info), nil
}
