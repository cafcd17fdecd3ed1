package explorer

import (
	"context"
	"time"
)

// DashboardVersions is how many recent versions the start page lists.
const DashboardVersions = 5

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
	// FindRecentVersions lists the newest versions of the models userID
	// may read (owned or shared), newest first, at most limit, with the
	// models' titles; its cost does not grow with the versions stored.
	FindRecentVersions(ctx context.Context, userID int64, limit int) ([]RecentVersion, error)
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
	u, err := Actor(ctx)
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
		if d.Users, err = s.store.CountUsers(ctx); err != nil {
			return nil, err
		}
	}
	if u.Status == StatusCancelled {
		return d, nil
	}
	if d.Recent, err = s.store.FindRecentVersions(ctx, u.ID, DashboardVersions); err != nil {
		return nil, err
	}
	return d, nil
}
