// Package api serves the JSON interface v1 on Fiber: it decodes requests,
// calls the explorer.Service and encodes answers. Errors are RFC 9457
// problem details.
package api

import (
	"errors"
	"net/http"
	"strconv"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Problem is an RFC 9457 problem details body.
type Problem struct {
	Type   string                `json:"type"`
	Title  string                `json:"title"`
	Status int                   `json:"status"`
	Detail string                `json:"detail,omitempty"`
	Errors []explorer.FieldError `json:"errors,omitempty"`
}

// Status maps an explorer error code to its HTTP status. It is the one place
// where that mapping lives.
func Status(code string) int {
	switch code {
	case explorer.EINVALID:
		return http.StatusBadRequest
	case explorer.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case explorer.EFORBIDDEN:
		return http.StatusForbidden
	case explorer.ENOTFOUND:
		return http.StatusNotFound
	case explorer.ECONFLICT:
		return http.StatusConflict
	case explorer.ETOOLARGE:
		return http.StatusRequestEntityTooLarge
	case explorer.EUNSUPPORTED:
		return http.StatusUnsupportedMediaType
	case explorer.ETHROTTLED:
		return http.StatusTooManyRequests
	case explorer.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// codeForStatus maps Fiber's own errors back to explorer codes.
func codeForStatus(status int) string {
	switch status {
	case http.StatusBadRequest:
		return explorer.EINVALID
	case http.StatusUnauthorized:
		return explorer.EUNAUTHORIZED
	case http.StatusForbidden:
		return explorer.EFORBIDDEN
	case http.StatusNotFound:
		return explorer.ENOTFOUND
	case http.StatusConflict, http.StatusPreconditionFailed:
		return explorer.ECONFLICT
	case http.StatusRequestEntityTooLarge:
		return explorer.ETOOLARGE
	case http.StatusUnsupportedMediaType:
		return explorer.EUNSUPPORTED
	case http.StatusTooManyRequests:
		return explorer.ETHROTTLED
	case http.StatusServiceUnavailable:
		return explorer.EUNAVAILABLE
	}
	return explorer.EINTERNAL
}

// ProblemFor converts any error into the problem answered for it; Fiber's
// own errors (unknown route, wrong method, body too large) included.
func ProblemFor(err error) (Problem, *explorer.Error) {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		detail := fe.Message
		switch fe.Code {
		case http.StatusRequestEntityTooLarge:
			detail = "the request body is too large"
		case http.StatusMethodNotAllowed:
			detail = "this method is not allowed on this path"
		}
		p := Problem{Type: "about:blank", Title: http.StatusText(fe.Code), Status: fe.Code, Detail: detail}
		if fe.Code >= 500 {
			p.Detail = "internal error"
		}
		return p, &explorer.Error{Code: codeForStatus(fe.Code), Message: detail}
	}
	e := explorer.AsError(err)
	status := Status(e.Code)
	p := Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: e.Message, Errors: e.Fields}
	return p, e
}

// WriteProblem answers err as problem+json. The HTTP edge logs the
// internal errors; the answer never shows them.
func WriteProblem(c *fiber.Ctx, err error) error {
	p, e := ProblemFor(err)
	if p.Status == http.StatusUnauthorized {
		c.Set(fiber.HeaderWWWAuthenticate, `Basic realm="explorer"`)
	}
	if e.RetryAfter > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(e.RetryAfter))
	}
	c.Set(fiber.HeaderContentType, "application/problem+json")
	body, jerr := c.App().Config().JSONEncoder(p)
	if jerr != nil {
		return c.SendStatus(http.StatusInternalServerError)
	}
	return c.Status(p.Status).Send(body)
}
