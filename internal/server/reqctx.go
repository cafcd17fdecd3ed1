package server

import (
	"context"
	"time"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// watchAfter is how long a request runs before the edge starts watching
// its connection for the client going away; quick requests never pay for
// the watch.
const watchAfter = 200 * time.Millisecond

// requestContext gives the handlers, as c.UserContext(), a context with the
// request's deadline (JobWaitTimeout on routes that wait for a job,
// UploadTimeout on upload routes, else RequestTimeout) that is also
// cancelled when the client closes its connection.
func (e *edge) requestContext(c *fiber.Ctx) error {
	timeout := e.cfg.RequestTimeout
	switch {
	case e.waits.is(c.Method(), c.Path()):
		timeout = e.cfg.JobWaitTimeout
	case e.uploads.is(c.Method(), c.Path()):
		timeout = e.cfg.UploadTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// The audit log records the client's address and the request's id.
	ctx = explorer.WithRequest(ctx, explorer.RequestInfo{Addr: c.IP(), ID: requestID(c)})
	if conn := c.Context().Conn(); conn != nil {
		w := time.AfterFunc(watchAfter, func() { watchConn(ctx, conn, cancel) })
		defer w.Stop()
	}
	c.SetUserContext(ctx)
	err := c.Next()
	if err != nil && ctx.Err() != nil {
		err = interrupted(err, ctx.Err())
	}
	// The error dispatch and the access log run after the deadline's
	// cancel: they keep the context's values (the user), not its end.
	c.SetUserContext(context.WithoutCancel(c.UserContext()))
	return err
}
