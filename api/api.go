package api

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Options configure the HTTP server.
type Options struct {
	// MaxUpload is the largest upload body in bytes (default 20 MiB).
	MaxUpload int
	// MaxJSON is the largest JSON body in bytes (default 1 MiB).
	MaxJSON int
	// PageErrors renders errors of requests outside /v1 (the admin pages);
	// nil renders them as problem+json too.
	PageErrors fiber.ErrorHandler
	// Logger logs requests; nil is slog.Default().
	Logger *slog.Logger
	// Metrics registers the Prometheus collectors; nil makes a new registry.
	Metrics *Metrics
}

func (o *Options) defaults() {
	if o.MaxUpload <= 0 {
		o.MaxUpload = 20 << 20
	}
	if o.MaxJSON <= 0 {
		o.MaxJSON = 1 << 20
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Metrics == nil {
		o.Metrics = NewMetrics()
	}
}

// handler serves the /v1 operations.
type handler struct {
	svc  *explorer.Service
	opts Options
}

// NewApp returns the Fiber app with health, metrics and the /v1 interface.
// The admin pages are added to it by package web.
func NewApp(svc *explorer.Service, opts Options) *fiber.App {
	opts.defaults()
	app := fiber.New(fiber.Config{
		Immutable:             true,
		BodyLimit:             max(opts.MaxUpload, opts.MaxJSON),
		DisableStartupMessage: true,
		ReadTimeout:           5 * time.Minute,
		IdleTimeout:           2 * time.Minute,
		ErrorHandler: func(c *fiber.Ctx, err error) error {
			if opts.PageErrors != nil && !IsAPIPath(c.Path()) {
				return opts.PageErrors(c, err)
			}
			return WriteProblem(c, err)
		},
	})
	app.Use(opts.Metrics.middleware())
	h := &handler{svc: svc, opts: opts}
	app.Get("/healthz", h.healthz)
	app.Get("/readyz", h.readyz)
	app.Get("/metrics", opts.Metrics.handler())
	app.Get("/v1/openapi.json", serveOpenAPI)
	v1 := app.Group("/v1", h.limitBody, h.authenticate)
	h.routes(v1)
	// Anything else under /v1 is an unknown route.
	v1.Use(func(c *fiber.Ctx) error {
		return explorer.Errorf(explorer.ENOTFOUND, "no route %s %s", c.Method(), c.Path())
	})
	return app
}

// routes registers the operations of v1. Each resource adds its own.
func (h *handler) routes(r fiber.Router) {
	for _, register := range resources {
		register(h, r)
	}
}

// resources are the registration functions of the resource files.
var resources []func(h *handler, r fiber.Router)

// IsAPIPath reports whether path belongs to the JSON interface.
func IsAPIPath(path string) bool {
	return path == "/v1" || strings.HasPrefix(path, "/v1/")
}

func (h *handler) healthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

func (h *handler) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 3*time.Second)
	defer cancel()
	body := fiber.Map{"status": "ready", "database": "ok"}
	status := fiber.StatusOK
	if err := h.svc.Ready(ctx); err != nil {
		body["status"], body["database"] = "unavailable", "unreachable"
		status = fiber.StatusServiceUnavailable
	}
	spaces := h.svc.WordSpaceStatus()
	if spaces == nil {
		spaces = []explorer.WordSpaceStatus{}
	}
	for _, s := range spaces {
		if !s.Ready && s.Error == "" && status == fiber.StatusOK {
			body["status"] = "loading"
			status = fiber.StatusServiceUnavailable
			c.Set(fiber.HeaderRetryAfter, "5")
		}
	}
	body["wordSpaces"] = spaces
	return c.Status(status).JSON(body)
}

// limitBody refuses JSON bodies over MaxJSON; multipart uploads may be up
// to MaxUpload, which Fiber enforces.
func (h *handler) limitBody(c *fiber.Ctx) error {
	if len(c.Body()) > h.opts.MaxJSON && !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), "multipart/") {
		return explorer.Errorf(explorer.ETOOLARGE, "the request body is larger than %d bytes", h.opts.MaxJSON)
	}
	return c.Next()
}

// authenticate verifies HTTP Basic credentials or a Bearer token and puts
// the user in the request's context.
func (h *handler) authenticate(c *fiber.Ctx) error {
	auth := c.Get(fiber.HeaderAuthorization)
	scheme, cred, _ := strings.Cut(auth, " ")
	cred = strings.TrimSpace(cred)
	var (
		u   *explorer.User
		err error
	)
	switch {
	case strings.EqualFold(scheme, "Basic") && cred != "":
		user, pass, ok := decodeBasic(cred)
		if !ok {
			return explorer.Errorf(explorer.EUNAUTHORIZED, "malformed Basic credentials")
		}
		u, err = h.svc.AuthenticatePassword(c.UserContext(), user, pass, c.IP())
	case strings.EqualFold(scheme, "Bearer") && cred != "":
		u, err = h.svc.AuthenticateToken(c.UserContext(), cred, c.IP())
	default:
		return explorer.Errorf(explorer.EUNAUTHORIZED, "authentication required: HTTP Basic credentials or a Bearer token")
	}
	if err != nil {
		var e *explorer.Error
		if errors.As(err, &e) && e.Code == explorer.ENOTFOUND {
			return explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
		}
		return err
	}
	c.SetUserContext(explorer.WithUser(c.UserContext(), u))
	return c.Next()
}
