package accounts

import (
	"time"

	"explorer"
)

// RecentVersion is a model version on the start page.
type RecentVersion struct {
	ModelID int64
	// Title is the model's title, "" when it has none.
	Title     string
	Version   int
	Created   time.Time
	CreatedBy *explorer.UserRef
}
