package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/analysis"
	"explorer/audit"
	"explorer/domains"
	"explorer/identity"
	httpserver "explorer/internal/server"
	"explorer/internal/smtpmail"
	"explorer/language"
	"explorer/notifications"
	"explorer/projects"
	"explorer/store"
	"explorer/tonality"
	"explorer/wordspace"
	"explorer/wordspace/senses"

	"github.com/gofiber/fiber/v2"
)

// serveConfig is the configuration of the server.
type serveConfig struct {
	Addr          string
	Data          string
	Database      string
	LogLevel      string
	LogFormat     string
	MaxUpload     int
	SecureCookies bool
	// WordSpaces are LANG=PATH pairs; WordSpaceDir holds files named by
	// language code. The embedded English space serves EN otherwise.
	WordSpaces   []string
	WordSpaceDir string
	// MythesDir holds LibreOffice thesauri (th_*.dat), loaded for the
	// languages that have no space otherwise; empty loads none.
	MythesDir string
	// WordNetDir holds WordNet 3.0's database (wordspace/wordnet.go).
	WordNetDir string
	// HunspellDir holds hunspell dictionaries (.dic and .aff) that the
	// words of thesauri are checked against; empty checks none.
	HunspellDir string
	// BillingInterval is how often due plan changes and cycles are settled.
	BillingInterval time.Duration
	// Billing is --credits: whether credits refuse imports.
	Billing explorer.BillingOptions
	// Mailer sends notifications (--smtp); nil sends none.
	Mailer *smtpmail.Sender
	// PublicURL is where people reach the pages (--public-url): the
	// links in e-mails start with it.
	PublicURL string
	// Tables are the budgets of uploaded tables.
	Tables explorer.TableBudgets
	// Budgets are the per-user budgets (objects owned, writes a minute).
	Budgets explorer.UserBudgets
	// AuditRetention is how long the audit log keeps a record.
	AuditRetention time.Duration
	// Edge holds the HTTP edge's settings: request deadlines, the upload
	// concurrency limit and the trusted proxies.
	Edge edgeConfig
	// Listen holds the connection caps, TLS and the metrics listener.
	Listen listenConfig
	// SignIn holds the company directories people sign in with.
	SignIn signInConfig
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	var c serveConfig
	fs := newFlagSet("serve", stderr)
	fs.StringVar(&c.Addr, "addr", envOr("EXPLORER_ADDR", ":8080"), "listen address (EXPLORER_ADDR)")
	data := dataFlag(fs)
	database := databaseFlag(fs)
	fs.StringVar(&c.LogLevel, "log-level", envOr("EXPLORER_LOG_LEVEL", "info"), "debug, info, warn or error (EXPLORER_LOG_LEVEL)")
	fs.StringVar(&c.LogFormat, "log-format", envOr("EXPLORER_LOG_FORMAT", "text"), "text or json (EXPLORER_LOG_FORMAT)")
	maxUpload := fs.String("max-upload", envOr("EXPLORER_MAX_UPLOAD", "20MiB"), "largest upload (EXPLORER_MAX_UPLOAD)")
	tables := addTableFlags(fs, maxUpload)
	userBudgets := addUserBudgetFlags(fs)
	fs.BoolVar(&c.SecureCookies, "secure-cookies", envOr("EXPLORER_SECURE_COOKIES", "") == "true", "mark cookies Secure behind a TLS proxy (EXPLORER_SECURE_COOKIES)")
	var spaces listFlag
	if env := os.Getenv("EXPLORER_WORDSPACES"); env != "" {
		spaces = strings.Split(env, ",")
	}
	fs.Var(&spaces, "wordspace", "LANG=PATH of a word space file; repeatable (EXPLORER_WORDSPACES, comma-separated)")
	fs.StringVar(&c.HunspellDir, "hunspell-dir", envOr("EXPLORER_HUNSPELL_DIR", wordspace.SystemHunspellDir), "directory of hunspell dictionaries (ll_LL.dic with its .aff): a thesaurus's words that its language's dictionary does not know (glued phrases, misspellings) are never suggested; empty or no dictionary of the language: no check (EXPLORER_HUNSPELL_DIR)")
	fs.StringVar(&c.MythesDir, "mythes-dir", envOr("EXPLORER_MYTHES_DIR", wordspace.SystemMythesDir), "directory of LibreOffice thesauri (th_*.dat) loaded for languages without another word space, read again (at most every 30 s) when a language without one is asked; empty: none (EXPLORER_MYTHES_DIR)")
	fs.StringVar(&c.WordNetDir, "wordnet-dir", envOr("EXPLORER_WORDNET_DIR", senses.SystemWordNetDir), "directory of WordNet 3.0's database (Debian's wordnet-base: index.noun, data.noun, …): English suggestions linked by WordNet to a pole term's common senses come first; read again (at most every 30 s) when absent; empty: none (EXPLORER_WORDNET_DIR)")
	fs.StringVar(&c.WordSpaceDir, "wordspace-dir", envOr("EXPLORER_WORDSPACE_DIR", ""), "directory of word space files named by language code, such as sv.vec, read again (at most every 30 s) when a language without a space is asked (EXPLORER_WORDSPACE_DIR)")
	smtpURL := fs.String("smtp", envOr("EXPLORER_SMTP", ""), "SMTP server for notification e-mails, such as smtp://user:password@host:587?from=explorer@example.com (EXPLORER_SMTP)")
	publicURL := fs.String("public-url", envOr("EXPLORER_PUBLIC_URL", ""), "address people open the pages at, such as https://explorer.example.com; e-mails link to it (EXPLORER_PUBLIC_URL)")
	fs.DurationVar(&c.BillingInterval, "billing-interval", envDuration("EXPLORER_BILLING_INTERVAL", time.Minute), "how often due plan changes and billing cycles are settled (EXPLORER_BILLING_INTERVAL)")
	credits := creditsFlag(fs)
	edgeFlags(fs, &c.Edge)
	listenFlags(fs, &c.Listen)
	retention := auditRetentionFlag(fs)
	signInFlags(fs, &c.SignIn)
	if err := parseFlags(fs, args); err != nil {
		return c, err
	}
	var err error
	if c.Billing, err = billingOptions(*credits); err != nil {
		return c, err
	}
	if c.AuditRetention = retention.d; c.AuditRetention < 0 {
		return c, usageError("EXPLORER_AUDIT_RETENTION: give days such as 400d")
	}
	if err := c.Edge.check(); err != nil {
		return c, err
	}
	if err := c.Listen.check(); err != nil {
		return c, err
	}
	if c.BillingInterval < 100*time.Millisecond {
		return c, usageError("--billing-interval: give at least 100ms, such as 1m")
	}
	if err := c.setAddresses(*smtpURL, *publicURL, spaces); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, usageError(fmt.Sprintf("serve takes no arguments, got %q", fs.Arg(0)))
	}
	c.Data, c.Database = *data, *database
	n, err := parseSize(*maxUpload)
	if err != nil {
		return c, usageError("--max-upload: " + err.Error())
	}
	c.MaxUpload = n
	if c.Tables, err = tables.budgets(); err != nil {
		return c, err
	}
	if c.Budgets, err = userBudgets.budgets(); err != nil {
		return c, err
	}
	return c, nil
}

