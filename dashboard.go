package explorer

import (
	"context"
	"time"
)

// Bounds of the start page's summary.
const (
	// DashboardModels is how many of the caller's models (by id) the
	// recent versions are taken from.
	DashboardModels = 500
	// DashboardVersions is how many recent versions it lists.
	DashboardVersions = 5
)

// RecentVersion is a model version on the start page.
type RecentVersion struct {
	ModelID int64
	// Title is the model's title, "" when it has none.
	Title     string
	Version   int
	Created   time.Time
	CreatedBy *UserRef
}

// DashboardStore finds what the start page sums up.
type DashboardStore interface {
	// FindRecentVersions lists the newest versions of the models, newest
	// first, at most limit.
	FindRecentVersions(ctx context.Context, modelIDs []int64, limit int) ([]RecentVersion, error)
}

// Dashboard is the summary of the start page: what the caller owns, the
// paying account's credits and the newest versions of its models.
type Dashboard struct {
	Models, Poles, Projects, Tokens int
	Credits                         int64
	Recent                          []RecentVersion
	// Users is the number of users, for admins (0 for others).
	Users int
}

// Dashboard sums up the caller's work. A cancelled account sees its
// counts and credits but no versions (it may not read models).
func (s *Service) Dashboard(ctx context.Context) (*Dashboard, error) {
	u, err := actor(ctx)
	if err != nil {
		return nil, err
	}
	d := &Dashboard{Recent: []RecentVersion{}}
	for _, c := range []struct {
		n    *int
		kind string
	}{{&d.Models, OwnedModels}, {&d.Poles, OwnedPoles}, {&d.Projects, OwnedProjects}, {&d.Tokens, OwnedTokens}} {
		if *c.n, err = s.store.CountOwned(ctx, u.ID, c.kind); err != nil {
			return nil, err
		}
	}
	if d.Credits, err = s.Credits(ctx); err != nil {
		return nil, err
	}
	if u.IsAdmin() {
		list, err := s.store.FindUsers(ctx)
		if err != nil {
			return nil, err
		}
		d.Users = len(list)
	}
	if u.Status == StatusCancelled {
		return d, nil
	}
	models, _, err := s.ModelsPage(ctx, Page{Limit: DashboardModels})
	if err != nil || len(models) == 0 {
		return d, err
	}
	ids := make([]int64, len(models))
	titles := make(map[int64]string, len(models))
	for i, m := range models {
		ids[i] = m.ID
		if m.Title != nil {
			titles[m.ID] = *m.Title
		}
	}
	if d.Recent, err = s.store.FindRecentVersions(ctx, ids, DashboardVersions); err != nil {
		return nil, err
	}
	for i := range d.Recent {
		d.Recent[i].Title = titles[d.Recent[i].ModelID]
	}
	return d, nil
}
