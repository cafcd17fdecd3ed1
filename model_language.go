package explorer

import (
	"context"
	"strings"

	"explorer/language"
)

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

// modelLanguage decides the language of a new model: the given code, else
// the language detected from its terms, else the user's defaultLanguage
// Setting.
func (s *Service) modelLanguage(ctx context.Context, u *User, given string, groups []Group) (string, error) {
	if strings.TrimSpace(given) != "" {
		code, ok := language.Normalize(strings.TrimSpace(given))
		if !ok {
			return "", Invalid("language must be an ISO 639-1 code such as EN", FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		return code, nil
	}
	if code, ok := s.detector.Detect(allTerms(groups)); ok {
		if code, ok := language.Normalize(code); ok {
			return code, nil
		}
	}
	return s.Setting(ctx, u.ID, SettingDefaultLanguage)
}
