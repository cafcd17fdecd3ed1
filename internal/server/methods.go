package server

import (
	"net/http"

	"explorer/api"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// Fiber answers a request whose method is none of the nine it knows
// (GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH) with
// "400 Invalid http method" in text/plain, before any middleware. The
// edge answers such a request itself, in front of Fiber: problem+json,
// 405 with Allow when routes serve the path with other methods, else 501
// (a method the server implements on no path). Known methods on a path
// that lacks them go to noRoute (405 with Allow, or 404).

// knownMethods are the methods Fiber routes.
var knownMethods = map[string]bool{}

func init() {
	for _, m := range fiber.DefaultMethods {
		knownMethods[m] = true
	}
}

// guardMethods puts the answer to unknown methods in front of the app's
// handler.
func (e *edge) guardMethods() {
	srv := e.app.Server()
	next := srv.Handler
	srv.Handler = func(fctx *fasthttp.RequestCtx) {
		if knownMethods[string(fctx.Method())] {
			next(fctx)
			return
		}
		e.unknownMethod(fctx)
	}
}

// unknownMethod answers a request with a method Fiber does not know.
func (e *edge) unknownMethod(fctx *fasthttp.RequestCtx) {
	c := e.app.AcquireCtx(fctx)
	defer e.app.ReleaseCtx(c)
	h := &c.Response().Header
	h.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	h.Set(fiber.HeaderReferrerPolicy, "same-origin")
	h.Set(fiber.HeaderXFrameOptions, "DENY")
	h.Set(fiber.HeaderContentSecurityPolicy, apiPolicy)
	h.Set(fiber.HeaderCacheControl, "no-store")
	id := newRequestID()
	c.Set("X-Request-Id", id)
	status, detail := http.StatusNotImplemented, "this server implements no such method"
	if allow := e.routes.allow(c.Path()); allow != "" {
		c.Set(fiber.HeaderAllow, allow)
		status, detail = http.StatusMethodNotAllowed, "this method is not allowed on this path; allowed: "+allow
	}
	e.cfg.Logger.Info("request refused before routing", "request", id, "status", status, "client", c.IP(), "reason", "unknown method")
	e.cfg.Metrics.record("unreadable", "", status, 0)
	p := api.Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: detail}
	body, err := c.App().Config().JSONEncoder(p)
	if err != nil {
		fctx.SetStatusCode(http.StatusInternalServerError)
		return
	}
	c.Set(fiber.HeaderContentType, "application/problem+json")
	_ = c.Status(status).Send(body)
}