// setAddresses checks and sets what serve reaches or names outside
// itself: the SMTP server, the public address (and the sign-in settings
// that depend on it) and the word space files.
func (c *serveConfig) setAddresses(smtpURL, publicURL string, spaces []string) error {
	if smtpURL != "" {
		m, err := smtpmail.Parse(smtpURL)
		if err != nil {
			return usageError("--smtp: " + err.Error())
		}
		c.Mailer = m
	}
	public, err := explorer.CleanPublicURL(publicURL)
	if err != nil {
		return usageError("--public-url: " + err.Error())
	}
	c.PublicURL = public
	if err := c.SignIn.check(public); err != nil {
		return err
	}
	for _, sp := range spaces {
		lang, path, err := wordspace.ParseSpec(strings.TrimSpace(sp))
		if err != nil {
			return usageError("--wordspace: " + err.Error())
		}
		c.WordSpaces = append(c.WordSpaces, lang+"="+path)
	}
	return nil
}

// openStore opens the PostgreSQL database of url, or the SQLite database
// in the data directory when url is empty.
func openStore(ctx context.Context, data, url string) (*store.DB, error) {
	if url != "" {
		return store.Open(ctx, url)
	}
	return store.OpenSQLite(ctx, sqlitePath(data))
}

// app is the wired server.
type app struct {
	db  *store.DB
	svc *explorer.Service
	// projects runs the projects' jobs.
	projects *projects.Service
	// identity creates the first admin (firstadmin.go).
	identity *identity.Service
	// notifications sends the notification e-mails.
	notifications *notifications.Service
	// accounts runs the billing passes.
	accounts *accounts.Service
	// audit prunes the audit log.
	audit   *audit.Service
	fiber   *fiber.App
	metrics *httpserver.Metrics
	// release is what the server lets go of once idle.
	release *httpserver.Releasers
}

