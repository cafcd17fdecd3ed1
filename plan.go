package explorer

import (
	"context"
	"math/bits"
	"strings"
)

// PlanTrial is the handle of the plan new accounts start on; usage of an
// account on it is counted as trialing.
const PlanTrial = "trial"

// Plan is a product plan of the catalogue. Money is in integer cents of
// Currency. The monthly cost covers the owner's seat; every further seat
// costs SeatPriceCents a month and brings CreditsPerSeat.
type Plan struct {
	ID               int64
	Handle           string
	Name             string
	Description      string
	MonthlyCostCents int64
	Currency         string
	IncludedCredits  int64
	SeatPriceCents   int64
	CreditsPerSeat   int64
}

// IsTrial reports whether usage on this plan counts as trialing.
func (p *Plan) IsTrial() bool { return p.Handle == PlanTrial }

// PlanStore reads the plan catalogue, seeded by a migration.
type PlanStore interface {
	// FindPlans lists the catalogue by monthly cost.
	FindPlans(ctx context.Context) ([]*Plan, error)
	FindPlanByID(ctx context.Context, id int64) (*Plan, error)
	FindPlanByHandle(ctx context.Context, handle string) (*Plan, error)
}

// Products lists the plan catalogue. A cancelled
// account may read it.
func (s *Service) Products(ctx context.Context) ([]*Plan, error) {
	if _, err := Actor(ctx); err != nil {
		return nil, err
	}
	return s.store.FindPlans(ctx)
}

// PlanChoice names a plan by handle or by id: the plan an account
// changes to.
type PlanChoice struct {
	Handle string
	ID     int64
}

// findPlanChoice resolves a PlanChoice; an unknown or missing plan is
// EINVALID.
func (s *Service) findPlanChoice(ctx context.Context, in PlanChoice) (*Plan, error) {
	handle := strings.TrimSpace(in.Handle)
	var (
		p   *Plan
		err error
	)
	switch {
	case handle != "":
		p, err = s.store.FindPlanByHandle(ctx, strings.ToLower(handle))
		if err == nil && in.ID != 0 && in.ID != p.ID {
			return nil, Invalid("handle and id name different plans", FieldError{Field: "id", Message: "names another plan than handle"})
		}
	case in.ID != 0:
		p, err = s.store.FindPlanByID(ctx, in.ID)
	default:
		return nil, Invalid("name the plan with handle or id", FieldError{Field: "handle", Message: "must not be empty"})
	}
	if ErrorCode(err) == ENOTFOUND {
		if handle != "" {
			return nil, Invalid("unknown plan "+handle, FieldError{Field: "handle", Message: "no such plan"})
		}
		return nil, Invalid("unknown plan id", FieldError{Field: "id", Message: "no such plan"})
	}
	return p, err
}

// mulDivRound returns a·num/den rounded half away from zero, computed
// exactly on 128 bits: amounts of money and credits are prorated with it.
// den must be positive and the result must fit in an int64.
func mulDivRound(a, num, den int64) int64 {
	if den <= 0 {
		panic("mulDivRound: denominator must be positive")
	}
	neg := (a < 0) != (num < 0)
	ua, un, ud := abs64(a), abs64(num), uint64(den)
	hi, lo := bits.Mul64(ua, un)
	if hi >= ud {
		panic("mulDivRound: result overflows")
	}
	q, r := bits.Div64(hi, lo, ud)
	if r >= ud-r { // r/den ≥ ½: away from zero
		q++
	}
	if neg {
		return -int64(q)
	}
	return int64(q)
}

func abs64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}
