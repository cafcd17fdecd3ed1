package explorer

// BillingOptions configure credits and billing. Zero values take the
// defaults.
type BillingOptions struct {
	// CreditPriceCents is the price of one credit bought (BuyCredits), in
	// the paying plan's currency (default 10).
	CreditPriceCents int64
	// CreditsPerVerbatim is how many credits one analysed verbatim uses
	// (default 1).
	CreditsPerVerbatim int64
	// TrackOnly counts credits without ever refusing work (an install
	// that sells none); by default an import the paying account cannot
	// pay is refused with EPAYMENT.
	TrackOnly bool
}

func (o BillingOptions) withDefaults() BillingOptions {
	if o.CreditPriceCents <= 0 {
		o.CreditPriceCents = 10
	}
	if o.CreditsPerVerbatim <= 0 {
		o.CreditsPerVerbatim = 1
	}
	return o
}
