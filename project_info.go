package explorer

import "context"

// ProjectInfo returns a project the caller owns as model answers show
// projects, with the ModelInfo of its model (nil when it has none, or
// when the caller can no longer read it).
func (s *Service) ProjectInfo(ctx context.Context, id int64) (ProjectInfo, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return ProjectInfo{}, err
	}
	p, err := s.ownProject(ctx, u, id)
	if err != nil {
		return ProjectInfo{}, err
	}
	return s.projectInfoOf(ctx, u, p)
}

// ProjectInfosPage is the window page of the projects the caller owns,
// by id, as ProjectInfo, and whether more follow.
func (s *Service) ProjectInfosPage(ctx context.Context, page Page) ([]ProjectInfo, bool, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, more, err := s.ProjectsPage(ctx, page)
	if err != nil {
		return nil, false, err
	}
	out := make([]ProjectInfo, 0, len(list))
	for _, p := range list {
		pi, err := s.projectInfoOf(ctx, u, p)
		if err != nil {
			return nil, false, err
		}
		out = append(out, pi)
	}
	return out, more, nil
}

func (s *Service) projectInfoOf(ctx context.Context, u *User, p *Project) (ProjectInfo, error) {
	if p.ModelID == nil {
		return projectInfo(p, nil), nil
	}
	m, err := s.visibleModel(ctx, u, *p.ModelID)
	switch {
	case ErrorCode(err) == ENOTFOUND:
		return projectInfo(p, nil), nil
	case err != nil:
		return ProjectInfo{}, err
	}
	info := m.Info()
	return projectInfo(p, &info), nil
}