// newApp wires store, service and the HTTP app.
func newApp(ctx context.Context, c serveConfig, o explorer.Options) (*app, error) {
	db, err := openStore(ctx, c.Data, c.Database)
	if err != nil {
		return nil, err
	}
	svcs := domains.New(db, o)
	svc := svcs.Core
	// Cookies are Secure behind a TLS proxy (--secure-cookies) and when
	// serve speaks TLS itself.
	sc := c.Edge.serverConfig(o.Logger, c.MaxUpload, c.SecureCookies || c.Listen.tls())
	sc.Metrics, sc.NoPublicMetrics = httpserver.NewMetrics(), c.Listen.MetricsAddr != ""
	sc.Releasers = &httpserver.Releasers{}
	sc.Releasers.Add(svcs.Models.ReleaseCaches)
	sc.Releasers.Add(db.ReleaseIdle)
	// The tables an explore reads (tonality, the detector's profiles, the
	// background frequencies, the kinds of nouns) are read again at the
	// next one.
	sc.Releasers.Add(tonality.Release)
	sc.Releasers.Add(language.Release)
	sc.Releasers.Add(analysis.ReleaseBackground)
	sc.Releasers.Add(analysis.ReleaseKinds)
	f, err := httpserver.New(svcs, sc)
	if err != nil {
		db.Close()
		return nil, err
	}
	return &app{db: db, svc: svc, projects: svcs.Projects, identity: svcs.Identity, notifications: svcs.Notifications, accounts: svcs.Accounts, audit: svcs.Audit, fiber: f, metrics: sc.Metrics, release: sc.Releasers}, nil
}

func serveCommand(args []string, stderr io.Writer) error {
	c, err := parseServe(args, stderr)
	if err != nil {
		return err
	}
	logger, err := newLogger(stderr, c.LogLevel, c.LogFormat)
	if err != nil {
		return usageError(err.Error())
	}
	// No credential in any line, whoever logs it.
	logger = httpserver.Redacting(logger)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cert, err := c.Listen.loadCertificate()
	if err != nil {
		return err
	}

	lock, tmp, err := holdDataDir(c.Data, c.Database == "")
	if err != nil {
		return err
	}
	defer lock.Release()
	serveLeftovers(logger, c)
	spaces, err := loadWordSpaces(c, logger)
	if err != nil {
		return usageError(err.Error())
	}
	o := explorer.Options{Logger: logger, WordSpaces: spaces, ProjectSpaces: wordspace.NewProjectSpaces().WithLogger(logger), Detector: detector, TempDir: tmp, Tables: c.Tables, Budgets: c.Budgets,
		InitialPasswordFile: initialPasswordPath(c.Data), PublicURL: c.PublicURL, Billing: c.Billing}
	if c.Database != "" {
		// Instances sharing PostgreSQL each interrupt only their own jobs
		// at start: they are told apart by host name.
		o.Instance, _ = os.Hostname()
		o.Instance = cmp.Or(o.Instance, "explorer")
	}
	if err := c.SignIn.wire(&o, logger); err != nil {
		return err
	}
	if c.Mailer != nil {
		o.Mailer = c.Mailer
		logger.Info("notifications are e-mailed", "smtp", c.Mailer.String(), "links", c.PublicURL)
	}
	a, err := newApp(ctx, c, o)
	if err != nil {
		return err
	}
	defer a.db.Close()
	logMigrations(logger, a.db)
	importProjectSpaceFiles(ctx, a.db, c.Data, logger)
	if err := recoverAtStart(ctx, a.projects); err != nil {
		return err
	}
	if err := firstAdmin(ctx, a.identity, stderr, logger, c.Data); err != nil {
		return err
	}
	runInBackground(ctx, a, c, spaces)

	if err := listenAndServe(ctx, a, c, cert, logger); err != nil {
		return err
	}
	logger.Info("stopped")
	return nil
}

// recoverAtStart puts right what a stopped server left: its jobs
// interrupted, their projects, and the stale projects with no
// measurement queued (made stale before measurements were jobs, or
// cancelled) queued.
func recoverAtStart(ctx context.Context, svc *projects.Service) error {
	if _, err := svc.RecoverJobs(ctx); err != nil {
		return fmt.Errorf("recovering interrupted jobs: %w", err)
	}
	if _, err := svc.RecoverProjects(ctx); err != nil {
		return fmt.Errorf("recovering interrupted projects: %w", err)
	}
	if _, err := svc.MeasureStale(ctx); err != nil {
		return fmt.Errorf("queueing stale projects' measurements: %w", err)
	}
	return nil
}

