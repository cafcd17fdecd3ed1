package account

import (
	"strconv"
	"strings"

	"explorer/internal/wording"
)

// kindLabels name ledger entry and charge kinds in plain words.
var kindLabels = map[string]string{
	"purchase":       "Credits bought",
	"plan_proration": "Plan change",
	"seat_proration": "Seat change",
	"included":       "Included with the plan",
	"usage":          "Used by imports",
	"adjustment":     "Adjustment by an administrator",
	"credits":        "Credits bought",
	"subscription":   "Monthly subscription",
}

// KindLabel names a ledger entry or charge kind in plain words.
func KindLabel(kind string) string {
	if l, ok := kindLabels[kind]; ok {
		return l
	}
	return kind
}

// KindLabels are the plain names of the ledger kinds, for chart legends.
func KindLabels() map[string]string { return kindLabels }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// grouped writes n with thin groups of thousands: 12,345 (a typographic
// minus for negative numbers).
func grouped(n int64) string {
	return strings.Replace(wording.GroupThousands(n), "-", "−", 1)
}
