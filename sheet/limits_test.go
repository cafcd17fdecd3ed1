package sheet

import (
	"errors"
	"time"
)

// limited fills the limits o leaves at zero with the ones these tests read
// files with: the service layer's default budgets, but a 512 MiB unzip
// limit, which the attack tests were measured against.
func limited(o Options) Options {
	if o.MaxRows == 0 {
		o.MaxRows = 1_000_000
	}
	if o.MaxColumns == 0 {
		o.MaxColumns = 1_024
	}
	if o.MaxCellLen == 0 {
		o.MaxCellLen = 32_767
	}
	if o.MaxUnzipSize == 0 {
		o.MaxUnzipSize = 512 << 20
	}
	if o.MaxDuration == 0 {
		o.MaxDuration = time.Minute
	}
	return o
}

// The names the tests give the kinds of errors.
const (
	codeInvalid     = "invalid"
	codeTooLarge    = "too large"
	codeUnsupported = "unsupported"
	codeCancelled   = "cancelled"
)

// errorCode names the kind of a file error ("" for any other error).
func errorCode(err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return ""
	}
	return map[ErrorKind]string{Invalid: codeInvalid, TooLarge: codeTooLarge, Unsupported: codeUnsupported, Cancelled: codeCancelled}[e.Kind]
}

// errorMessage is a file error's message ("" for any other error).
func errorMessage(err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Message
}
