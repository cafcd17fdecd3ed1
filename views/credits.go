package views

import (
	"context"

	"explorer/internal/wording"
)

// Credits writes n credits as people read them: "2,000 credits",
// "1 credit", "-21,500 credits" (in the locale of ctx).
func Credits(ctx context.Context, n int64) string {
	return Number(ctx, n) + " " + wording.Plural(n, "credit", "credits")
}

// Rows writes a count of rows: "1 row", "2,000 rows".
func Rows(ctx context.Context, n int) string { return Count(ctx, n, "row", "rows") }
