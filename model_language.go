package explorer

import (
	"context"
	"strings"

	"explorer/language"
)

// detectLanguage guesses the language of a model's terms: an ISO 639-1
// code and whether the guess is confident. Tests replace it.
var detectLanguage = language.Detect

// modelLanguage decides the language of a new model: the given code, else
// the language detected from its terms, else the user's defaultLanguage
// setting.
func (s *Service) modelLanguage(ctx context.Context, u *User, given string, groups []Group) (string, error) {
	if strings.TrimSpace(given) != "" {
		code, ok := language.Normalize(strings.TrimSpace(given))
		if !ok {
			return "", Invalid("language must be an ISO 639-1 code such as EN", FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		return code, nil
	}
	if code, ok := detectLanguage(allTerms(groups)); ok {
		if code, ok := language.Normalize(code); ok {
			return code, nil
		}
	}
	return s.setting(ctx, u.ID, SettingDefaultLanguage)
}
