package accounts

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"explorer/zones"

	"explorer"
)

// Settings lists every setting of the catalogue with the caller's value.
func (s *Service) Settings(ctx context.Context) ([]explorer.UserSetting, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	if u.Settings.Read { // read with the request's user
		return explorer.SettingsFrom(u.Settings.Values), nil
	}
	return s.settingsOf(ctx, u.ID)
}

func (s *Service) settingsOf(ctx context.Context, userID int64) ([]explorer.UserSetting, error) {
	values, err := s.store.FindSettings(ctx, userID)
	if err != nil {
		return nil, err
	}
	return explorer.SettingsFrom(values), nil
}

// UpdateSettings validates every pair first; an unknown key or a bad value
// changes nothing. It answers all settings after the change.
func (s *Service) UpdateSettings(ctx context.Context, in []explorer.UserSetting) ([]explorer.UserSetting, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	values := map[string]string{}
	var fields []explorer.FieldError
	for i, p := range in {
		field := fmt.Sprintf("[%d].value", i)
		if !explorer.TextFields(&fields, field, p.Value) {
			continue
		}
		v, known, err := explorer.NormalizeSetting(p.Key, p.Value)
		if !known {
			fields = append(fields, explorer.FieldError{Field: fmt.Sprintf("[%d].key", i), Message: fmt.Sprintf("unknown setting %q", p.Key)})
			continue
		}
		if err != nil {
			fields = append(fields, explorer.FieldError{Field: field, Message: p.Key + " " + err.Error()})
			continue
		}
		values[p.Key] = v
	}
	if len(fields) > 0 {
		return nil, explorer.Invalid("invalid settings: "+fields[0].Message, fields...)
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		if len(values) == 0 {
			return nil
		}
		if err := s.store.SaveSettings(ctx, u.ID, values); err != nil {
			return err
		}
		keys := slices.Sorted(maps.Keys(values))
		return s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionSettingsChange, Target: u.Username, Detail: strings.Join(keys, " ")})
	})
	if err != nil {
		return nil, err
	}
	if u.Settings.Read {
		// The request's user carries its settings (a page's dates): now
		// the values just saved.
		merged := maps.Clone(u.Settings.Values)
		if merged == nil {
			merged = map[string]string{}
		}
		maps.Copy(merged, values)
		u.Settings = explorer.SettingValues{Read: true, Values: merged}
	}
	return s.settingsOf(ctx, u.ID)
}

// userLocation returns the time zone of a user's timezone setting.
func (s *Service) userLocation(ctx context.Context, userID int64) (*time.Location, error) {
	name, err := s.root.Setting(ctx, userID, explorer.SettingTimezone)
	if err != nil {
		return nil, err
	}
	loc, err := zones.Load(name)
	if err != nil {
		return time.UTC, nil
	}
	return loc, nil
}
