package views

import explorer "explorer"

// Credits writes n credits as people read them: "2,000 credits",
// "1 credit", "-21,500 credits".
func Credits(n int64) string { return explorer.CreditsText(n) }

// Rows writes a count of rows: "1 row", "2,000 rows".
func Rows(n int) string {
	if n == 1 {
		return "1 row"
	}
	return explorer.GroupThousands(int64(n)) + " rows"
}
