package explorer

// SetDetectLanguage replaces the language detector for a test and returns
// a function that restores it.
func SetDetectLanguage(f func([]string) (string, bool)) (restore func()) {
	old := detectLanguage
	detectLanguage = f
	return func() { detectLanguage = old }
}
