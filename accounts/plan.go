package accounts

import (
	"context"
	"math/bits"
	"strings"

	"explorer"
)

// Products lists the plan catalogue. A cancelled
// account may read it.
func (s *Service) Products(ctx context.Context) ([]*Plan, error) {
	if _, err := explorer.Actor(ctx); err != nil {
		return nil, err
	}
	return s.store.FindPlans(ctx)
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
			return nil, explorer.Invalid("handle and id name different plans", explorer.FieldError{Field: "id", Message: "names another plan than handle"})
		}
	case in.ID != 0:
		p, err = s.store.FindPlanByID(ctx, in.ID)
	default:
		return nil, explorer.Invalid("name the plan with handle or id", explorer.FieldError{Field: "handle", Message: "must not be empty"})
	}
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		if handle != "" {
			return nil, explorer.Invalid("unknown plan "+handle, explorer.FieldError{Field: "handle", Message: "no such plan"})
		}
		return nil, explorer.Invalid("unknown plan id", explorer.FieldError{Field: "id", Message: "no such plan"})
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
