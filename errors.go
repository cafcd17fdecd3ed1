// Package explorer is the service layer of the explorer server: the domain
// types, their validation, the Service with one method per operation and the
// Store interface it needs. It imports no HTTP framework, template engine or
// SQL driver.
package explorer

import (
	"context"
	"errors"
	"fmt"
)

// Error codes shared by the service layer, the store and the renderers.
const (
	EINVALID      = "invalid"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ETOOLARGE     = "too_large"
	EUNSUPPORTED  = "unsupported"
	ETHROTTLED    = "throttled"
	EPAYMENT      = "payment_required"
	EUNAVAILABLE  = "unavailable"
	EINTERNAL     = "internal"
)

// FieldError names one invalid input field.
type FieldError struct {
	Field   string
	Message string
}

// Error is an error the service layer answers with. Its Message is safe to
// show to the caller; internal causes are kept in Err and only logged.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
	// RetryAfter is the number of seconds a caller should wait, for
	// ETHROTTLED and EUNAVAILABLE.
	RetryAfter int
	// Cost is, for EPAYMENT, what the refused work costs and what the
	// account has.
	Cost *CreditCost
	Err  error
}

// Error returns the message, with the cause for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the internal cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns an EINVALID error listing field errors.
func Invalid(message string, fields ...FieldError) *Error {
	return &Error{Code: EINVALID, Message: message, Fields: fields}
}

// Internal wraps an unexpected error; its message never reaches a caller.
func Internal(err error) *Error {
	return &Error{Code: EINTERNAL, Message: "internal error", Err: err}
}

// ErrorCode returns the code of err: the code of an *Error in its chain,
// EUNAVAILABLE for an interrupted operation (see AsError), EINTERNAL for
// any other error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	return AsError(err).Code
}

// ErrorMessage returns the caller-safe message of err.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	return AsError(err).Message
}

// InterruptedRetryAfter is the Retry-After, in seconds, of an operation
// whose context ended before it was done.
const InterruptedRetryAfter = 5

// AsError returns the *Error in err's chain, or an EINTERNAL one wrapping
// err. An operation stopped because its context ended (its request's
// deadline passed, or its client went away) is not an internal error,
// whether it came back bare or wrapped as internal: it is EUNAVAILABLE
// with a Retry-After (Interrupted).
func AsError(err error) *Error {
	var e *Error
	found := errors.As(err, &e)
	if found && e.Code != EINTERNAL {
		return e
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return Interrupted(err)
	}
	if found {
		return e
	}
	return Internal(err)
}

// Interrupted is the error of an operation whose context ended before it
// was done (err says why): EUNAVAILABLE, the caller may try again.
func Interrupted(err error) *Error {
	msg := "the request took longer than the server allows: try again in a moment"
	if errors.Is(err, context.Canceled) {
		msg = "the request was cancelled before it was done"
	}
	return &Error{Code: EUNAVAILABLE, Message: msg, RetryAfter: InterruptedRetryAfter, Err: err}
}
