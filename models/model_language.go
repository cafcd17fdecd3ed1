package models

import (
	"context"
	"strings"

	"explorer"

	"explorer/language"
)

// modelLanguage decides the language of a new model: the given code, else
// the language detected from its terms, else the user's defaultLanguage
// Setting.
func (s *Service) modelLanguage(ctx context.Context, u *explorer.User, given string, groups []explorer.Group) (string, error) {
	if strings.TrimSpace(given) != "" {
		code, ok := language.Normalize(strings.TrimSpace(given))
		if !ok {
			return "", explorer.Invalid("language must be an ISO 639-1 code such as EN", explorer.FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		return code, nil
	}
	if code, ok := s.detector.Detect(AllTerms(groups)); ok {
		if code, ok := language.Normalize(code); ok {
			return code, nil
		}
	}
	return s.root.Setting(ctx, u.ID, explorer.SettingDefaultLanguage)
}
