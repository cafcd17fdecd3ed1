package explorer

import (
	"context"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"explorer/zones"

	"explorer/language"
)

// Setting keys.
const (
	SettingDefaultLanguage    = "defaultLanguage"
	SettingTimezone           = "timezone"
	SettingSuggestionsCount   = "suggestionsCount"
	SettingEmailNotifications = "emailNotifications"
	SettingDateFormat         = "dateFormat"
	SettingEmailAddress       = "emailAddress"
	SettingMailWhenJobEnds    = "mailWhenJobEnds"
)

// UserSetting is a setting with its current value.
type UserSetting struct {
	Key         string
	Value       string
	Description string
}

// Setting kinds: how a value is chosen, so that a form can offer the
// control that fits it.
const (
	// SettingBoolean is "true" or "false".
	SettingBoolean = "boolean"
	// SettingChoice is one of the type's Choices.
	SettingChoice = "choice"
	// SettingTimeZone is an IANA time zone name; TimeZones lists them.
	SettingTimeZone = "timezone"
	// SettingNumber is a whole number from Min to Max.
	SettingNumber = "number"
	// SettingEmail is an e-mail address or empty.
	SettingEmail = "email"
)

// SettingType describes the values of a setting of the catalogue.
type SettingType struct {
	Key string
	// Label names the setting in plain words.
	Label    string
	Kind     string
	Choices  []string
	Min, Max int
}

// settingDef is one entry of the fixed catalogue of settings.
type settingDef struct {
	key, def, description string
	typ                   SettingType
	// normalize checks a value and returns the form that is stored.
	normalize func(string) (string, error)
}

var settingCatalogue = []settingDef{
	{SettingDefaultLanguage, "EN", "Language of new models when it is neither given nor detected: an ISO 639-1 code.",
		SettingType{Label: "Default language", Kind: SettingChoice, Choices: language.Codes()}, func(v string) (string, error) {
			code, ok := language.Normalize(v)
			if !ok {
				return "", fmt.Errorf("must be an ISO 639-1 language code such as EN or SV")
			}
			return code, nil
		}},
	{SettingTimezone, "UTC", "Time zone of the dates shown and of the day and month boundaries of usage figures: an IANA name such as Europe/Stockholm.",
		SettingType{Label: "Time zone", Kind: SettingTimeZone}, func(v string) (string, error) {
			v = strings.TrimSpace(v)
			if v == "" || strings.EqualFold(v, "local") {
				return "", fmt.Errorf("must be an IANA time zone name such as Europe/Stockholm")
			}
			if _, err := zones.Load(v); err != nil {
				return "", fmt.Errorf("must be an IANA time zone name such as Europe/Stockholm")
			}
			return v, nil
		}},
	{SettingSuggestionsCount, "20", "Number of term suggestions for a pole, 1 to 100.",
		SettingType{Label: "Number of suggestions", Kind: SettingNumber, Min: 1, Max: 100}, func(v string) (string, error) {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > 100 {
				return "", fmt.Errorf("must be a whole number from 1 to 100")
			}
			return strconv.Itoa(n), nil
		}},
	{SettingEmailNotifications, "true", "Whether to receive notifications by e-mail: true or false.",
		SettingType{Label: "E-mail notifications", Kind: SettingBoolean}, normalizeBoolean},
	{SettingDateFormat, "yyyy-MM-dd", "How dates are shown: yyyy-MM-dd, dd/MM/yyyy or MM/dd/yyyy.",
		SettingType{Label: "Date format", Kind: SettingChoice, Choices: []string{"yyyy-MM-dd", "dd/MM/yyyy", "MM/dd/yyyy"}}, func(v string) (string, error) {
			v = strings.TrimSpace(v)
			if zones.IsDateFormat(v) {
				return v, nil
			}
			return "", fmt.Errorf("must be one of yyyy-MM-dd, dd/MM/yyyy, MM/dd/yyyy")
		}},
	{SettingEmailAddress, "", "Where notifications are e-mailed; empty: to your username when it is an e-mail address, else nowhere.",
		SettingType{Label: "E-mail address", Kind: SettingEmail}, NormalizeAddress},
	{SettingMailWhenJobEnds, "true", "Whether to receive an e-mail when an import, exploration, model application or word learning of yours that ran a minute or more ends (with e-mail notifications on): true or false.",
		SettingType{Label: "E-mail when a long job ends", Kind: SettingBoolean}, normalizeBoolean},
}

