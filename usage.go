package explorer

import (
	"context"
	"fmt"
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

// UsageStore keeps usage records.
type UsageStore interface {
	CreateUsageRecord(ctx context.Context, r *UsageRecord) error
	// SumUsage adds up the records of users in [from, to).
	SumUsage(ctx context.Context, userIDs []int64, from, to time.Time) (UsageSums, error)
	// FindUsageRecords lists the records of users in [from, to), oldest
	// first.
	FindUsageRecords(ctx context.Context, userIDs []int64, from, to time.Time) ([]*UsageRecord, error)
}

// RecordUsage records the usage of one import by userID at time at and
// takes the verbatims' credits from the paying account (the manager's for
// a managed user); the balance may go below zero (imports check first,
// credits_gate.go). It needs no actor: project imports call it.
func (s *Service) RecordUsage(ctx context.Context, userID int64, projects, verbatims int, at time.Time) error {
	return s.recordUsage(ctx, userID, nil, projects, verbatims, at)
}

// recordUsage is RecordUsage of the import or append of project p (nil:
// none), which the ledger entry names. Crossing the low-balance line
// queues its mail, once a cycle (credits_low.go).
func (s *Service) recordUsage(ctx context.Context, userID int64, p *Project, projects, verbatims int, at time.Time) error {
	if projects < 0 || verbatims < 0 {
		return Invalid("usage must not be negative")
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByID(ctx, userID)
		if err != nil {
			return err
		}
		payer, err := s.Payer(ctx, u)
		if err != nil {
			return err
		}
		a, err := s.settleTx(ctx, payer.ID)
		if err != nil {
			return err
		}
		plan, err := s.store.FindPlanByID(ctx, a.PlanID)
		if err != nil {
			return err
		}
		r := &UsageRecord{UserID: u.ID, AccountID: payer.ID, Projects: int64(projects), Verbatims: int64(verbatims), Trialing: plan.IsTrial(), Recorded: at.UTC()}
		if err := s.store.CreateUsageRecord(ctx, r); err != nil {
			return err
		}
		e := &CreditEntry{Kind: CreditUsage, Credits: -int64(verbatims) * s.billing.CreditsPerVerbatim, Description: usageText(u, p, projects, verbatims)}
		if p != nil {
			e.ProjectID = p.ID
		}
		if err := s.record(ctx, payer.ID, u.ID, at, nil, e); err != nil {
			return err
		}
		return s.warnLowCredits(ctx, payer, a, plan)
	})
}

// usageText describes a usage entry of the ledger: what was analysed, of
// which project, by whom.
func usageText(u *User, p *Project, projects, verbatims int) string {
	n := GroupThousands(int64(verbatims))
	if p == nil {
		return fmt.Sprintf("%s verbatims analysed by %s", n, u.Username)
	}
	what := "imported"
	if projects == 0 {
		what = "appended"
	}
	return fmt.Sprintf("%s verbatims %s into “%s” by %s", n, what, p.Title, u.Username)
}

