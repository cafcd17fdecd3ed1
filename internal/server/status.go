package server

import (
	"errors"
	"net/http"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// Status maps an explorer error code to its HTTP status. It is the one
// place where that mapping lives: the edge hands the status of every
// failed request to the peer that answers it (problem+json or a page).
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
	case explorer.EPAYMENT:
		return http.StatusPaymentRequired
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
	case http.StatusPaymentRequired:
		return explorer.EPAYMENT
	case http.StatusServiceUnavailable:
		return explorer.EUNAVAILABLE
	}
	return explorer.EINTERNAL
}

// classify returns the status err is answered with and err as the service
// layer's error (for the log): Fiber's own errors (unknown route, wrong
// method, body too large) keep their status.
func classify(err error) (int, *explorer.Error) {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return fe.Code, &explorer.Error{Code: codeForStatus(fe.Code), Message: fe.Message}
	}
	e := explorer.AsError(err)
	return Status(e.Code), e
}
