package explorer

import (
	"context"
	"crypto/subtle"
	"encoding/base32"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP is a local user's second factor (RFC 6238: SHA-1, 6 digits, 30 s).
type TOTP struct {
	UserID int64
	// Secret is the base32 shared secret.
	Secret string
	// Confirmed is when the user proved their app holds the secret; nil
	// while being set up.
	Confirmed *time.Time
	// LastStep is the newest 30-second step whose code was accepted.
	LastStep int64
}

// SecondFactorStore keeps second factors and recovery codes.
type SecondFactorStore interface {
	FindTOTP(ctx context.Context, userID int64) (*TOTP, error)
	SaveTOTP(ctx context.Context, t *TOTP) error
	// UseTOTPStep records step as used only when it is newer than the
	// last used one; false when it is not.
	UseTOTPStep(ctx context.Context, userID, step int64) (bool, error)
	DeleteTOTP(ctx context.Context, userID int64) error
	SaveRecoveryCodes(ctx context.Context, userID int64, hashes []string) error
	// UseRecoveryCode marks an unused code used; false when there is none.
	UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (bool, error)
	CountRecoveryCodes(ctx context.Context, userID int64) (int, error)
}

// Second factor policies (Options.Require2FA).
const (
	Require2FANone   = "none"
	Require2FAAdmins = "admins"
	Require2FAAll    = "all"
)

const (
	totpPeriod    = 30
	recoveryCodes = 10
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// secondFactorRequired reports whether the policy requires u to have a
// second factor. It applies to local users: a directory's people prove
// who they are to the directory.
func (s *Service) secondFactorRequired(u *User) bool {
	if u.Source != SourceLocal {
		return false
	}
	return s.require2FA == Require2FAAll || (s.require2FA == Require2FAAdmins && u.IsAdmin())
}

// confirmedTOTP returns the user's confirmed second factor, or nil.
func (s *Service) confirmedTOTP(ctx context.Context, userID int64) (*TOTP, error) {
	t, err := s.store.FindTOTP(ctx, userID)
	if ErrorCode(err) == ENOTFOUND || (err == nil && t.Confirmed == nil) {
		return nil, nil
	}
	return t, err
}

// passwordOnlyRefused reports whether u's password alone may not sign in
// to the JSON interface: a user with a second factor, or required to
// have one, uses API tokens.
func (s *Service) passwordOnlyRefused(ctx context.Context, u *User) (bool, error) {
	if u.Source != SourceLocal {
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
		b, err := randomBytes(s.random, 7)
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
