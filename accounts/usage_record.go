package accounts

import (
	"time"
)

// UsageRecord is what one project import used: projects started and
// verbatims analysed, trialing when the paying account was on the trial
// plan.
type UsageRecord struct {
	ID        int64
	UserID    int64
	AccountID int64
	Projects  int64
	Verbatims int64
	Trialing  bool
	Recorded  time.Time
}

// UsageSums are the projects and verbatims of a time range, split into
// trialing and non-trialing.
type UsageSums struct {
	ProjectsTrialing     int64
	VerbatimsTrialing    int64
	ProjectsNonTrialing  int64
	VerbatimsNonTrialing int64
}
