package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// requestIDs are this process's random prefix and a counter.
var (
	idPrefix = func() string {
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		return hex.EncodeToString(b)
	}()
	idCounter atomic.Uint64
)

func newRequestID() string {
	return idPrefix + "-" + strconv.FormatUint(idCounter.Add(1), 36)
}

// observe is the outermost middleware: it gives the request an id
// (X-Request-Id), turns a panic into an internal error, answers errors
// through the one dispatch, and writes one access-log line and the metrics
// of the request. The line holds method, route pattern, status, bytes,
// duration, user (name and id) and client address: never a header, query or body.
func (e *edge) observe(c *fiber.Ctx) error {
	start := time.Now()
	id := newRequestID()
	c.Locals(requestIDKey, id)
	c.Set("X-Request-Id", id)
	if err := e.run(c); err != nil {
		if herr := e.handleError(c, err); herr != nil {
			e.cfg.Logger.Error("error answer failed", "request", id, "err", herr)
			c.Status(fiber.StatusInternalServerError)
		}
	}
	status, route, dur := c.Response().StatusCode(), e.routeOf(c), time.Since(start)
	e.cfg.Metrics.record(route, c.Method(), status, dur)
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	user, userID := "", int64(0)
	if u := explorer.UserFromContext(c.UserContext()); u != nil {
		user, userID = u.Username, u.ID
	}
	e.cfg.Logger.LogAttrs(context.Background(), level, "request",
		slog.String("request", id),
		slog.String("method", c.Method()),
		slog.String("route", route),
		slog.Int("status", status),
		slog.Int("bytes", responseBytes(c)),
		slog.Duration("duration", dur),
		slog.String("user", user),
		slog.Int64("user_id", userID),
		slog.String("client", c.IP()))
	return nil
}

// requestIDKey is the Locals key of the request id.
const requestIDKey = "requestID"

// requestID is the id observe gave the request.
func requestID(c *fiber.Ctx) string {
	id, _ := c.Locals(requestIDKey).(string)
	return id
}

// run calls the rest of the chain and turns a panic into an error.
func (e *edge) run(c *fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = explorer.Internal(fmt.Errorf("panic: %v\n%s", r, debug.Stack()))
		}
	}()
	return c.Next()
}

// responseBytes is the size of the answer's body. A streamed body (a
// backup download) is not read for it, which would hold it all in memory:
// its declared length is logged, -1 when it is sent chunked.
func responseBytes(c *fiber.Ctx) int {
	if c.Response().IsBodyStream() {
		return c.Response().Header.ContentLength()
	}
	return len(c.Response().Body())
}

// refusalReasons are the phrases of fasthttp's errors for a request it
// could not read; the log names the one found.
var refusalReasons = []string{
	"small read buffer", "body size exceeds", "timeout",
	"invalid header key", "invalid header value", "invalid request uri", "request uri cannot be empty",
	"cannot find http request method", "unsupported http request method", "cannot find whitespace in the first line",
	"unsupported http version", "unsupported transfer-encoding", "cannot parse content-length",
	"unexpected eof", "duplicate", "header",
}

// refusalReason says why the server refused a request before routing,
// from a fixed list: the parser's message quotes the request's bytes
// (header values, credentials included), so none of its text is logged.
func refusalReason(status int, err error) string {
	if status != http.StatusBadRequest {
		return serverErrorDetail(status)
	}
	msg := strings.ToLower(err.Error())
	for _, r := range refusalReasons {
		if strings.Contains(msg, r) {
			return r
		}
	}
	return "malformed request"
}
