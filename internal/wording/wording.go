// Package wording writes counts in the words the pages, the mails and the
// messages show: a number grouped by thousands with its noun in the
// singular or the plural ("1 seat", "2,000 credits").
package wording

import (
	"fmt"
	"strconv"
	"time"
)

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

// AboutDuration says d roughly: seconds under two minutes ("90
// seconds"), else minutes ("12 minutes").
func AboutDuration(d time.Duration) string {
	if d < 2*time.Minute {
		return fmt.Sprintf("%d seconds", max(1, int(d.Seconds())))
	}
	return fmt.Sprintf("%d minutes", int(d.Minutes()+0.5))
}
