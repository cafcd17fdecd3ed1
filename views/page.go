// Package views holds the templ components of the admin pages. Components
// take plain view structs; they never see a request or the store.
package views

// Page is what the layout needs from every page.
type Page struct {
	Title    string
	Username string
	IsAdmin  bool
	CSRF     string
	// Active names the navigation entry to highlight.
	Active string
	// Notice is a success message; Error an error message.
	Notice string
	Error  string
	// Dates formats times in the viewer's dateFormat and time zone.
	Dates Dates
	// LowCredits, when set, shows the low-balance banner.
	LowCredits *LowCredits
}

// LowCredits is the banner of an account whose credits are under a tenth
// of what its plan brings each month.
type LowCredits struct {
	Balance, Monthly int64
	// Refused says which imports are refused (accounts.RefusedImports).
	Refused string
	// Payer is the manager whose account pays ("" for one's own).
	Payer string
}
