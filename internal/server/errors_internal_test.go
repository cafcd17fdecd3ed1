package server

import (
	"context"
	"errors"
	"testing"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// TestInterruptedAfterDeadline: after the request's context ended, an
// internal error in a driver's own words is answered as the
// interruption (EUNAVAILABLE with Retry-After); errors with another code
// and Fiber's own errors keep theirs.
func TestInterruptedAfterDeadline(t *testing.T) {
	driver := explorer.Internal(errors.New("interrupted (9)"))
	for _, cause := range []error{context.DeadlineExceeded, context.Canceled} {
		e := explorer.AsError(interrupted(driver, cause))
		if e.Code != explorer.EUNAVAILABLE || e.RetryAfter < 1 || !errors.Is(e, cause) {
			t.Errorf("%v: %+v", cause, e)
		}
	}
	if e := explorer.AsError(interrupted(errors.New("bare"), context.DeadlineExceeded)); e.Code != explorer.EUNAVAILABLE {
		t.Errorf("bare error: %+v", e)
	}
	nf := explorer.Errorf(explorer.ENOTFOUND, "pole 1 not found")
	if got := interrupted(nf, context.DeadlineExceeded); got != error(nf) {
		t.Errorf("not found became %v", got)
	}
	fe := fiber.NewError(fiber.StatusMethodNotAllowed, "no")
	if got := interrupted(fe, context.DeadlineExceeded); got != error(fe) {
		t.Errorf("fiber error became %v", got)
	}
}
