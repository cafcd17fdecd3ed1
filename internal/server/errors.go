package server

import (
	"errors"
	"net/http"

	"explorer/api"
	"explorer/web"

	"github.com/gofiber/fiber/v2"
)

// handleError is the one error dispatch: every /v1 answer that is not 2xx
// is problem+json (statuses from api.Status), every other one a page.
// Internal errors are logged with the request id and route, never shown.
// It also answers the server's own errors (malformed request, headers too
// large), which reach it before any route with the path, when the request
// line could be read, or none.
func (e *edge) handleError(c *fiber.Ctx, err error) error {
	p, perr := api.ProblemFor(err)
	if p.Status >= http.StatusInternalServerError {
		e.cfg.Logger.Error("request failed", "request", requestID(c), "method", c.Method(), "route", e.routeOf(c), "status", p.Status, "err", perr)
	}
	var fe *fiber.Error
	if c.Route() == nil && errors.As(err, &fe) {
		// The server's own error text names its parser; say it plainly.
		err = fiber.NewError(fe.Code, serverErrorDetail(fe.Code))
	}
	if c.Path() == "" || c.Path() == "/" && c.Route() == nil || api.IsAPIPath(c.Path()) {
		return api.WriteProblem(c, err)
	}
	return web.HandleError(c, err)
}

// serverErrorDetail is the detail of an error the server found in a
// request before any route saw it.
func serverErrorDetail(status int) string {
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		return "the request headers are too large"
	case http.StatusRequestEntityTooLarge:
		return "the request body is too large"
	case http.StatusRequestTimeout:
		return "the request was not received in time"
	}
	return "the request is malformed"
}
