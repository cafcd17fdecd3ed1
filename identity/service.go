// Package identity is the identity domain: signing in (passwords, API
// tokens, page sessions, a second factor, a company directory over LDAP
// and an OpenID Connect provider), the cache of verified credentials, the
// bounded pool that verifies passwords, the sign-in throttles (per address
// and per account), the API tokens and second factors people manage, and
// the first admin with its initial password file, the users' operations
// (adding and listing them, their passwords and e-mail addresses:
// users.go) and an admin's disabling, deleting and roles of users
// (users_admin.go). Its Service builds on the root package's kernel: the
// User record and its store part, the caller, errors, the clock, the
// audit record and the outbox stay in the root, which never imports this
// package. Package domains wires it beside the root Service for the
// edges.
package identity

import (
	"cmp"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"explorer"
)

// Store is the persistence the identity domain needs: the kernel's store
// (users, settings, the audit log) and the identity's own part (tokens,
// sessions, second factors). Package store implements it.
type Store interface {
	explorer.Store
	// UserHoldings counts what a user owns or takes part in
	// (DeleteUser).
	UserHoldings(ctx context.Context, id int64) (Holdings, error)
	TokenStore
	SessionStore
	SecondFactorStore
}

// Service carries out signing in and the operations on tokens, sessions
// and second factors.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root       *explorer.Service
	store      Store
	clock      explorer.Clock
	random     io.Reader
	hasher     explorer.PasswordHasher
	log        *slog.Logger
	directory  explorer.Directory
	oidc       explorer.OpenIDProvider
	require2FA string
	// credentials caches verified Basic credentials, tokens verified API
	// tokens by the SHA-256 of the token (auth.go).
	credentials *credentialCache
	tokens      *credentialCache
	hashes      *hashPool
	sessionTTL  time.Duration
	maxSessions int
	// initialPasswordFile holds the first start's admin password
	// (initial_password.go).
	initialPasswordFile string

	// userLimit and addrLimit throttle failed sign-ins (throttle.go);
	// codeLimit counts wrong second-factor codes per account,
	// accountFails wrong passwords per account (account_limits.go).
	userLimit    *limiter
	addrLimit    *limiter
	codeLimit    *limiter
	accountFails *accountFailures

	verifying singleflight.Group
	dummyOnce sync.Once
	dummy     string
}

// New returns the identity's Service over store, beside root (made over
// the same store): it takes root's Options (their defaults applied, and
// its own: the hash pool's and MaxSessions).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	o.HashSlots = cmp.Or(max(o.HashSlots, 0), DefaultHashSlots())
	o.HashQueue = cmp.Or(max(o.HashQueue, 0), DefaultHashQueue)
	o.HashWait = cmp.Or(max(o.HashWait, 0), DefaultHashWait)
	o.MaxSessions = cmp.Or(max(o.MaxSessions, 0), DefaultMaxSessions)
	o.AccountFailures = cmp.Or(max(o.AccountFailures, 0), DefaultAccountFailures)
	s := &Service{
		root:        root,
		store:       store,
		clock:       o.Clock,
		random:      o.Random,
		hasher:      o.Hasher,
		log:         o.Logger,
		directory:   o.Directory,
		oidc:        o.OIDC,
		require2FA:  o.Require2FA,
		credentials: newCredentialCache(o.CredentialTTL, 10000),
		tokens:      newCredentialCache(o.CredentialTTL, 10000),
		hashes:      newHashPool(o.HashSlots, o.HashQueue, o.HashWait),
		sessionTTL:  o.SessionTTL,
		maxSessions: o.MaxSessions,

		userLimit:    newLimiter(o.UserFailures, o.FailureWindow),
		addrLimit:    newLimiter(o.AddrFailures, o.FailureWindow),
		codeLimit:    newLimiter(codeFailures, codeWindow),
		accountFails: newAccountFailures(o.AccountFailures),

		initialPasswordFile: o.InitialPasswordFile,
	}
	return s
}

// ForgetUser drops every cached credential of a user: it was disabled or
// deleted.
func (s *Service) ForgetUser(userID int64) { s.credentials.forgetUser(userID) }

// PasswordChanged drops every cached credential of a user whose password
// changed (SetPassword), and the initial password file when the user is
// admin.
func (s *Service) PasswordChanged(userID int64, username string) {
	s.credentials.forgetUser(userID)
	if username == AdminName {
		s.forgetInitialPassword("the password of admin was changed")
	}
}

// audit records action on target with detail in the audit log.
func (s *Service) audit(ctx context.Context, action, target, detail string) error {
	return s.root.Audit(ctx, explorer.AuditEvent{Action: action, Target: target, Detail: detail})
}
