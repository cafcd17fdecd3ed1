package explorer

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

// PlanChoice names a plan by handle or by id: the plan an account
// changes to.
type PlanChoice struct {
	Handle string
	ID     int64
}
