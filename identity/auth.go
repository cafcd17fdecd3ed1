package identity

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"explorer"
)

// credentialCache remembers verified Basic credentials by a hash of the
// credential, so that Basic auth does not cost a password hash per request.
// An entry is valid only while the user's password is unchanged.
type credentialCache struct {
	ttl     time.Duration
	max     int
	mu      sync.Mutex
	entries map[[32]byte]credentialEntry
}

type credentialEntry struct {
	userID  int64
	changed time.Time
	expires time.Time
	// source is the user's Source when the credential was verified;
	// twoFactor says its password alone may not sign in to the JSON
	// interface (passwordOnlyRefused).
	source    string
	twoFactor bool
	// token, revoked and used are of a cached API token: its id, its
	// user's TokensRevoked when it was read, and when its use was last
	// recorded (zero: never).
	token   int64
	revoked int64
	used    time.Time
	// scope and tokenExpires are the cached token's scope and expiry
	// (zero: never).
	scope        string
	tokenExpires time.Time
}

func newCredentialCache(ttl time.Duration, max int) *credentialCache {
	return &credentialCache{ttl: ttl, max: max, entries: map[[32]byte]credentialEntry{}}
}

func credentialKey(username, password string) [32]byte {
	h := sha256.New()
	h.Write([]byte(username))
	h.Write([]byte{0})
	h.Write([]byte(password))
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

func (c *credentialCache) get(k [32]byte, now time.Time) (credentialEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	if ok && !now.Before(e.expires) {
		delete(c.entries, k)
		return e, false
	}
	return e, ok
}

func (c *credentialCache) put(k [32]byte, e credentialEntry, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.max {
		for key, old := range c.entries {
			if !now.Before(old.expires) {
				delete(c.entries, key)
			}
		}
		for key := range c.entries {
			if len(c.entries) < c.max {
				break
			}
			delete(c.entries, key)
		}
	}
	c.entries[k] = e
}

func (c *credentialCache) remove(k [32]byte) {
	c.mu.Lock()
	delete(c.entries, k)
	c.mu.Unlock()
}

// forgetUser drops every cached credential of a user.
func (c *credentialCache) forgetUser(userID int64) {
	c.mu.Lock()
	for k, e := range c.entries {
		if e.userID == userID {
			delete(c.entries, k)
		}
	}
	c.mu.Unlock()
}

// dummyHash returns a hash made by the Service's hasher, compared against
// when the username is unknown so that the answer takes as long as for a
// wrong password.
func (s *Service) dummyHash() string {
	s.dummyOnce.Do(func() {
		s.dummy, _ = s.hasher.Hash("explorer-dummy-password")
	})
	return s.dummy
}

// AuthenticatePassword verifies a username and password sent from addr,
// the client address, for the JSON interface (HTTP Basic). A verified
// credential is cached for a short time; it stops working at once when the
// user's password changes. A cached credential is accepted before the
// throttle is asked, so that nobody else's failures can lock out a client
// that has proved its password; otherwise failures are throttled per
// (username, address) pair and per address (throttle.go). A username
// no local password answers for is asked of the company directory when
// one is configured (directory.go).
func (s *Service) AuthenticatePassword(ctx context.Context, username, password, addr string) (*explorer.User, error) {
	return s.authenticatePassword(ctx, username, password, addr, true)
}

// authenticatePassword is AuthenticatePassword; cached credentials of
// directory users serve only the JSON interface (api): a page sign-in
// always asks the directory, so that role and e-mail follow it. On the
// JSON interface a password alone does not sign in a user who has, or is
// required to have, a second factor: they use API tokens.
func (s *Service) authenticatePassword(ctx context.Context, username, password, addr string, api bool) (*explorer.User, error) {
	ctx = explorer.WithAddr(ctx, addr)
	username = explorer.UsernameForm(username)
	now := s.clock.Now()
	key := credentialKey(username, password)
	if ver, ok, err := s.cachedCredential(ctx, key, username, now, api); err != nil || ok {
		if err != nil {
			return nil, err
		}
		return s.passwordSignIn(ver.user, ver.entry.twoFactor, api)
	}
	if err := s.throttled(username, addr, now); err != nil {
		return nil, err
	}
	if err := s.accountWait(ctx, username, addr, now); err != nil {
		return nil, err
	}
	// Concurrent requests with the same credential share one verification;
	// one that missed the cache just before another's verification filled
	// it finds it there and computes no hash of its own.
	v, err, _ := s.verifying.Do(string(key[:]), func() (any, error) {
		if ver, ok, err := s.cachedCredential(ctx, key, username, now, api); err != nil || ok {
			return ver, err
		}
		return s.verifyPassword(ctx, key, username, password, addr, now, api)
	})
	if err != nil {
		return nil, err
	}
	ver := v.(verified)
	return s.passwordSignIn(ver.user, ver.entry.twoFactor, api)
}

// cachedCredential answers a credential verified within the cache's time
// (ok), for the JSON interface or, for a page sign-in, a local user's;
// an entry whose user is gone, renamed or has changed the password since
// is removed.
func (s *Service) cachedCredential(ctx context.Context, key [32]byte, username string, now time.Time, api bool) (verified, bool, error) {
	e, ok := s.credentials.get(key, now)
	if !ok || !(api || e.source == explorer.SourceLocal) {
		return verified{}, false, nil
	}
	u, err := s.store.FindUserByID(ctx, e.userID)
	if err == nil && (explorer.UsernameKey(u.Username) == explorer.UsernameKey(username) || u.Source != explorer.SourceLocal) && u.PasswordChanged.Equal(e.changed) {
		return verified{user: u, entry: e}, true, nil
	}
	if err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return verified{}, false, err
	}
	s.credentials.remove(key)
	return verified{}, false, nil
}

