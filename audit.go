package explorer

import (
	"context"
	"strconv"
	"time"
)

// The actions of the audit log. Each names what happened, not the route
// that asked for it; docs/DECISIONS-LOCAL.md ("Audit log") lists them with
// their target and detail.
const (
	// Sign-ins: the actor is the username (tried, for a failure; empty
	// for a wrong API token); the outcome says whether it was accepted.
	ActionSignInPassword = "signin.password"
	ActionSignInToken    = "signin.token"
	ActionSignInLDAP     = "signin.ldap"
	ActionSignInOIDC     = "signin.oidc"
	ActionSignInTOTP     = "signin.totp"
	// A sign-in with a recovery code instead of the app's code; the
	// detail says how many codes are left.
	ActionSignInRecovery = "signin.recovery"
	// A second factor reset by an admin (target: the user).
	ActionTwoFactorReset = "2fa.reset"
	// One's own second factor turned on or off (target: the user).
	ActionTwoFactorEnable  = "2fa.enable"
	ActionTwoFactorDisable = "2fa.disable"
	// An account's second-factor codes refused for an hour after too many
	// wrong ones (target: the user).
	ActionTwoFactorLocked = "2fa.locked"

	ActionPasswordChange = "user.password"
	ActionTokenCreate    = "token.create"
	ActionTokenRevoke    = "token.revoke"
	ActionUserCreate     = "user.create"
	ActionUserRole       = "user.role"
	ActionUserDisable    = "user.disable"
	ActionUserEnable     = "user.enable"
	ActionUserDelete     = "user.delete"
	ActionUserBudgets    = "user.budgets"

	ActionModelShare        = "model.share"
	ActionModelAccessRemove = "model.access.remove"
	ActionModelRestore      = "model.restore"

	ActionCreditsBuy    = "credits.buy"
	ActionCreditsAdjust = "credits.adjust"
	// An admin set how far below zero an account's credits may go.
	ActionCreditsOverdraft = "credits.overdraft"
	ActionPlanChange       = "plan.change"
	ActionPlanCancel       = "plan.migration.cancel"
	ActionSeatsChange      = "seats.change"
	ActionSettingsChange   = "settings.change"
	ActionBackupDownload   = "backup.download"
	ActionDatabaseRestore  = "database.restore"
)

// AuditActions lists every action, for the filters of the audit page.
var AuditActions = []string{
	ActionSignInPassword, ActionSignInToken, ActionSignInLDAP, ActionSignInOIDC, ActionSignInTOTP, ActionSignInRecovery,
	ActionTwoFactorReset, ActionTwoFactorEnable, ActionTwoFactorDisable, ActionTwoFactorLocked,
	ActionPasswordChange, ActionTokenCreate, ActionTokenRevoke,
	ActionUserCreate, ActionUserRole, ActionUserDisable, ActionUserEnable, ActionUserDelete, ActionUserBudgets,
	ActionModelShare, ActionModelAccessRemove, ActionModelRestore,
	ActionCreditsBuy, ActionCreditsAdjust, ActionCreditsOverdraft, ActionPlanChange, ActionPlanCancel, ActionSeatsChange,
	ActionSettingsChange, ActionBackupDownload, ActionDatabaseRestore,
}

// Outcomes of an audited event.
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
)

// Actors that are not a signed-in person.
const (
	// ActorCLI is the command line (explorer user …, explorer restore).
	ActorCLI = "cli"
	// ActorSystem is the server acting on its own (the first admin).
	ActorSystem = "system"
	// ActorUnknown is a sign-in attempt whose name is kept nowhere: an
	// unknown token, a malformed or reserved name.
	ActorUnknown = "-"
	// ActorAny stands for the names and addresses of refusals over the
	// hour's budget (folded into one record).
	ActorAny = "*"
)

// AuditEvent is one record of the audit log: who did what to whom, when,
// from where and how it ended. No field ever holds a secret: the Service
// fills Detail only from values that are not (a role, a rights level, a
// quantity, the names of settings).
type AuditEvent struct {
	ID int64
	// Time is when it happened; a folded record (Count > 1) holds its
	// first event's time here and its last one's in Last.
	Time      time.Time
	Last      time.Time
	Count     int64
	Actor     string
	Action    string
	Target    string
	Outcome   string
	Addr      string
	RequestID string
	Detail    string
}

// AuditFilter selects records of the audit log. Zero fields select all.
type AuditFilter struct {
	// User matches the actor or the target.
	User    string
	Action  string
	Outcome string
	Since   time.Time
	Until   time.Time
	Page    Page
	// Sort is one of AuditSorts ("" and "created": the time), Asc
	// oldest (or A) first; the zero value is newest first.
	Sort string
	Asc  bool
}

// AuditSorts are the keys the audit log sorts by: each has an index
// (the column, then the time; migration 0022).
var AuditSorts = []string{"created", "actor", "action", "target"}

// AuditStore records the audit log (its listing and pruning are the
// audit domain's, audit.LogStore).
type AuditStore interface {
	AddAuditEvent(ctx context.Context, e *AuditEvent) error
	// FoldAuditEvent adds one to the count of the newest record with e's
	// action, outcome, actor and address whose time is at or after since,
	// setting its Last to e.Time; it reports whether there was one.
	FoldAuditEvent(ctx context.Context, e *AuditEvent, since time.Time) (bool, error)
	// CountAuditEvents counts the records f selects (its Page aside).
	CountAuditEvents(ctx context.Context, f AuditFilter) (int, error)
	// SignedInFrom reports whether actor has an accepted sign-in recorded
	// from addr.
	SignedInFrom(ctx context.Context, actor, addr string) (bool, error)
}

// RequestInfo is what the HTTP edge knows of a request that the audit log
// keeps: the client's address and the request's id.
type RequestInfo struct {
	Addr string
	ID   string
}

type requestKey struct{}

// WithRequest returns a context carrying the request's client address
// and id, which audit records take.
func WithRequest(ctx context.Context, r RequestInfo) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

// RequestFromContext returns the request information of ctx (zero
// outside a request).
func RequestFromContext(ctx context.Context) RequestInfo {
	r, _ := ctx.Value(requestKey{}).(RequestInfo)
	return r
}

type actorNameKey struct{}

// AsCLI returns a context whose audit records name the command line as
// their actor; cmd/explorer's subcommands act with it.
func AsCLI(ctx context.Context) context.Context {
	return context.WithValue(ctx, actorNameKey{}, ActorCLI)
}

// auditActor names who acts in ctx: the signed-in user, the command line,
// or the system.
func auditActor(ctx context.Context) string {
	if u := UserFromContext(ctx); u != nil {
		return u.Username
	}
	if n, ok := ctx.Value(actorNameKey{}).(string); ok {
		return n
	}
	return ActorSystem
}

// ModelTarget names a model as the target of a record.
func ModelTarget(id int64) string { return "model " + strconv.FormatInt(id, 10) }

// WithAddr returns ctx carrying addr as the client's address when it
// carries none: the sign-ins take the address as an argument.
func WithAddr(ctx context.Context, addr string) context.Context {
	r := RequestFromContext(ctx)
	if r.Addr != "" || addr == "" {
		return ctx
	}
	r.Addr = addr
	return WithRequest(ctx, r)
}
