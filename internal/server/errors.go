package server

import (
	"net/http"

	"explorer/api"
	"explorer/web"

	"github.com/gofiber/fiber/v2"
)

// handleError is the one error dispatch: every /v1 answer that is not 2xx
// is problem+json (statuses from api.Status), every other one a page.
// Internal errors are logged with the request's route, never shown.
func (e *edge) handleError(c *fiber.Ctx, err error) error {
	p, perr := api.ProblemFor(err)
	if p.Status >= http.StatusInternalServerError {
		e.cfg.Logger.Error("request failed", "method", c.Method(), "route", e.routeOf(c), "path", c.Path(), "status", p.Status, "err", perr.Err)
	}
	if c.Path() == "" || api.IsAPIPath(c.Path()) {
		return api.WriteProblem(c, err)
	}
	return web.HandleError(c, err)
}
