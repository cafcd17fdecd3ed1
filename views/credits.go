package views

import explorer "explorer"

// Credits writes n credits as people read them: "2,000 credits",
// "1 credit", "-21,500 credits".
func Credits(n int64) string { return explorer.CreditsText(n) }
