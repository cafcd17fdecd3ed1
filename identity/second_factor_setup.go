package identity

import (
	"context"
	"encoding/base32"
	"net/url"
	"time"

	"explorer"
)

// SecondFactorStatus is what the account page shows of the caller's
// second factor.
type SecondFactorStatus struct {
	// Available is false for directory users (their directory signs them
	// in).
	Available bool
	Enabled   bool
	// SettingUp is a secret made and not yet confirmed.
	SettingUp bool
	// Required says the policy (--require-2fa) requires one.
	Required bool
	// RecoveryLeft counts the unused recovery codes.
	RecoveryLeft int
}

// SecondFactor returns the caller's second factor status.
func (s *Service) SecondFactor(ctx context.Context) (*SecondFactorStatus, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	st := &SecondFactorStatus{Available: u.Source == explorer.SourceLocal, Required: s.secondFactorRequired(u)}
	t, err := s.store.FindTOTP(ctx, u.ID)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return st, nil
	}
	if err != nil {
		return nil, err
	}
	st.Enabled, st.SettingUp = t.Confirmed != nil, t.Confirmed == nil
	if st.Enabled {
		st.RecoveryLeft, err = s.store.CountRecoveryCodes(ctx, u.ID)
	}
	return st, err
}

// SecondFactorSetupNeeded reports whether u must set up a second factor
// before anything else on the pages: the policy requires one it does not
// have.
func (s *Service) SecondFactorSetupNeeded(ctx context.Context, u *explorer.User) (bool, error) {
	if !s.secondFactorRequired(u) {
		return false, nil
	}
	t, err := s.confirmedTOTP(ctx, u.ID)
	return t == nil, err
}

// BeginTOTP makes a new secret for the caller to add to an authenticator
// app; it counts once confirmed with a code (ConfirmTOTP). A second factor
// already confirmed must be turned off first.
func (s *Service) BeginTOTP(ctx context.Context) error {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return err
	}
	if u.Source != explorer.SourceLocal {
		return explorer.Errorf(explorer.EINVALID, "%s signs in through the company directory, which decides about a second factor", u.Username)
	}
	b, err := explorer.RandomBytes(s.random, 20)
	if err != nil {
		return err
	}
	secret := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if t, err := s.confirmedTOTP(ctx, u.ID); err != nil || t != nil {
			if t != nil {
				return explorer.Errorf(explorer.ECONFLICT, "a second factor is on already; turn it off first")
			}
			return err
		}
		return s.store.SaveTOTP(ctx, &TOTP{UserID: u.ID, Secret: secret})
	})
}

// TOTPKeyURI returns the otpauth:// URI of the caller's secret being set
// up, which the pages draw as a QR code. It holds the secret: it is never
// logged nor sent in a URL.
func (s *Service) TOTPKeyURI(ctx context.Context) (string, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return "", err
	}
	t, err := s.store.FindTOTP(ctx, u.ID)
	if err != nil {
		return "", err
	}
	if t.Confirmed != nil {
		return "", explorer.Errorf(explorer.ENOTFOUND, "no second factor is being set up")
	}
	issuer := "explorer"
	if pu, err := url.Parse(s.root.PublicURL()); err == nil && pu.Host != "" {
		issuer = "explorer " + pu.Host
	}
	q := url.Values{"secret": {t.Secret}, "issuer": {issuer}, "algorithm": {"SHA1"}, "digits": {"6"}, "period": {"30"}}
	label := url.PathEscape(issuer + ":" + u.Username)
	return "otpauth://totp/" + label + "?" + q.Encode(), nil
}

