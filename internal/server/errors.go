package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	explorer "explorer"

	"explorer/api"
	"explorer/web"

	"github.com/gofiber/fiber/v2"
)

// handleError is the one error dispatch: every /v1 answer that is not 2xx
// is problem+json, every other one a page, both with the status of Status.
// Internal errors are logged with the request id and route, never shown;
// an error that says when to try again sets Retry-After.
func (e *edge) handleError(c *fiber.Ctx, err error) error {
	status, xerr := classify(err)
	if status >= http.StatusInternalServerError {
		e.cfg.Logger.Error("request failed", "request", requestID(c), "method", c.Method(), "route", e.routeOf(c), "status", status, "err", xerr)
	}
	var fe *fiber.Error
	if x := explorer.AsError(err); !errors.As(err, &fe) && x.RetryAfter > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(x.RetryAfter)) // on /v1 and pages alike
	}
	if api.IsAPIPath(c.Path()) {
		return api.WriteProblem(c, err, status)
	}
	return web.HandleError(c, err, status)
}

// serverError answers the server's own errors, found in a request before
// any route could see it (headers too large, a malformed request line, a
// body over the server's limit): the request may not even have a path, so
// the answer is always problem+json, with a detail of ours rather than the
// parser's words. It is Fiber's ErrorHandler, which nothing else reaches:
// observe answers every error of the routes itself.
func (e *edge) serverError(c *fiber.Ctx, err error) error {
	status := http.StatusBadRequest
	var fe *fiber.Error
	if errors.As(err, &fe) {
		status = fe.Code
	}
	// A flood of idle connections timing out (408) or of garbage would
	// write a line each: one line a second per reason, the next counting
	// those left out, and a metric counting them all.
	reason := refusalReason(status, err)
	e.refusals.logAt(slog.LevelInfo, reason, "request refused before routing", "status", status, "client", c.IP(), "reason", reason)
	e.cfg.Metrics.record("unreadable", "", status, 0)
	if status == http.StatusRequestTimeout {
		e.cfg.Metrics.connClosed("header-timeout")
	} else {
		e.cfg.Metrics.connClosed("unreadable")
	}
	return api.WriteProblem(c, fiber.NewError(status, serverErrorDetail(status)), status)
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

// interrupted is the error of a request whose context ended (cause: its
// deadline passed, or its client went away) while err came back. An
// internal error then is the interruption's doing, whatever words a driver
// gave it: it is answered as explorer.Interrupted (503 with Retry-After on
// /v1, a message on the pages), never 500. Other errors keep their answer.
func interrupted(err, cause error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) || explorer.ErrorCode(err) != explorer.EINTERNAL {
		return err
	}
	return explorer.Interrupted(fmt.Errorf("%w: %w", cause, err))
}
