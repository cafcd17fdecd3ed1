package explorer

import (
	"context"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"time"
)

// Options configure a Service. Zero values take the defaults.
type Options struct {
	Clock  Clock
	Random io.Reader
	Hasher PasswordHasher
	Logger *slog.Logger
	// CredentialTTL is how long a verified Basic credential or API token
	// is cached (at most 5 minutes).
	CredentialTTL time.Duration
	// SessionTTL is the lifetime of a page session (default 12 hours).
	SessionTTL time.Duration
	// UserFailures and AddrFailures are how many failed sign-ins within
	// FailureWindow throttle a (username, client address) pair or a client
	// address (identity's throttle.go).
	UserFailures  int
	AddrFailures  int
	FailureWindow time.Duration
	// WordSpaces serves pole suggestions; nil means none configured.
	WordSpaces WordSpaces
	// ProjectSpaces keeps the word spaces trained on projects' texts;
	// nil means none.
	ProjectSpaces ProjectSpaces
	// Detector guesses the language of new models and imported texts;
	// nil detects nothing (the caller's defaultLanguage decides).
	Detector LanguageDetector
	// Billing configures credits and billing.
	Billing BillingOptions
	// Mailer sends notification e-mails; nil sends none (and queues none).
	Mailer Mailer
	// PublicURL is where people reach the pages (CleanPublicURL's form):
	// the links in e-mails start with it; "" sends mails without links.
	PublicURL string
	// Tables are the budgets of uploaded tables (model files and project
	// imports); the zero value takes their defaults.
	Tables TableBudgets
	// Budgets bound what one user owns and writes; zero fields take
	// DefaultUserBudgets. An admin can raise them per user.
	Budgets UserBudgets
	// TempDir holds temporary files, such as a backup being downloaded
	// (default: the system's temporary directory).
	TempDir string
	// InitialPasswordFile, when set, is where the first start writes the
	// random password of the user admin (mode 0600); the file is removed
	// when that password changes (initial_password.go).
	InitialPasswordFile string
	// AuditFailureRows is how many records of refused sign-ins one hour
	// may add to the audit log; further refusals are folded into one
	// record an hour (default DefaultAuditFailureRows).
	AuditFailureRows int
	// HashSlots, HashQueue and HashWait bound password verification: so
	// many at once, so many more waiting, each so long (identity's
	// hash_pool.go; defaults identity.DefaultHashSlots(),
	// DefaultHashQueue, DefaultHashWait).
	HashSlots int
	HashQueue int
	HashWait  time.Duration
	// AccountFailures is how many wrong passwords one account takes
	// within an hour before further attempts wait a growing delay, except
	// from addresses its person signed in from (default
	// identity.DefaultAccountFailures).
	AccountFailures int
	// MaxSessions is how many page sessions one user keeps; a new one
	// ends the oldest past it (default identity.DefaultMaxSessions).
	MaxSessions int
	// Directory, when set, verifies the passwords of usernames no local
	// account answers for (LDAP, identity's directory.go).
	Directory Directory
	// OIDC, when set, signs people in on the pages with an OpenID
	// Connect provider (identity's oidc.go).
	OIDC OpenIDProvider
	// Require2FA is who must sign in to the pages with a second factor:
	// Require2FANone (default), Require2FAAdmins or Require2FAAll.
	Require2FA string
	// Instance names this server instance among those sharing one
	// PostgreSQL database, the same across its restarts (e.g. its host
	// name): a start marks the jobs it left running interrupted. "" is
	// the only instance (SQLite): a start marks every running job.
	Instance string
	// JobSlots is how many jobs the instance runs at once (default
	// max(1, cores − 1)).
	JobSlots int
	// OwnJobsOnly makes the Service claim only the jobs of the projects
	// it queued jobs for (its steps and their measurements): the command
	// line, which ends with its own step, must not run the jobs a server
	// queued. Its jobs may still be run by a server sharing the database.
	OwnJobsOnly bool
}

// Service carries out every operation of the interface and the admin pages.
// Rights and state rules live here, so the JSON interface and the pages
// cannot disagree.
type Service struct {
	store      Store
	clock      Clock
	random     io.Reader
	hasher     PasswordHasher
	log        *slog.Logger
	wordSpaces WordSpaces
	detector   LanguageDetector
	mailer     Mailer
	publicURL  string
	// outbox queues the notifications (SetOutbox, notify.go).
	outbox   Outbox
	tempDir  string
	tables   TableBudgets
	budgets  UserBudgets
	writes   writeWindow
	measurer Measurer // queues measurements (tonality_stale.go)
	// options are the Options the Service was made with, defaults
	// applied (Options()).
	options Options

	// auditFailureRows bounds the audit records of refusals an hour.
	auditFailureRows int
}

// Options are the Options the Service was made with, their defaults
// applied: the domain services built over it (package projects) take
// their clock, logger, collaborators and limits from them, so that one
// configuration serves every domain.
func (s *Service) Options() Options { return s.options }

// NewService returns a Service over store.
func NewService(store Store, o Options) *Service {
	o.identityDefaults()
	o.limitDefaults()
	o.Billing = o.Billing.withDefaults()
	return &Service{
		options:          o,
		store:            store,
		clock:            o.Clock,
		random:           o.Random,
		hasher:           o.Hasher,
		log:              o.Logger,
		wordSpaces:       o.WordSpaces,
		detector:         o.Detector,
		mailer:           o.Mailer,
		publicURL:        strings.TrimRight(o.PublicURL, "/"),
		tempDir:          o.TempDir,
		tables:           o.Tables,
		budgets:          o.Budgets.withDefaults(),
		auditFailureRows: o.AuditFailureRows,
	}
}

// Now returns the Service's current time.
func (s *Service) Now() time.Time { return s.clock.Now() }

// Ready reports whether the database answers.
func (s *Service) Ready(ctx context.Context) error {
	if err := s.store.Ping(ctx); err != nil {
		return &Error{Code: EUNAVAILABLE, Message: "database unavailable", Err: err}
	}
	return nil
}

// WordSpaceStatus lists the configured word spaces and their loading state.
func (s *Service) WordSpaceStatus() []WordSpaceStatus {
	if s.wordSpaces == nil {
		return nil
	}
	return s.wordSpaces.Status()
}

// identityDefaults fills the unset collaborators and lifetimes of o.
func (o *Options) identityDefaults() {
	if o.Clock == nil {
		o.Clock = SystemClock{}
	}
	if o.Hasher == nil {
		o.Hasher = BcryptHasher{}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Detector == nil {
		o.Detector = noDetector
	}
	if o.CredentialTTL <= 0 || o.CredentialTTL > 5*time.Minute {
		o.CredentialTTL = 5 * time.Minute
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 12 * time.Hour
	}
}

// limitDefaults fills the unset limits of o.
func (o *Options) limitDefaults() {
	if o.UserFailures <= 0 {
		o.UserFailures = 20
	}
	if o.AddrFailures <= 0 {
		o.AddrFailures = 100
	}
	if o.AuditFailureRows <= 0 {
		o.AuditFailureRows = DefaultAuditFailureRows
	}
	if o.JobSlots <= 0 {
		o.JobSlots = max(1, runtime.NumCPU()-1)
	}
	if o.FailureWindow <= 0 {
		o.FailureWindow = time.Minute
	}
}
