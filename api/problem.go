// Package api serves the JSON interface v1 on Fiber: it decodes requests,
// calls the explorer.Service and encodes answers. Errors are RFC 9457
// problem details.
package api

import (
	"errors"
	"net/http"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Problem is an RFC 9457 problem details body.
type Problem struct {
	Type   string       `json:"type"`
	Title  string       `json:"title"`
	Status int          `json:"status"`
	Detail string       `json:"detail,omitempty"`
	Errors []FieldError `json:"errors,omitempty"`
	// Credits, Balance and Overdraft name, on a 402, what the refused
	// work costs, what the paying account has and how far below zero it
	// may go.
	Credits   *int64 `json:"credits,omitempty"`
	Balance   *int64 `json:"balance,omitempty"`
	Overdraft *int64 `json:"overdraft,omitempty"`
}

// FieldError is one invalid input field of a problem.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// fieldErrors are the problem's fields of the service layer's (nil for
// none).
func fieldErrors(in []explorer.FieldError) []FieldError {
	if len(in) == 0 {
		return nil
	}
	out := make([]FieldError, len(in))
	for i, f := range in {
		out[i] = FieldError{Field: f.Field, Message: f.Message}
	}
	return out
}

// ProblemFor is the problem answered for err with status (the edge's
// status of err); Fiber's own errors (unknown route, wrong method, body too
// large) included.
func ProblemFor(err error, status int) Problem {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		detail := fe.Message
		switch fe.Code {
		case http.StatusRequestEntityTooLarge:
			detail = "the request body is too large"
		case http.StatusMethodNotAllowed:
			detail = "this method is not allowed on this path"
		}
		if status >= 500 {
			detail = "internal error"
		}
		return Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: detail}
	}
	e := explorer.AsError(err)
	p := Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: e.Message, Errors: fieldErrors(e.Fields)}
	if c := e.Cost; c != nil {
		p.Credits, p.Balance, p.Overdraft = &c.Credits, &c.Balance, &c.Overdraft
	}
	return p
}

// WriteProblem answers err as problem+json with status (the edge's status
// of err). The HTTP edge logs the internal errors; the answer never shows
// them.
func WriteProblem(c *fiber.Ctx, err error, status int) error {
	p := ProblemFor(err, status)
	if p.Status == http.StatusUnauthorized {
		c.Set(fiber.HeaderWWWAuthenticate, `Basic realm="explorer"`)
	}
	c.Set(fiber.HeaderContentType, "application/problem+json")
	body, jerr := c.App().Config().JSONEncoder(p)
	if jerr != nil {
		return c.SendStatus(http.StatusInternalServerError)
	}
	return c.Status(p.Status).Send(body)
}
