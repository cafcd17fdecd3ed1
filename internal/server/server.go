// Package server is the HTTP edge: it owns the Fiber app and everything
// that is not a route (recover, request context and deadline, access log,
// metrics, client address behind trusted proxies, security headers, body
// limits and the upload concurrency limit, and the one error dispatch).
// The JSON interface (package api) and the pages (package web) are peers
// that register their explicit route lists on it.
package server

import (
	"fmt"
	"log/slog"
	"time"

	"explorer/api"
	"explorer/domains"
	"explorer/internal/contentcoding"
	"explorer/web"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// Config configures the edge. Zero values take the defaults.
type Config struct {
	// HeaderTimeout is how long a connection may take to send a request's
	// headers, from its opening or, kept alive, from the request's first
	// byte (default 20 s): an idle or trickling connection holds a slot of
	// --max-conns that long, not the body's 5 minutes.
	HeaderTimeout time.Duration
	// Logger receives the access log and the internal errors; nil is
	// slog.Default().
	Logger *slog.Logger
	// Metrics registers the Prometheus collectors; nil makes a new registry.
	Metrics *Metrics
	// Releasers, when not nil, learns the app's caches, which
	// ReturnMemoryWhenIdle lets go of (memory.go).
	Releasers *Releasers
	// MaxJSON is the largest body of a JSON operation or page form
	// (default 1 MiB); MaxUpload that of an upload route (default 20 MiB).
	MaxJSON, MaxUpload int
	// RequestTimeout is the deadline of a request's context (default 60 s);
	// UploadTimeout that of an upload route (default 10 min).
	RequestTimeout, UploadTimeout time.Duration
	// JobWaitTimeout is the deadline of a route that waits for a job it
	// started (import, explore, apply, learning words; default 6 h): the
	// job runs outside the request, and the request waits for it without
	// the RequestTimeout. A client going away still ends the wait.
	JobWaitTimeout time.Duration
	// Uploads is how many uploads run at once (default 4); an upload over
	// it waits up to UploadWait (default 30 s), then is refused with 503.
	Uploads    int
	UploadWait time.Duration
	// TrustedProxies are the CIDRs of the proxies whose X-Forwarded-For
	// names the client.
	TrustedProxies []string
	// SecureCookies marks the pages' cookies Secure.
	SecureCookies bool
	// NoPublicMetrics leaves /metrics off this app: another listener
	// serves Metrics.HTTPHandler (serve --metrics-addr).
	NoPublicMetrics bool
}

func (c *Config) defaults() {
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Metrics == nil {
		c.Metrics = NewMetrics()
	}
	if c.MaxJSON <= 0 {
		c.MaxJSON = 1 << 20
	}
	if c.MaxUpload <= 0 {
		c.MaxUpload = 20 << 20
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = time.Minute
	}
	if c.UploadTimeout <= 0 {
		c.UploadTimeout = 10 * time.Minute
	}
	if c.JobWaitTimeout <= 0 {
		c.JobWaitTimeout = 6 * time.Hour
	}
	if c.Uploads <= 0 {
		c.Uploads = 4
	}
	if c.HeaderTimeout <= 0 {
		c.HeaderTimeout = 20 * time.Second
	}
	if c.UploadWait <= 0 {
		c.UploadWait = 30 * time.Second
	}
}

// edge is the state of the middleware.
type edge struct {
	cfg     Config
	app     *fiber.App
	routes  *routeTable
	uploads *uploadRoutes
	// waits are the routes that wait for a job (JobWaitTimeout).
	waits   *uploadRoutes
	slots   chan struct{}
	proxies *proxies
	// refusals writes the lines of requests refused before routing, at
	// most one a second per reason.
	refusals rateLog
	// answers keeps the compressed answers that carry an entity tag
	// (compress.go).
	answers *contentcoding.Cache
}

// Peer is a set of routes: the JSON interface or the pages.
type Peer interface{ Register(r fiber.Router) }

// New returns the app with the JSON interface and the pages on the
// services.
func New(svcs *domains.Services, cfg Config) (*fiber.App, error) {
	svc := svcs.Core
	e, err := newEdge(cfg)
	if err != nil {
		return nil, err
	}
	cfg.Metrics.CountService(svcs.Identity)
	budget := spendWrite(svc)
	v1 := api.New(svcs, api.Options{Before: []fiber.Handler{e.readJSONBody}, WriteBudget: budget})
	pages := web.New(svcs, web.Options{SecureCookies: e.cfg.SecureCookies, Known: e.known, Before: []fiber.Handler{e.readFormBody}, WriteBudget: budget})
	if cfg.Releasers != nil {
		cfg.Releasers.Add(e.answers.Clear)
		cfg.Releasers.Add(v1.ReleaseCaches)
	}
	if err := e.mount(v1, pages, append(api.Uploads(), web.Uploads()...)); err != nil {
		return nil, err
	}
	waits := api.JobWaits()
	for _, w := range waits {
		if !e.routes.has(w) {
			return nil, fmt.Errorf("job route %q is not registered", w)
		}
	}
	e.waits = newUploadRoutes(waits)
	return e.app, nil
}

// bodyReadTimeout is how long a request's body may take to arrive.
const bodyReadTimeout = 5 * time.Minute

// newEdge returns the app with the middleware every request passes.
func newEdge(cfg Config) (*edge, error) {
	cfg.defaults()
	// Whatever an error quotes, no credential reaches the log (redact.go).
	cfg.Logger = Redacting(cfg.Logger)
	px, err := parseProxies(cfg.TrustedProxies)
	if err != nil {
		return nil, err
	}
	e := &edge{cfg: cfg, proxies: px, slots: make(chan struct{}, cfg.Uploads), answers: contentcoding.NewCache(AnswerCacheBytes)}
	e.refusals.logger = cfg.Logger
	e.app = fiber.New(fiber.Config{
		Immutable:             true,
		DisableStartupMessage: true,
		// Bodies are read by the routes' own limits, after authentication:
		// the server reads no more than 8 KiB of a body before the handlers.
		StreamRequestBody:            true,
		DisablePreParseMultipartForm: true,
		BodyLimit:                    max(cfg.MaxUpload, cfg.MaxJSON),
		ReadTimeout:                  cfg.HeaderTimeout,
		IdleTimeout:                  time.Minute,
		ErrorHandler:                 e.serverError,
	})
	e.app.Server().ContinueHandler = continueWithCredential
	// Once the headers are in, the body has the upload's 5 minutes.
	e.app.Server().HeaderReceived = func(*fasthttp.RequestHeader) fasthttp.RequestConfig {
		return fasthttp.RequestConfig{ReadTimeout: bodyReadTimeout}
	}
	// fasthttp's parse errors quote the request's header bytes unless told
	// not to; they reach serverError, which logs none of their text anyway
	// (refusalReason), and fasthttp's own Logger is Fiber's silent one.
	e.app.Server().SecureErrorLogMessage = true
	e.guardMethods()
	e.app.Use(trackConn, e.observe, e.clientAddr, e.requestContext, e.securityHeaders, e.compress, e.crossSiteWrites)
	if !cfg.NoPublicMetrics {
		e.app.Get("/metrics", cfg.Metrics.handler())
	}
	return e, nil
}

// mount registers the JSON interface, then the pages, each followed by the
// answer for a request no route takes; uploads name the upload routes.
func (e *edge) mount(v1, pages Peer, uploads []string) error {
	v1.Register(e.app)
	// The pages' middleware never sees /v1.
	e.app.Use("/v1", e.noRoute)
	if pages != nil {
		pages.Register(e.app)
	}
	e.app.Use(e.noRoute)
	e.routes = newRouteTable(e.app.GetRoutes(true))
	for _, u := range uploads {
		if !e.routes.has(u) {
			return fmt.Errorf("upload route %q is not registered", u)
		}
	}
	e.uploads = newUploadRoutes(uploads)
	return nil
}

// continueWithCredential answers a request that asks "Expect:
// 100-continue" before sending its body: one without any credential
// (neither an Authorization header nor a cookie) is refused with 417 and
// its client sends nothing more; others are told to continue and are
// authenticated before their body is read.
func continueWithCredential(h *fasthttp.RequestHeader) bool {
	return len(h.Peek(fasthttp.HeaderAuthorization)) > 0 || len(h.Peek(fasthttp.HeaderCookie)) > 0
}
