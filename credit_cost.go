package explorer

import (
	"strconv"
)

// CreditCost is what a piece of work costs the account that pays for it:
// Rows verbatims at the configured credits each, against the balance the
// account has and the overdraft an admin allowed it.
type CreditCost struct {
	Rows      int
	Credits   int64
	Balance   int64
	Overdraft int64
	// Enforced is false on a server that only tracks credits
	// (BillingOptions.TrackOnly): nothing is refused there.
	Enforced bool
}

// After is the balance once the work is paid.
func (c *CreditCost) After() int64 { return c.Balance - c.Credits }

// Payable reports whether the account may do the work: the balance after
// it stays at or above minus the overdraft.
func (c *CreditCost) Payable() bool { return !c.Enforced || c.After() >= -c.Overdraft }

// CreditsText writes n credits with thousands separators ("2,000 credits",
// "1 credit").
func CreditsText(n int64) string { return CountText(n, "credit", "credits") }

// CountText writes n with its noun in the singular or the plural, grouped
// by thousands: "1 seat", "2,000 topics".
func CountText(n int64, one, many string) string {
	return GroupThousands(n) + " " + Plural(n, one, many)
}

// Plural is the noun n wants: one for 1 and -1, else many.
func Plural(n int64, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// GroupThousands writes n with commas between groups of three digits
// (-21,500).
func GroupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// RefusedImports says which imports an account's credits refuse, given
// how far below zero it may go.
func RefusedImports(overdraft int64) string {
	if overdraft > 0 {
		return "Imports that would take the balance below -" + CreditsText(overdraft) + " are refused"
	}
	return "Imports that cost more than the balance are refused"
}
