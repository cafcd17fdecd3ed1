package sheet

// A spreadsheet program that opens a CSV file runs a cell beginning with
// '=', '+', '-' or '@' as a formula (and a tab or carriage return can hide
// one), so that a label such as =HYPERLINK(…) would run in the program of
// whoever opens an export (CSV injection). Following the OWASP guidance,
// exports write such a cell with a leading apostrophe, which spreadsheet
// programs read as "text follows", and the CSV reader removes it again, so
// that an exported file uploads back to the same model.
//
// The escape is a bijection: a cell that is zero or more apostrophes
// followed by one of those characters gets one more apostrophe, and the
// reader removes one apostrophe from a cell that is one or more
// apostrophes followed by one of them. A genuine leading apostrophe on
// other text ("'tis") is neither added to nor removed.

// formulaStart reports whether c makes a spreadsheet read a cell as a
// formula.
func formulaStart(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// afterQuotes reports whether s, past its leading apostrophes, begins
// with a formula character; n is the number of those apostrophes.
func afterQuotes(s string) (n int, ok bool) {
	for n < len(s) && s[n] == '\'' {
		n++
	}
	return n, n < len(s) && formulaStart(s[n])
}

// EscapeFormula is the cell a CSV export writes for s: s with a leading
// apostrophe when a spreadsheet program would otherwise read it as a
// formula (or s is apostrophes before such a cell), else s unchanged.
func EscapeFormula(s string) string {
	if _, ok := afterQuotes(s); ok {
		return "'" + s
	}
	return s
}

// UnescapeFormula undoes EscapeFormula: one leading apostrophe is removed
// when the rest is what EscapeFormula escapes.
func UnescapeFormula(s string) string {
	if n, ok := afterQuotes(s); ok && n > 0 {
		return s[1:]
	}
	return s
}
