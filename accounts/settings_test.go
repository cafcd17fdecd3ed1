package accounts_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

func settingValues(t *testing.T, list []explorer.UserSetting) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, s := range list {
		if s.Description == "" {
			t.Fatalf("setting %s has no description", s.Key)
		}
		m[s.Key] = s.Value
	}
	return m
}

func TestSettingsDefaultsAndUpdate(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	list, err := e.Svc.Settings(ctx)
	must(t, err)
	want := map[string]string{"defaultLanguage": "EN", "timezone": "UTC", "suggestionsCount": "20", "emailNotifications": "true", "dateFormat": "yyyy-MM-dd", "emailAddress": "", "mailWhenJobEnds": "true"}
	got := settingValues(t, list)
	if len(list) != len(want) {
		t.Fatalf("settings %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%s = %q, want %q", k, got[k], v)
		}
	}
	list, err = e.Svc.UpdateSettings(ctx, []explorer.UserSetting{
		{Key: "defaultLanguage", Value: "sv"},
		{Key: "timezone", Value: "Europe/Stockholm"},
		{Key: "suggestionsCount", Value: " 100 "},
		{Key: "emailNotifications", Value: "FALSE"},
		{Key: "dateFormat", Value: "dd/MM/yyyy"},
		{Key: "mailWhenJobEnds", Value: " false"},
	})
	must(t, err)
	got = settingValues(t, list)
	for k, v := range map[string]string{"defaultLanguage": "SV", "timezone": "Europe/Stockholm", "suggestionsCount": "100", "emailNotifications": "false", "dateFormat": "dd/MM/yyyy", "mailWhenJobEnds": "false"} {
		if got[k] != v {
			t.Fatalf("%s = %q, want %q", k, got[k], v)
		}
	}
	// Another user keeps the defaults.
	e.AddUser("bob", "")
	if v := settingValues(t, must2(e.Svc.Settings(e.As("bob")))); v["timezone"] != "UTC" {
		t.Fatalf("bob's timezone %q", v["timezone"])
	}
}

func must2[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestSettingsUpdateIsAllOrNothing(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	for _, in := range [][]explorer.UserSetting{
		{{Key: "timezone", Value: "Europe/Paris"}, {Key: "colour", Value: "blue"}},
		{{Key: "timezone", Value: "Mars/Olympus"}},
		{{Key: "timezone", Value: "Local"}},
		{{Key: "suggestionsCount", Value: "0"}},
		{{Key: "suggestionsCount", Value: "101"}},
		{{Key: "suggestionsCount", Value: "ten"}},
		{{Key: "defaultLanguage", Value: "xx"}},
		{{Key: "emailNotifications", Value: "yes"}},
		{{Key: "mailWhenJobEnds", Value: "1"}},
		{{Key: "dateFormat", Value: "dd.MM.yyyy"}},
		{{Key: "dateFormat", Value: "yyyy-MM-dd"}, {Key: "emailNotifications", Value: "maybe"}},
	} {
		_, err := e.Svc.UpdateSettings(ctx, in)
		if code(err) != explorer.EINVALID {
			t.Fatalf("%+v: %v", in, err)
		}
		if len(explorer.AsError(err).Fields) == 0 {
			t.Fatalf("%+v: no field errors", in)
		}
	}
	got := settingValues(t, must2(e.Svc.Settings(ctx)))
	if got["timezone"] != "UTC" || got["dateFormat"] != "yyyy-MM-dd" {
		t.Fatalf("a refused update changed %v", got)
	}
}