// passwordSignIn is the user of a verified password, unless disabled or,
// on the JSON interface, bound to a second factor.
func (s *Service) passwordSignIn(u *explorer.User, twoFactor, api bool) (*explorer.User, error) {
	if api && twoFactor {
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "%s signs in with a second factor; use an API token", u.Username)
	}
	return usable(u)
}

// verified is a verified password's user and cached credential.
type verified struct {
	user  *explorer.User
	entry credentialEntry
}

// verifyPassword checks a password against its hash, or against the
// directory for a username no local account answers for, and caches the
// verified credential. It records every refusal in the audit log, and the
// sign-in when recordSuccess (a page sign-in records its own, with the
// session it starts).
func (s *Service) verifyPassword(ctx context.Context, key [32]byte, username, password, addr string, now time.Time, recordSuccess bool) (verified, error) {
	if len(username) > MaxUsernameLen || explorer.CheckText("username", username) != nil {
		return verified{}, s.refuseMalformedName(ctx, password, addr, now)
	}
	u, err := s.store.FindUserByName(ctx, username)
	method, reason := SignInPassword, ""
	if s.directory != nil && (explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && u.Source == explorer.SourceLDAP)) {
		method = SignInLDAP
		u, err = s.verifyDirectory(ctx, username, password, addr, now)
	} else {
		u, reason, err = s.verifyLocal(ctx, u, err, username, password, addr, now)
	}
	var e credentialEntry
	if err == nil {
		e = credentialEntry{userID: u.ID, changed: u.PasswordChanged, source: u.Source, expires: now.Add(s.credentials.ttl)}
		e.twoFactor, err = s.passwordOnlyRefused(ctx, u)
	}
	if aerr := s.recordPassword(ctx, method, username, u, err, reason, recordSuccess); aerr != nil {
		return verified{}, aerr
	}
	if err != nil {
		return verified{}, err
	}
	s.credentials.put(key, e, now)
	return verified{user: u, entry: e}, nil
}

// refuseMalformedName refuses a name no account can have (longer than
// MaxUsernameLen, or not text) as an unknown user, without asking the
// store or the directory. The name is not recorded (the actor is "-"):
// it may be of any length up to the body limit.
func (s *Service) refuseMalformedName(ctx context.Context, password, addr string, now time.Time) error {
	if err := s.comparePassword(ctx, s.dummyHash(), password); explorer.ErrorCode(err) == explorer.ETHROTTLED {
		return err
	}
	s.failed("", addr, now) // the address counts; the name is kept nowhere
	if err := s.root.AuditSignIn(ctx, explorer.ActionSignInPassword, "", "unknown user"); err != nil {
		return err
	}
	return explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
}

// recordPassword records a verified password's outcome in the audit log:
// every refusal (a disabled user's right password among them), and the
// sign-in when recordSuccess. reason, when set, is the refusal's reason
// for the record (the answer does not tell an unknown user from a wrong
// password).
func (s *Service) recordPassword(ctx context.Context, method, username string, u *explorer.User, err error, reason string, recordSuccess bool) error {
	if ValidateUsername(username) != nil {
		username = "" // no account's name (a password typed there?): recorded as "-"
	}
	switch {
	case err != nil && reason != "" && explorer.ErrorCode(err) == explorer.EUNAUTHORIZED:
		return s.root.AuditSignIn(ctx, signInActions[method], username, reason)
	case err != nil:
		return s.signInOutcome(ctx, method, username, err)
	case u.Disabled != nil:
		return s.signInOutcome(ctx, method, username, explorer.Errorf(explorer.EUNAUTHORIZED, "user disabled"))
	case recordSuccess:
		return s.signInOutcome(ctx, method, username, nil)
	}
	return nil
}

