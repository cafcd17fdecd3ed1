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
