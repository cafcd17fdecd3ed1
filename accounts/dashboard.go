package accounts

import (
	"context"

	"explorer"
)

// DashboardVersions is how many recent versions the start page lists.
const DashboardVersions = 5

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
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	d := &Dashboard{Recent: []RecentVersion{}}
	for _, c := range []struct {
		n    *int
		kind string
	}{{&d.Models, explorer.OwnedModels}, {&d.Poles, explorer.OwnedPoles}, {&d.Projects, explorer.OwnedProjects}, {&d.Tokens, explorer.OwnedTokens}} {
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
	if u.Status == explorer.StatusCancelled {
		return d, nil
	}
	if d.Recent, err = s.store.FindRecentVersions(ctx, u.ID, DashboardVersions); err != nil {
		return nil, err
	}
	return d, nil
}
