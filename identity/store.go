package identity

import (
	"context"
	"time"

	explorer "explorer"
)

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

// TokenStore keeps API tokens; only a hash of each secret is stored.
type TokenStore interface {
	CreateToken(ctx context.Context, t *Token) error
	FindTokenByHash(ctx context.Context, hash string) (*Token, error)
	FindTokens(ctx context.Context, userID int64) ([]*Token, error)
	DeleteToken(ctx context.Context, userID, id int64) error
	TouchToken(ctx context.Context, id int64, at time.Time) error
}

// SessionStore keeps page sessions by the hash of their cookie.
type SessionStore interface {
	CreateSession(ctx context.Context, s *Session) error
	FindSession(ctx context.Context, hash string) (*Session, error)
	// FindSessionUser returns the session with hash and its user (read as
	// FindUserByID reads one), in one statement; ENOTFOUND when either is
	// missing.
	FindSessionUser(ctx context.Context, hash string) (*Session, *explorer.User, error)
	DeleteSession(ctx context.Context, hash string) error
	// DeleteOtherSessions deletes every session of a user but the one
	// whose hash is keep (all when keep is empty).
	DeleteOtherSessions(ctx context.Context, userID int64, keep string) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) error
	// TrimUserSessions ends a user's oldest sessions past the newest keep,
	// the session kept (just made) counted among them whatever its time.
	TrimUserSessions(ctx context.Context, userID int64, keep int, kept string) error
	// FailSessionAttempt counts a wrong code of a pending session.
	FailSessionAttempt(ctx context.Context, hash string) (int, error)
}
