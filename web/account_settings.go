package web

import (
	"fmt"
	"strings"

	explorer "explorer"
	"explorer/views/account"
	"explorer/zones"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// settingsTab is the settings page: one control per setting, chosen by
// the catalogue's type, with the values as typed after an error.
func (s *server) settingsTab(c *fiber.Ctx, h account.Header, st *accountState) (templ.Component, templ.Component, error) {
	h.Tab = "settings"
	h.Page.Title = "Settings"
	v := account.SettingsView{Header: h, Fields: st.settings, Zones: zones.TimeZones(), Mail: s.notes.MailEnabled()}
	if v.Fields == nil {
		list, err := s.accounts.Settings(ctx(c))
		if err != nil {
			return nil, nil, err
		}
		v.Fields = settingFields(list, func(st explorer.UserSetting) string { return st.Value })
	}
	words, err := s.wordsView(c, st.words)
	if err != nil {
		return nil, nil, err
	}
	v.Words = words
	return account.SettingsSection(v), account.SettingsPage(v), nil
}

// settingFields joins the settings with their types; value gives each
// field's value.
func settingFields(list []explorer.UserSetting, value func(explorer.UserSetting) string) []account.SettingField {
	types := map[string]explorer.SettingType{}
	for _, t := range explorer.SettingTypes() {
		types[t.Key] = t
	}
	out := make([]account.SettingField, len(list))
	for i, st := range list {
		t := types[st.Key]
		f := account.SettingField{Key: st.Key, Label: t.Label, Kind: t.Kind, Value: value(st), Description: st.Description, Min: t.Min, Max: t.Max}
		if d, ok := pageDescriptions[st.Key]; ok {
			f.Description = d
		}
		if f.Label == "" {
			f.Label = st.Key
		}
		for _, ch := range t.Choices {
			f.Choices = append(f.Choices, account.Choice{Value: ch, Label: choiceLabel(st.Key, ch)})
		}
		out[i] = f
	}
	return out
}

// pageDescriptions replace the catalogue's descriptions where those speak
// of the JSON values ("true or false") rather than of the control shown.
var pageDescriptions = map[string]string{
	explorer.SettingEmailNotifications: "E-mail me when someone shares a model with me or invites me, and before my plan changes.",
	explorer.SettingMailWhenJobEnds:    "E-mail me when an import, exploration, model application or word learning of mine that ran a minute or more ends (with e-mail notifications on).",
}

// choiceLabel names a language code in English beside the code.
func choiceLabel(key, value string) string {
	if key != explorer.SettingDefaultLanguage {
		return value
	}
	tag, err := language.Parse(value)
	if err != nil {
		return value
	}
	if name := display.English.Languages().Name(tag); name != "" {
		return value + " – " + name
	}
	return value
}

// saveSettings saves every setting of the form at once; errors are shown
// by their fields, with every value as typed. An unchecked box sends
// nothing: a boolean setting missing from the form is false.
func (s *server) saveSettings(c *fiber.Ctx) error {
	current, err := s.accounts.Settings(ctx(c))
	if err != nil {
		return err
	}
	kinds := map[string]string{}
	for _, t := range explorer.SettingTypes() {
		kinds[t.Key] = t.Kind
	}
	in := make([]explorer.UserSetting, len(current))
	for i, st := range current {
		in[i] = explorer.UserSetting{Key: st.Key, Value: c.FormValue(st.Key)}
		if kinds[st.Key] == explorer.SettingBoolean && in[i].Value != "true" {
			in[i].Value = "false"
		}
	}
	saved, err := s.accounts.UpdateSettings(ctx(c), in)
	if err != nil {
		shown := settingFields(current, func(st explorer.UserSetting) string { return c.FormValue(st.Key) })
		for i := range shown {
			shown[i].Value = in[i].Value
		}
		var msgs []string
		for _, f := range explorer.AsError(err).Fields {
			var i int
			if _, serr := fmt.Sscanf(f.Field, "[%d]", &i); serr == nil && i >= 0 && i < len(shown) {
				// The service names the setting's key; the form its label.
				msg := strings.TrimPrefix(f.Message, shown[i].Key+" ")
				shown[i].Error = msg
				msgs = append(msgs, shown[i].Label+" "+msg)
			}
		}
		if len(msgs) > 0 {
			// The alert names every failing setting as the form does.
			err = explorer.Invalid(strings.Join(msgs, "; ") + ".")
		}
		return s.accountAnswer(c, settingsTab, "settings", "", err, &accountState{settings: shown})
	}
	// The dates of the answer follow the settings just saved (the
	// request's user carries them since the save).
	if viewer, err := s.svc.Viewer(ctx(c)); err == nil {
		p := page(c, "", "")
		p.Dates.Layout, p.Dates.Location = viewer.DateLayout, viewer.Location
		c.Locals("page", p)
	}
	shown := settingFields(saved, func(st explorer.UserSetting) string { return st.Value })
	return s.accountAnswer(c, settingsTab, "settings", "Settings saved.", nil, &accountState{settings: shown})
}
