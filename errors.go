// Package explorer is the service layer of the explorer server: the domain
// types, their validation, the Service with one method per operation and the
// Store interface it needs. It imports no HTTP framework, template engine or
// SQL driver.
package explorer

import (
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
	EUNAVAILABLE  = "unavailable"
	EINTERNAL     = "internal"
)

// FieldError names one invalid input field.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
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
	Err        error
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
// EINTERNAL for any other error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the caller-safe message of err.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}

// AsError returns the *Error in err's chain, or an EINTERNAL one wrapping err.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