// ConfirmTOTP turns the second factor being set up on when password is
// the caller's and code its current code, and returns ten single-use
// recovery codes, shown once. The user's other sessions end, the change
// is audited and mailed, and cached passwords of the user stop serving
// the JSON interface on every instance.
func (s *Service) ConfirmTOTP(ctx context.Context, password, code string) ([]string, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.confirmPassword(ctx, u, password, explorer.ActionTwoFactorEnable); err != nil {
		return nil, err
	}
	codes, hashes, err := s.newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.store.FindTOTP(ctx, u.ID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && t.Confirmed != nil) {
			return explorer.Errorf(explorer.ECONFLICT, "no second factor is being set up; start again")
		}
		if err != nil {
			return err
		}
		step, ok := totpStep(t.Secret, 0, code, now)
		if !ok {
			return explorer.Invalid("the code is wrong; check the app's time and try the next code", explorer.FieldError{Field: "code", Message: "is wrong"})
		}
		t.Confirmed, t.LastStep = &now, step
		if err := s.store.SaveTOTP(ctx, t); err != nil {
			return err
		}
		if err := s.store.SaveRecoveryCodes(ctx, u.ID, hashes); err != nil {
			return err
		}
		return s.factorChanged(ctx, u, explorer.ActionTwoFactorEnable)
	})
	if err != nil {
		return nil, err
	}
	s.credentials.forgetUser(u.ID)
	return codes, nil
}

// touchPasswordChanged moves a user's PasswordChanged on, so that every
// instance drops the credentials it cached (the hash stays).
func (s *Service) touchPasswordChanged(ctx context.Context, userID int64) error {
	u, err := s.store.FindUserByID(ctx, userID)
	if err != nil {
		return err
	}
	changed := s.clock.Now()
	if !changed.After(u.PasswordChanged) {
		changed = u.PasswordChanged.Add(time.Millisecond)
	}
	return s.store.UpdateUserPassword(ctx, u.ID, u.PasswordHash, changed)
}

// DisableTOTP turns the caller's second factor off after its password
// and a current code or a recovery code; not while the policy requires
// one. The user's other sessions end, the change is audited and mailed.
func (s *Service) DisableTOTP(ctx context.Context, password, code string) error {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return err
	}
	if s.secondFactorRequired(u) {
		return explorer.Errorf(explorer.EFORBIDDEN, "a second factor is required for your account; it cannot be turned off")
	}
	if err := s.confirmPassword(ctx, u, password, explorer.ActionTwoFactorDisable); err != nil {
		return err
	}
	// A wrong code counts as a failed sign-in of the user, as a wrong
	// current password does, so that a taken session cannot guess codes.
	now := s.clock.Now()
	if err := s.codeWait(u, now); err != nil {
		return err
	}
	wrong := explorer.Invalid("the code is wrong or was used already", explorer.FieldError{Field: "code", Message: "is wrong or was used already"})
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.store.FindTOTP(ctx, u.ID)
		if err != nil {
			return err
		}
		if t.Confirmed != nil {
			if use, err := s.checkSecondFactor(ctx, t, code); err != nil || !use.ok {
				return cmpErr(err, wrong)
			}
		}
		if err := s.store.DeleteTOTP(ctx, u.ID); err != nil {
			return err
		}
		return s.factorChanged(ctx, u, explorer.ActionTwoFactorDisable)
	})
	if err == wrong {
		s.failed(u.Username, "", now)
		if err := s.wrongCodeOfAccount(ctx, u, now); err != nil {
			return err
		}
		return s.refuseFactorChange(ctx, u, explorer.ActionTwoFactorDisable, "wrong code", err)
	}
	if err == nil {
		s.credentials.forgetUser(u.ID)
	}
	return err
}

// cmpErr is err, or other when err is nil.
func cmpErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// ResetSecondFactor removes a user's second factor and recovery codes, for
// a person who lost their device; admins only. The user's sessions end.
// This is where the audit log records the reset.
func (s *Service) ResetSecondFactor(ctx context.Context, username string) error {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return err
	}
	var id int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		id = u.ID
		if err := s.store.DeleteTOTP(ctx, u.ID); err != nil {
			return err
		}
		if err := s.store.DeleteUserSessions(ctx, u.ID); err != nil {
			return err
		}
		if err := s.audit(ctx, explorer.ActionTwoFactorReset, u.Username, ""); err != nil {
			return err
		}
		return s.touchPasswordChanged(ctx, u.ID)
	})
	if err == nil {
		s.credentials.forgetUser(id)
	}
	return err
}

// UserSecondFactor reports whether a user's second factor is on; admins
// only.
func (s *Service) UserSecondFactor(ctx context.Context, username string) (bool, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return false, err
	}
	u, err := s.store.FindUserByName(ctx, username)
	if err != nil {
		return false, err
	}
	t, err := s.confirmedTOTP(ctx, u.ID)
	return t != nil, err
}
