package explorer

import (
	"context"
	"strings"
)

// UserEmail returns a user's emailAddress setting ("" when none); admins
// only.
func (s *Service) UserEmail(ctx context.Context, username string) (string, error) {
	if err := s.requireAdmin(ctx); err != nil {
		return "", err
	}
	u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
	if err != nil {
		return "", err
	}
	values, err := s.store.FindSettings(ctx, u.ID)
	if err != nil {
		return "", err
	}
	return values[SettingEmailAddress], nil
}

// SetUserEmail sets a user's emailAddress setting, where notifications
// go; "" removes the address. Admins only; the address is checked as the
// Setting is.
func (s *Service) SetUserEmail(ctx context.Context, username, email string) error {
	if err := s.requireAdmin(ctx); err != nil {
		return err
	}
	addr, err := normalizeAddress(email)
	if err != nil {
		return Invalid("email "+err.Error(), FieldError{Field: "email", Message: err.Error()})
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
		if err != nil {
			return err
		}
		if err := s.store.SaveSettings(ctx, u.ID, map[string]string{SettingEmailAddress: addr}); err != nil {
			return err
		}
		return s.audit(ctx, ActionSettingsChange, u.Username, SettingEmailAddress)
	})
}

// NormalizeAddress checks an e-mail address and returns its canonical
// form ("" stays ""), as the emailAddress setting keeps it.
func NormalizeAddress(v string) (string, error) { return normalizeAddress(v) }
