package sheet

import (
	"errors"
	"fmt"
)

// ErrorKind is what is wrong with a file.
type ErrorKind int

// The kinds of errors of a file.
const (
	// Invalid: the file cannot be read as a table of its type; Row names
	// the row (the line of a CSV file) at fault when one is.
	Invalid ErrorKind = iota + 1
	// TooLarge: the file is past one of the caller's limits; Limit is
	// that limit, in its own unit (rows, columns, characters, bytes,
	// parts, or nanoseconds for the time limit).
	TooLarge
	// Unsupported: the file is not of a type sheet reads, or its content
	// does not match its name.
	Unsupported
	// Cancelled: the caller went away while the file was read.
	Cancelled
)

// Error is the error of a file that cannot be read. Its message is safe
// to show to the person who gave the file; Err, when set, is the parser's
// own error, for the log.
type Error struct {
	Kind    ErrorKind
	Message string
	// Row is the row (a CSV file's line) the error is about, 0 when none.
	Row int
	// Limit is the limit a TooLarge file passed.
	Limit int64
	// Reason, when set, is a short phrase about the whole file ("is not
	// valid UTF-8 text"), for a form to show beside the file's field.
	Reason string
	Err    error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the parser's error.
func (e *Error) Unwrap() error { return e.Err }

// invalidf is an Invalid error about row (0: none).
func invalidf(row int, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Row: row, Message: fmt.Sprintf(format, args...)}
}

// tooLargef is a TooLarge error past limit, about row (0: none).
func tooLargef(limit int64, row int, format string, args ...any) *Error {
	return &Error{Kind: TooLarge, Limit: limit, Row: row, Message: fmt.Sprintf(format, args...)}
}

// unsupportedf is an Unsupported error.
func unsupportedf(format string, args ...any) *Error {
	return &Error{Kind: Unsupported, Message: fmt.Sprintf(format, args...)}
}

// callbackError carries an error of the caller's header or row callback
// through the parsers, which wrap their own errors but not this one: the
// caller gets its error back as it was.
type callbackError struct{ err error }

func (c *callbackError) Error() string { return c.err.Error() }

// fromCallback marks err as the caller's (nil stays nil).
func fromCallback(err error) error {
	if err == nil {
		return nil
	}
	return &callbackError{err: err}
}

// unwrapCallback returns the caller's own error for a callback's error,
// err itself otherwise.
func unwrapCallback(err error) error {
	var c *callbackError
	if errors.As(err, &c) {
		return c.err
	}
	return err
}

// isOurs reports whether err is already a file error or the caller's.
func isOurs(err error) bool {
	var se *Error
	var c *callbackError
	return errors.As(err, &se) || errors.As(err, &c)
}
