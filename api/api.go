package api

import (
	"context"
	"errors"
	"explorer/accounts"
	"explorer/audit"
	"explorer/domains"
	"explorer/identity"
	"explorer/models"
	"explorer/poles"
	"explorer/projects"
	"strings"
	"time"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Options configure the JSON interface.
type Options struct {
	// Before are the handlers that run, in order, after authentication and
	// before every /v1 operation: the edge's body limits.
	Before []fiber.Handler
	// WriteBudget runs right after authentication: the edge's per-user
	// write budget.
	WriteBudget fiber.Handler
}

// handler serves the /v1 operations.
type handler struct {
	svc      *explorer.Service
	projects *projects.Service
	poles    *poles.Service
	models   *models.Service
	identity *identity.Service
	accounts *accounts.Service
	audit    *audit.Service
	opts     Options
	// structures keeps the encoded structures of model answers.
	structures structureCache
}

// API is the JSON interface, registered on an app by the HTTP edge.
type API struct{ h *handler }

// ReleaseCaches drops the encoded structures kept to answer faster; they
// are encoded again at their next answer.
func (a *API) ReleaseCaches() { a.h.structures.clear() }

// New returns the JSON interface on the services.
func New(svc *domains.Services, opts Options) *API {
	return &API{h: &handler{svc: svc.Core, projects: svc.Projects, poles: svc.Poles, models: svc.Models, identity: svc.Identity, accounts: svc.Accounts, audit: svc.Audit, opts: opts}}
}

// Register adds health, the OpenAPI document and the /v1 operations to r.
// Authentication runs before any body is read.
func (a *API) Register(r fiber.Router) {
	h := a.h
	r.Get("/healthz", h.healthz)
	r.Get("/readyz", h.readyz)
	r.Get("/v1/openapi.json", serveOpenAPI)
	v1 := r.Group("/v1", append([]fiber.Handler{h.authenticate, h.opts.WriteBudget}, h.opts.Before...)...)
	h.accountRoutes(v1)
	h.modelsRoutes(v1)
	h.polesRoutes(v1)
	h.productsRoutes(v1)
	h.settingsRoutes(v1)
	h.adminRoutes(v1)
	h.projectsRoutes(v1)
	h.jobsRoutes(v1)
	h.auditRoutes(v1)
	h.tokensRoutes(v1)
}

// Uploads are the routes ("METHOD /path") whose body is an upload rather
// than a JSON document.
func Uploads() []string { return []string{"POST /v1/models", "POST /v1/projects"} }

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
	for _, s := range spaces {
		if !s.Ready && s.Error == "" && status == fiber.StatusOK {
			body["status"] = "loading"
			status = fiber.StatusServiceUnavailable
			c.Set(fiber.HeaderRetryAfter, "5")
		}
	}
	body["wordSpaces"] = toWordSpaceStatus(spaces)
	return c.Status(status).JSON(body)
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
		u, err = h.identity.AuthenticatePassword(c.UserContext(), user, pass, c.IP())
	case strings.EqualFold(scheme, "Bearer") && cred != "":
		var scope string
		u, scope, err = h.identity.AuthenticateBearer(c.UserContext(), cred, c.IP())
		if err == nil {
			c.Locals(tokenScopeKey, scope)
			err = refuseReadToken(c, scope)
		}
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
	ctx := explorer.WithUser(c.UserContext(), u)
	if _, byToken := c.Locals(tokenScopeKey).(string); byToken {
		ctx = explorer.WithTokenSignIn(ctx)
	}
	c.SetUserContext(ctx)
	return c.Next()
}