// normalizeBoolean accepts true or false in any case.
func normalizeBoolean(v string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return "true", nil
	case "false":
		return "false", nil
	}
	return "", fmt.Errorf("must be true or false")
}

// NormalizeAddress accepts a bare e-mail address (no display name, at
// most 254 characters) or nothing.
func NormalizeAddress(v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" || len(v) > 254 || strings.ContainsAny(v, "\r\n") {
		return "", fmt.Errorf("must be an e-mail address such as ann@example.com")
	}
	return v, nil
}

// SettingTypes describes the catalogue's settings, in its order.
func SettingTypes() []SettingType {
	out := make([]SettingType, len(settingCatalogue))
	for i, d := range settingCatalogue {
		out[i] = d.typ
		out[i].Key = d.key
	}
	return out
}

// SettingStore keeps the values users set; unset keys take the default.
type SettingStore interface {
	FindSettings(ctx context.Context, userID int64) (map[string]string, error)
	SaveSettings(ctx context.Context, userID int64, values map[string]string) error
}

// SettingsFrom lists every setting of the catalogue with its value in
// values, the default when unset.
func SettingsFrom(values map[string]string) []UserSetting {
	out := make([]UserSetting, 0, len(settingCatalogue))
	for _, d := range settingCatalogue {
		v, ok := values[d.key]
		if !ok {
			v = d.def
		}
		out = append(out, UserSetting{Key: d.key, Value: v, Description: d.description})
	}
	return out
}

// NormalizeSetting checks value for the setting key and returns the form
// that is stored; known is false when the catalogue has no such key.
func NormalizeSetting(key, value string) (normalized string, known bool, err error) {
	for _, d := range settingCatalogue {
		if d.key == key {
			v, err := d.normalize(value)
			return v, true, err
		}
	}
	return "", false, nil
}

// Setting returns one setting's value for a user, the default when unset.
func (s *Service) Setting(ctx context.Context, userID int64, key string) (string, error) {
	values, err := s.store.FindSettings(ctx, userID)
	if err != nil {
		return "", err
	}
	if v, ok := values[key]; ok {
		return v, nil
	}
	for _, d := range settingCatalogue {
		if d.key == key {
			return d.def, nil
		}
	}
	return "", Internal(fmt.Errorf("unknown setting %q", key))
}

// SuggestionsCount returns a user's suggestionsCount setting.
func (s *Service) SuggestionsCount(ctx context.Context, userID int64) (int, error) {
	v, err := s.Setting(ctx, userID, SettingSuggestionsCount)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 20, nil
	}
	return n, nil
}

// Viewer is how a person wants times shown: its dateFormat's layout and
// its time zone.
type Viewer struct {
	DateLayout string
	Location   *time.Location
}

// Viewer returns the caller's date layout and time zone, from the
// settings read with the caller where they were (User.Settings).
func (s *Service) Viewer(ctx context.Context) (Viewer, error) {
	u, err := Actor(ctx)
	if err != nil {
		return Viewer{}, err
	}
	if u.Settings.Read {
		return viewerFrom(u.Settings.Values), nil
	}
	return s.ViewerOf(ctx, u.ID)
}

// ViewerOf returns how the user userID wants times shown (a notice
// written for it, a page after its settings changed), read now.
func (s *Service) ViewerOf(ctx context.Context, userID int64) (Viewer, error) {
	values, err := s.store.FindSettings(ctx, userID)
	if err != nil {
		return Viewer{}, err
	}
	return viewerFrom(values), nil
}

// viewerFrom is the Viewer of a user's set values.
func viewerFrom(values map[string]string) Viewer {
	v := Viewer{DateLayout: zones.DateLayout(values[SettingDateFormat]), Location: time.UTC}
	if name, ok := values[SettingTimezone]; ok {
		if loc, err := zones.Load(name); err == nil {
			v.Location = loc
		}
	}
	return v
}