// runInBackground starts the server's loops, which run until ctx ends.
func runInBackground(ctx context.Context, a *app, c serveConfig, spaces *wordspace.Registry) {
	// Scheduled plan changes are applied when due, also while nobody calls.
	go a.accounts.RunBilling(ctx, c.BillingInterval)
	// Notification e-mails queued by any instance are sent.
	go a.notifications.RunMail(ctx, 5*time.Second)
	// Long steps (import, explore, apply, learning words, measurements)
	// run as jobs, those queued by other instances too.
	go a.projects.RunJobs(ctx, 2*time.Second)
	// Once a burst is over, the memory it grew goes back to the system
	// (internal/server/memory.go), the caches and the word spaces loaded
	// at first use (wordspace/unload.go) let go: no request for 30 s.
	// While other requests come in, a space unused for 10 minutes goes.
	a.release.Add(func() { spaces.UnloadUnused(memoryIdle) })
	go httpserver.ReturnMemoryWhenIdle(ctx, a.metrics, memoryIdle, a.release)
	go httpserver.PaceCollector(ctx, a.metrics, gcPacePeriod)
	go unloadUnusedSpaces(ctx, spaces, 10*time.Minute)
	// Audit records older than --audit-retention are removed every hour.
	go a.audit.RunAuditRetention(ctx, c.AuditRetention)
	// The thesaurus spaces' missing caches are built, one at a time at
	// low priority, so that a language's first suggestion reads its cache.
	go spaces.WarmCaches(ctx)
}

// gcPacePeriod is how often the collector's percent follows the live
// heap (PaceCollector).
const gcPacePeriod = 250 * time.Millisecond

// memoryIdle is how long the server has answered no request (probes
// aside) when it returns its memory.
const memoryIdle = 30 * time.Second

// unloadUnusedSpaces lets go of the word spaces unused for unused,
// checking every tenth of it, until ctx ends.
func unloadUnusedSpaces(ctx context.Context, spaces *wordspace.Registry, unused time.Duration) {
	tick := time.NewTicker(unused / 10)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			spaces.UnloadUnused(unused)
		}
	}
}

// listenAndServe serves a's app on the public listener (and /metrics on
// --metrics-addr) until ctx ends, then shuts the app down and closes the
// database.
func listenAndServe(ctx context.Context, a *app, c serveConfig, cert *httpserver.Certificate, logger *slog.Logger) error {
	c.Listen.logLimits(logger)
	ln, err := c.Listen.listen(c.Addr, c.Edge.TrustedProxies, cert, logger, a.metrics)
	if err != nil {
		return err
	}
	if c.Listen.MetricsAddr != "" {
		if err := serveMetrics(ctx, c.Listen.MetricsAddr, a.metrics, logger); err != nil {
			ln.Close()
			return err
		}
	}
	if cert != nil {
		reloadOnHUP(ctx, cert, logger)
	}
	scheme := map[bool]string{false: "http", true: "https"}[cert != nil]
	logger.Info("explorer listening", "addr", ln.Addr().String(), "scheme", scheme, "data", c.Data, "version", versionString())
	errc := make(chan error, 1)
	go func() { errc <- a.fiber.Listener(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing requests in flight")
	if err := a.fiber.ShutdownWithTimeout(30 * time.Second); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		logger.Warn("shutdown", "err", err)
	}
	return a.db.Close()
}

// detector is the language detector the commands give the Service:
// package language's trigram profiles, loaded at the first detection
// (about 30 ms).
var detector = explorer.DetectorFunc(language.Detect)

// loadWordSpaces starts loading the configured word spaces in the
// background, and the embedded English one unless EN is configured.
func loadWordSpaces(c serveConfig, logger *slog.Logger) (*wordspace.Registry, error) {
	reg := wordspace.NewRegistry(logger)
	// Text spaces are converted once into the data directory.
	reg.CacheDir = filepath.Join(c.Data, "wordspaces")
	reg.SetWordListDir(c.HunspellDir)
	for _, sp := range c.WordSpaces {
		lang, path, _ := strings.Cut(sp, "=")
		if err := reg.LoadFile(lang, path); err != nil {
			return nil, err
		}
	}
	if c.WordSpaceDir != "" {
		if err := reg.LoadDir(c.WordSpaceDir); err != nil {
			return nil, fmt.Errorf("--wordspace-dir: %w", err)
		}
	}
	reg.LoadDefault()
	reg.LoadWordNetDir(c.WordNetDir)
	if c.MythesDir != "" {
		if err := reg.LoadMythesDir(c.MythesDir); err != nil {
			return nil, fmt.Errorf("--mythes-dir: %w", err)
		}
	}
	return reg, nil
}
