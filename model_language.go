package explorer

// LanguageDetector guesses the language of texts taken together: an ISO
// 639-1 code (any case) and whether the guess is confident. Package
// language implements it with lingua-go; cmd/explorer wires it, so that
// the service layer does not link lingua's models.
type LanguageDetector interface {
	Detect(texts []string) (code string, confident bool)
}

// DetectorFunc adapts a function to LanguageDetector.
type DetectorFunc func(texts []string) (string, bool)

// Detect calls f.
func (f DetectorFunc) Detect(texts []string) (string, bool) { return f(texts) }

// noDetector is the detector of a Service without one: it is never
// confident, so the caller's defaultLanguage decides.
var noDetector = DetectorFunc(func([]string) (string, bool) { return "", false })
