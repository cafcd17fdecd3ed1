package identity

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"explorer"
)

// Per-account limits, beside the per-address throttle (throttle.go): an
// attacker with many addresses gets no more guesses at one account.
//   - Second-factor codes: at most codeFailures wrong codes an hour per
//     account; then every code (a right one too) waits until the oldest
//     leaves the hour, and the owner is told by mail and in the audit log.
//   - Passwords: past explorer.Options.AccountFailures (DefaultAccountFailures)
//     wrong passwords within an hour,
//     each further attempt waits a delay that doubles (1 s, 2 s, 4 s, …,
//     at most accountMaxDelay) after the last failure, except from an
//     address the person signed in from before (an accepted sign-in in the
//     audit log), so that nobody can lock admin out by failing on purpose.
//
// Both are kept in memory, per instance, like the throttle.
const (
	codeFailures = 10
	codeWindow   = time.Hour
	// DefaultAccountFailures is how many wrong passwords an account takes
	// within an hour before its attempts wait: more than one address's
	// throttle lets through (20 a minute), so one address failing never
	// delays the account elsewhere.
	DefaultAccountFailures = 50
	accountWindow          = time.Hour
	accountMaxDelay        = 15 * time.Minute
)

// accountFailures counts an account's wrong passwords in its window, by
// the UsernameKey of an existing account (unknown names are not kept).
type accountFailures struct {
	free  int
	mu    sync.Mutex
	fails map[string][]time.Time
}

func newAccountFailures(free int) *accountFailures {
	return &accountFailures{free: free, fails: map[string][]time.Time{}}
}

// recent returns the user's failures within accountWindow of now; a.mu
// is held.
func (a *accountFailures) recent(id string, now time.Time) []time.Time {
	f := a.fails[id]
	i := 0
	for i < len(f) && now.Sub(f[i]) >= accountWindow {
		i++
	}
	f = f[i:]
	if len(f) == 0 {
		delete(a.fails, id)
	} else {
		a.fails[id] = f
	}
	return f
}

// wait returns how long the account's next attempt waits at now.
func (a *accountFailures) wait(id string, now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	f := a.recent(id, now)
	if len(f) < a.free {
		return 0
	}
	return f[len(f)-1].Add(accountDelay(len(f) - a.free)).Sub(now)
}

// accountDelay is the wait after the n-th failure past the free ones:
// 1 s, doubling, at most accountMaxDelay.
func accountDelay(n int) time.Duration {
	return min(time.Second<<min(n, 20), accountMaxDelay)
}

// fail records a wrong password of the account (kept: the last 64).
func (a *accountFailures) fail(id string, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f := append(a.recent(id, now), now)
	a.fails[id] = f[max(0, len(f)-a.free-32):]
}

// throttledError is the ETHROTTLED error of a wait.
func throttledError(what string, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	return &explorer.Error{Code: explorer.ETHROTTLED, Message: fmt.Sprintf("%s; try again in %d seconds", what, secs), RetryAfter: secs}
}

// accountWait refuses an attempt at username's password while its
// account waits after its failures, unless addr is one the person signed
// in from before. It reads nothing while the account does not wait.
func (s *Service) accountWait(ctx context.Context, username, addr string, now time.Time) error {
	wait := s.accountFails.wait(explorer.UsernameKey(username), now)
	if wait <= 0 {
		return nil
	}
	if addr != "" {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		known, err := s.store.SignedInFrom(ctx, u.Username, addr)
		if err != nil || known {
			return err
		}
	}
	return throttledError("too many wrong passwords for this account", wait)
}

// codeWait refuses a second-factor code of u while the account has had
// codeFailures wrong codes within the hour.
func (s *Service) codeWait(u *explorer.User, now time.Time) error {
	if wait := s.codeLimit.blocked(fmt.Sprint(u.ID), now); wait > 0 {
		return throttledError("too many wrong codes for this account", wait)
	}
	return nil
}

// wrongCodeOfAccount counts a wrong code against u's account; the one
// that reaches the limit is recorded (2fa.locked) and mailed to u.
func (s *Service) wrongCodeOfAccount(ctx context.Context, u *explorer.User, now time.Time) error {
	key := fmt.Sprint(u.ID)
	s.codeLimit.fail(key, now)
	if s.codeLimit.blocked(key, now) <= 0 {
		return nil
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		detail := fmt.Sprintf("%d wrong codes within an hour; codes refused for up to an hour", codeFailures)
		if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionTwoFactorLocked, Target: u.Username, Outcome: explorer.OutcomeFailure, Detail: detail}); err != nil {
			return err
		}
		_, err := s.root.Notify(ctx, u, s.codesLockedMail(ctx))
		return err
	})
}

// codesLockedMail tells the owner that someone has their password and
// is guessing codes.
func (s *Service) codesLockedMail(ctx context.Context) explorer.Notice {
	when := s.clock.Now().UTC().Format("2006-01-02 15:04 MST")
	from := ""
	if a := explorer.RequestFromContext(ctx).Addr; a != "" {
		from = ", the last from the address " + a
	}
	body := fmt.Sprintf("There were %d wrong second-factor codes for your explorer account within an hour, up to %s%s.\n"+
		"Codes are refused for up to an hour. Whoever typed them knew your password: if it was not you, change your password now.\n", codeFailures, when, from)
	return explorer.Notice{Subject: "Wrong second-factor codes for your account", Body: body, Security: true}
}
