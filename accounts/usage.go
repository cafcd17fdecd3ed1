package accounts

import (
	"context"
	"fmt"
	"strings"
	"time"

	"explorer/internal/wording"

	"explorer"
)

// Usage periods of an account's usage figures.
const (
	PeriodDay   = "DAY"
	PeriodMonth = "MONTH"
)

// UsageQuery is the period of usage figures asked for: Period (DAY or
// MONTH, any case) takes precedence over Since and Until (yyyy-MM-dd,
// Until exclusive); none at all means MONTH.
type UsageQuery struct {
	Period string
	Since  string
	Until  string
}

// UsageDetails are an account's usage figures: today, this
// month (both in the caller's time zone) and the asked period.
type UsageDetails struct {
	Today  UsageSums
	Month  UsageSums
	Period UsageSums
	// From and To are the bounds of the asked period, To exclusive.
	From, To time.Time
}

// Usage returns the caller's usage figures; a manager's include its
// managed users'. Day and month boundaries are those of the caller's
// timezone setting.
func (s *Service) Usage(ctx context.Context, q UsageQuery) (*UsageDetails, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	loc, err := s.userLocation(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now().In(loc)
	y, m, d := now.Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, loc)
	month := time.Date(y, m, 1, 0, 0, 0, 0, loc)
	out := &UsageDetails{}
	switch period := strings.ToUpper(strings.TrimSpace(q.Period)); {
	case period == PeriodDay:
		out.From, out.To = today, today.AddDate(0, 0, 1)
	case period == PeriodMonth || (period == "" && q.Since == "" && q.Until == ""):
		out.From, out.To = month, month.AddDate(0, 1, 0)
	case period != "":
		return nil, explorer.Invalid("period must be DAY or MONTH", explorer.FieldError{Field: "period", Message: "must be DAY or MONTH"})
	default:
		if out.From, out.To, err = parseUsageRange(q.Since, q.Until, loc); err != nil {
			return nil, err
		}
	}
	ids, err := s.usageUsers(ctx, u)
	if err != nil {
		return nil, err
	}
	if out.Today, err = s.store.SumUsage(ctx, ids, today, today.AddDate(0, 0, 1)); err != nil {
		return nil, err
	}
	if out.Month, err = s.store.SumUsage(ctx, ids, month, month.AddDate(0, 1, 0)); err != nil {
		return nil, err
	}
	if out.Period, err = s.store.SumUsage(ctx, ids, out.From, out.To); err != nil {
		return nil, err
	}
	return out, nil
}

// usageUsers are the users whose usage u's figures add up: u and its
// managed users.
func (s *Service) usageUsers(ctx context.Context, u *explorer.User) ([]int64, error) {
	ids := []int64{u.ID}
	managed, err := s.store.FindManagedUsers(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range managed {
		ids = append(ids, m.ID)
	}
	return ids, nil
}

// parseUsageRange reads sinceDate and untilDate (yyyy-MM-dd, both needed,
// until after since) as midnights in loc.
func parseUsageRange(since, until string, loc *time.Location) (from, to time.Time, err error) {
	var fields []explorer.FieldError
	parse := func(name, other, v string) time.Time {
		v = strings.TrimSpace(v)
		if v == "" {
			fields = append(fields, explorer.FieldError{Field: name, Message: "is required with " + other})
			return time.Time{}
		}
		t, err := time.ParseInLocation(time.DateOnly, v, loc)
		if err != nil {
			fields = append(fields, explorer.FieldError{Field: name, Message: "must be a date yyyy-MM-dd"})
		}
		return t
	}
	from, to = parse("sinceDate", "untilDate", since), parse("untilDate", "sinceDate", until)
	if len(fields) > 0 {
		return from, to, explorer.Invalid(fields[0].Field+" "+fields[0].Message, fields...)
	}
	if !to.After(from) {
		return from, to, explorer.Invalid("untilDate must be after sinceDate", explorer.FieldError{Field: "untilDate", Message: "must be after sinceDate"})
	}
	return from, to, nil
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
func (s *Service) recordUsage(ctx context.Context, userID int64, p *explorer.Project, projects, verbatims int, at time.Time) error {
	if projects < 0 || verbatims < 0 {
		return explorer.Invalid("usage must not be negative")
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByID(ctx, userID)
		if err != nil {
			return err
		}
		payer, err := s.root.Payer(ctx, u)
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
func usageText(u *explorer.User, p *explorer.Project, projects, verbatims int) string {
	n := wording.GroupThousands(int64(verbatims))
	if p == nil {
		return fmt.Sprintf("%s verbatims analysed by %s", n, u.Username)
	}
	what := "imported"
	if projects == 0 {
		what = "appended"
	}
	return fmt.Sprintf("%s verbatims %s into “%s” by %s", n, what, p.Title, u.Username)
}
