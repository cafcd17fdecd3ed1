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

	explorer "explorer"
	"explorer/api"
	"explorer/web"

	"github.com/gofiber/fiber/v2"
)

// Config configures the edge.
type Config struct {
	// Logger receives the access log and the internal errors; nil is
	// slog.Default().
	Logger *slog.Logger
	// Metrics registers the Prometheus collectors; nil makes a new registry.
	Metrics *Metrics
	// MaxJSON is the largest body of a JSON operation or page form
	// (default 1 MiB); MaxUpload that of an upload route (default 20 MiB).
	MaxJSON, MaxUpload int
	// SecureCookies marks the pages' cookies Secure.
	SecureCookies bool
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
}

// edge is the state of the middleware.
type edge struct {
	cfg    Config
	app    *fiber.App
	routes *routeTable
}

// New returns the app with the JSON interface and the pages on svc.
func New(svc *explorer.Service, cfg Config) (*fiber.App, error) {
	cfg.defaults()
	e := &edge{cfg: cfg}
	e.app = fiber.New(fiber.Config{
		Immutable:             true,
		BodyLimit:             max(cfg.MaxUpload, cfg.MaxJSON),
		DisableStartupMessage: true,
		ReadTimeout:           5 * time.Minute,
		IdleTimeout:           2 * time.Minute,
		ErrorHandler:          e.handleError,
	})
	e.app.Use(cfg.Metrics.middleware())
	e.app.Get("/metrics", cfg.Metrics.handler())
	api.New(svc, api.Options{Before: []fiber.Handler{e.limitJSON}}).Register(e.app)
	// Anything else under /v1 is an unknown route or a wrong method; the
	// pages' middleware never sees /v1.
	e.app.Use("/v1", e.noRoute)
	web.New(svc, web.Options{SecureCookies: cfg.SecureCookies, Known: e.known}).Register(e.app)
	e.app.Use(e.noRoute)
	e.routes = newRouteTable(e.app.GetRoutes(true))
	for _, u := range append(api.Uploads(), web.Uploads()...) {
		if !e.routes.has(u) {
			return nil, fmt.Errorf("upload route %q is not registered", u)
		}
	}
	return e.app, nil
}
