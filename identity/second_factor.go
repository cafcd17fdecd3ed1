package identity

import (
	"context"
	"crypto/subtle"
	"encoding/base32"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"explorer"
)

const (
	totpPeriod    = 30
	recoveryCodes = 10
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// secondFactorRequired reports whether the policy requires u to have a
// second factor. It applies to local users: a directory's people prove
// who they are to the directory.
func (s *Service) secondFactorRequired(u *explorer.User) bool {
	if u.Source != explorer.SourceLocal {
		return false
	}
	return s.require2FA == explorer.Require2FAAll || (s.require2FA == explorer.Require2FAAdmins && u.IsAdmin())
}

// confirmedTOTP returns the user's confirmed second factor, or nil.
func (s *Service) confirmedTOTP(ctx context.Context, userID int64) (*TOTP, error) {
	t, err := s.store.FindTOTP(ctx, userID)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && t.Confirmed == nil) {
		return nil, nil
	}
	return t, err
}

// passwordOnlyRefused reports whether u's password alone may not sign in
// to the JSON interface: a user with a second factor, or required to
// have one, uses API tokens.
func (s *Service) passwordOnlyRefused(ctx context.Context, u *explorer.User) (bool, error) {
	if u.Source != explorer.SourceLocal {
		return false, nil
	}
	if s.secondFactorRequired(u) {
		return true, nil
	}
	t, err := s.confirmedTOTP(ctx, u.ID)
	return t != nil, err
}

// totpStep returns the step of the code among those of now and the steps
// next to it (clock drift) that is newer than last; ok false when none.
func totpStep(secret string, last int64, code string, now time.Time) (int64, bool) {
	code = strings.ReplaceAll(code, " ", "")
	if len(code) != 6 {
		return 0, false
	}
	cur := now.Unix() / totpPeriod
	for step := cur - 1; step <= cur+1; step++ {
		if step <= last {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// recoveryKey normalizes a recovery code as typed and returns its hash.
func recoveryKey(code string) string {
	code = strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(code))
	return hashSecret("recovery:" + code)
}

// newRecoveryCodes makes ten random codes (50 bits each, "abcde-fghij")
// and their hashes.
func (s *Service) newRecoveryCodes() (codes, hashes []string, err error) {
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	for range recoveryCodes {
		b, err := explorer.RandomBytes(s.random, 7)
		if err != nil {
			return nil, nil, err
		}
		c := strings.ToLower(enc.EncodeToString(b))[:10]
		codes = append(codes, c[:5]+"-"+c[5:])
		hashes = append(hashes, recoveryKey(c))
	}
	return codes, hashes, nil
}

// factorUse is how a second factor's code was taken: ok when accepted,
// recovery when it was a recovery code.
type factorUse struct{ ok, recovery bool }

// checkSecondFactor accepts a TOTP code of a step not used before, or an
// unused recovery code, and uses it up; not ok when the code is wrong,
// replayed or used.
func (s *Service) checkSecondFactor(ctx context.Context, t *TOTP, code string) (factorUse, error) {
	now := s.clock.Now()
	if step, ok := totpStep(t.Secret, t.LastStep, code, now); ok {
		ok, err := s.store.UseTOTPStep(ctx, t.UserID, step)
		return factorUse{ok: ok}, err
	}
	if len(strings.TrimSpace(code)) < 10 {
		return factorUse{}, nil
	}
	ok, err := s.store.UseRecoveryCode(ctx, t.UserID, recoveryKey(code), now)
	return factorUse{ok: ok, recovery: ok}, err
}
