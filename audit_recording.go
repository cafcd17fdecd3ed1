package explorer

import (
	"context"
	"time"
)

// Defaults of the audit log.
const (
	// DefaultAuditFailureRows is how many records of refused sign-ins an
	// hour may add before further ones are folded into one record.
	DefaultAuditFailureRows = 200
	// auditFoldWindow is the window in which refusals of one name from
	// one address are folded into one record.
	auditFoldWindow = time.Hour
)

// Audit records e, filling what it leaves empty from ctx: the actor
// (the signed-in user, else "cli" or "system"), the client address and the
// request id, and from the Service: the time and the outcome success.
// Inside a transaction (the ctx of InTx) the record commits or rolls back
// with the action; outside, it is written in a transaction of its own. An
// error means nothing was recorded: the caller reports it, so that no
// action is done unrecorded.
func (s *Service) Audit(ctx context.Context, e AuditEvent) error {
	s.fillAudit(ctx, &e)
	if e.Outcome == OutcomeFailure {
		return s.store.InTx(ctx, func(ctx context.Context) error { return s.addFolded(ctx, &e) })
	}
	return s.store.InTx(ctx, func(ctx context.Context) error { return s.addSuccess(ctx, &e) })
}

// foldedSignIns are the sign-ins whose accepted records fold too: one
// record per person, method and address an hour, with a count. A
// recovery-code sign-in does not (its detail counts the codes left, and
// there are ten).
var foldedSignIns = map[string]bool{
	ActionSignInPassword: true, ActionSignInToken: true, ActionSignInLDAP: true,
	ActionSignInOIDC: true, ActionSignInTOTP: true,
}

// addSuccess adds a record of a success, folded into the hour's record of
// the same person, method and address for a sign-in.
func (s *Service) addSuccess(ctx context.Context, e *AuditEvent) error {
	if foldedSignIns[e.Action] {
		if ok, err := s.store.FoldAuditEvent(ctx, e, e.Time.Truncate(auditFoldWindow)); ok || err != nil {
			return err
		}
	}
	return s.store.AddAuditEvent(ctx, e)
}

// audit records a successful action of the ctx's actor on target.
func (s *Service) audit(ctx context.Context, action, target, detail string) error {
	return s.Audit(ctx, AuditEvent{Action: action, Target: target, Detail: detail})
}

// AuditSignIn records a sign-in of username through the method action:
// accepted when refused is "", else refused for that reason (such as
// "wrong password"). Refusals are folded (addFolded), so that a flood of
// wrong passwords does not grow the log without bound.
func (s *Service) AuditSignIn(ctx context.Context, action, username, refused string) error {
	e := AuditEvent{Action: action, Actor: username, Outcome: OutcomeSuccess}
	if refused != "" {
		// A refused name is recorded in its canonical form (so that
		// ADMIN and admin fold together), a reserved one as "-".
		e.Outcome, e.Detail, e.Actor = OutcomeFailure, refused, signInActor(username)
	}
	if username == "" || ReservedName(username) {
		e.Actor = ActorUnknown
	}
	return s.Audit(ctx, e)
}

func (s *Service) fillAudit(ctx context.Context, e *AuditEvent) {
	if e.Actor == "" {
		e.Actor = auditActor(ctx)
	}
	r := RequestFromContext(ctx)
	if e.Addr == "" {
		e.Addr = r.Addr
	}
	if e.RequestID == "" {
		e.RequestID = r.ID
	}
	if e.Outcome == "" {
		e.Outcome = OutcomeSuccess
	}
	e.Time, e.Last, e.Count = s.clock.Now(), s.clock.Now(), 1
}

// addFolded adds a refusal: within the hour it joins the record of the
// same action, name and address (its count goes up); a new record is
// added while the hour has fewer than the failure budget's records of
// refusals, and past it the refusal joins the hour's one record of that
// action without name and address.
func (s *Service) addFolded(ctx context.Context, e *AuditEvent) error {
	since := e.Time.Truncate(auditFoldWindow)
	if ok, err := s.store.FoldAuditEvent(ctx, e, since); ok || err != nil {
		return err
	}
	n, err := s.store.CountAuditEvents(ctx, AuditFilter{Outcome: OutcomeFailure, Since: since})
	if err != nil {
		return err
	}
	if n >= s.auditFailureRows {
		e.Actor, e.Addr, e.RequestID = ActorAny, ActorAny, ""
		e.Detail = "refusals over the hour's budget, names and addresses not kept"
		if ok, err := s.store.FoldAuditEvent(ctx, e, since); ok || err != nil {
			return err
		}
	}
	return s.store.AddAuditEvent(ctx, e)
}