// verifyLocal checks the password of a local user (u, found or not as
// err says) against its hash; a refusal comes with its reason for the
// audit log.
func (s *Service) verifyLocal(ctx context.Context, u *explorer.User, err error, username, password, addr string, now time.Time) (*explorer.User, string, error) {
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && u.Source != explorer.SourceLocal) {
		if err := s.comparePassword(ctx, s.dummyHash(), password); explorer.ErrorCode(err) == explorer.ETHROTTLED {
			return nil, "", err
		}
		s.failed(username, addr, now)
		return nil, "unknown user", explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
	}
	if err != nil {
		return nil, "", err
	}
	if err := s.comparePassword(ctx, u.PasswordHash, password); err != nil {
		if explorer.ErrorCode(err) == explorer.EUNAUTHORIZED {
			s.failed(username, addr, now)
			s.accountFails.fail(explorer.UsernameKey(u.Username), now)
			return nil, "wrong password", err
		}
		return nil, "", err
	}
	s.succeeded(username, addr)
	return u, "", nil
}

// refuseSignIn records a refused sign-in and returns refusal, or the
// error of recording it.
func (s *Service) refuseSignIn(ctx context.Context, action, username, reason string, refusal error) error {
	if err := s.root.AuditSignIn(ctx, action, username, reason); err != nil {
		return err
	}
	return refusal
}

// tokenPrefix starts every API token, so that leaked tokens are easy to find.
const tokenPrefix = "exp_"

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// AuthenticateBearer verifies a Bearer API token sent from addr and
// answers its user and scope (TokenRead or TokenWrite). A verified
// token is cached like a verified password: a cached token costs one read
// of its user, and stops working at once on every instance when one of
// the user's tokens is revoked (the user's TokensRevoked changes) or the
// user is disabled or deleted. An expired token is refused as an unknown
// one. A valid token is accepted whatever others did; an address with too
// many failures gets no answer about further tokens until its window
// passes.
func (s *Service) AuthenticateBearer(ctx context.Context, token, addr string) (*explorer.User, string, error) {
	ctx = explorer.WithAddr(ctx, addr)
	now := s.clock.Now()
	key := sha256.Sum256([]byte(token))
	if e, ok := s.tokens.get(key, now); ok && TokenLive(e.tokenExpires, now) {
		u, err := s.store.FindUserByID(ctx, e.userID)
		if err == nil && u.TokensRevoked == e.revoked {
			if _, err := usable(u); err != nil {
				return nil, "", err
			}
			if now.Sub(e.used) > time.Minute {
				s.tokens.put(key, s.touchToken(ctx, e, now), now)
			}
			return u, e.scope, nil
		}
		if err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND {
			return nil, "", err
		}
	}
	s.tokens.remove(key)
	return s.verifyToken(ctx, key, addr, now)
}

// refuseToken counts a failure of addr and refuses a token as unknown,
// auditing why.
func (s *Service) refuseToken(ctx context.Context, addr, username, reason string, now time.Time) error {
	if err := s.throttled("", addr, now); err != nil {
		return err
	}
	s.failed("", addr, now)
	return s.refuseSignIn(ctx, explorer.ActionSignInToken, username, reason, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid token"))
}

// verifyToken looks a token up by its hash and caches it when its user
// may use it.
func (s *Service) verifyToken(ctx context.Context, key [32]byte, addr string, now time.Time) (*explorer.User, string, error) {
	hash := hex.EncodeToString(key[:])
	t, err := s.store.FindTokenByHash(ctx, hash)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && subtle.ConstantTimeCompare([]byte(t.Hash), []byte(hash)) != 1) {
		return nil, "", s.refuseToken(ctx, addr, "", "unknown token", now)
	}
	if err != nil {
		return nil, "", err
	}
	u, err := s.store.FindUserByID(ctx, t.UserID)
	if err != nil {
		return nil, "", err
	}
	if t.Expired(now) {
		return nil, "", s.refuseToken(ctx, addr, u.Username, "expired token "+strconv.FormatInt(t.ID, 10), now)
	}
	if _, err := usable(u); err != nil {
		return nil, "", s.refuseSignIn(ctx, explorer.ActionSignInToken, u.Username, "user disabled", err)
	}
	if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionSignInToken, Actor: u.Username, Detail: "token " + strconv.FormatInt(t.ID, 10)}); err != nil {
		return nil, "", err
	}
	e := credentialEntry{userID: u.ID, token: t.ID, revoked: t.UserRevoked, expires: now.Add(s.tokens.ttl), scope: tokenScope(t.Scope)}
	if t.ExpiresAt != nil {
		e.tokenExpires = *t.ExpiresAt
	}
	if t.LastUsed != nil {
		e.used = *t.LastUsed
	}
	if now.Sub(e.used) > time.Minute {
		e = s.touchToken(ctx, e, now)
	}
	s.tokens.put(key, e, now)
	return u, e.scope, nil
}

// touchToken records a token's use; callers do so at most once a minute
// per token, to keep reads cheap. It returns e with the use noted.
func (s *Service) touchToken(ctx context.Context, e credentialEntry, now time.Time) credentialEntry {
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.store.TouchToken(ctx, e.token, now) }); err != nil {
		s.log.Warn("recording token use", "err", err)
	}
	e.used = now
	return e
}
