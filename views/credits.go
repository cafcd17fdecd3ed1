package views

import explorer "explorer"

// Credits writes n credits as people read them: "2,000 credits",
// "1 credit", "-21,500 credits".
func Credits(n int64) string { return explorer.CreditsText(n) }

// Rows writes a count of rows: "1 row", "2,000 rows".
func Rows(n int) string { return Count(n, "row", "rows") }

// Count writes n with its noun in the singular or the plural, n grouped
// by thousands: "1 topic", "2,000 topics" (explorer.CountText). Every
// count a page shows beside its noun goes through it
// (TestTemplatesCountWithTheirNoun).
func Count(n int, one, many string) string { return explorer.CountText(int64(n), one, many) }

