package server

import (
	"errors"
	"io"
	"mime"
	"strings"
	"time"

	explorer "explorer"
	"explorer/api"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// The server streams request bodies (see newEdge): nothing but the first
// 8 KiB is read before the handlers, so the limits below decide what is
// read, by route and never by the Content-Type a client claims. They run
// after authentication (/v1) or the session check (pages).

// readJSONBody is the body rule of the /v1 operations: an upload route
// reads its upload; every other operation reads at most MaxJSON bytes,
// which, when present, must be JSON (application/json or
// application/*+json).
func (e *edge) readJSONBody(c *fiber.Ctx) error {
	if e.uploads.is(c.Method(), c.Path()) {
		return e.readUpload(c)
	}
	if err := e.readLimited(c, e.cfg.MaxJSON); err != nil {
		return err
	}
	if err := decodeBody(c, e.cfg.MaxJSON); err != nil {
		return err
	}
	if len(c.Request().Body()) > 0 && !isJSON(c.Get(fiber.HeaderContentType)) {
		return explorer.Errorf(explorer.EUNSUPPORTED, "this operation takes a JSON body: send it with Content-Type: application/json")
	}
	if err := refuseBodilessForm(c); err != nil {
		return err
	}
	return c.Next()
}

// refuseBodilessForm refuses a change (any method but GET, HEAD and
// OPTIONS) without a body that claims a Content-Type other than JSON, as a
// form of another site sends it (text/plain, a form encoding) with the
// browser's cached Basic credentials: such a request could change nothing
// by its body, but its query string can. No Content-Type, or a JSON one,
// is allowed (generated clients send application/json on every request).
func refuseBodilessForm(c *fiber.Ctx) error {
	switch c.Method() {
	case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
		return nil
	}
	ct := c.Get(fiber.HeaderContentType)
	if len(c.Request().Body()) > 0 || ct == "" || isJSON(ct) {
		return nil
	}
	return explorer.Errorf(explorer.EUNSUPPORTED, "this operation takes no form: send it without a Content-Type, or with Content-Type: application/json")
}

// readFormBody is the body rule of the pages: an upload route reads its
// upload, every other page at most MaxJSON bytes of form.
func (e *edge) readFormBody(c *fiber.Ctx) error {
	if e.uploads.is(c.Method(), c.Path()) {
		return e.readUpload(c)
	}
	if err := e.readLimited(c, e.cfg.MaxJSON); err != nil {
		return err
	}
	if err := decodeBody(c, e.cfg.MaxJSON); err != nil {
		return err
	}
	return c.Next()
}

// readLimited reads the body into memory when it holds at most limit
// bytes, and refuses it with 413 (before reading it, when its
// Content-Length says so) otherwise.
func (e *edge) readLimited(c *fiber.Ctx, limit int) error {
	req := c.Request()
	n := req.Header.ContentLength()
	if n == 0 {
		return nil
	}
	if n > limit {
		return tooLarge(limit)
	}
	stream := req.BodyStream()
	if stream == nil {
		if len(req.Body()) > limit {
			return tooLarge(limit)
		}
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(stream, int64(limit)+1))
	if err != nil {
		return explorer.Invalid("the request body could not be read to its end")
	}
	if len(body) > limit {
		return tooLarge(limit)
	}
	req.SetBodyRaw(body)
	return nil
}

func tooLarge(limit int) error {
	return explorer.Errorf(explorer.ETOOLARGE, "the request body is larger than this operation's limit of %d bytes", limit)
}

// isJSON reports whether the media type is application/json or
// application/*+json; parameters such as charset may follow.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")
}

// readUpload runs an upload route under the upload concurrency limit: a
// multipart/form-data body of at most MaxUpload bytes is parsed as it
// arrives (file parts go to temporary files), any other body is read as
// an ordinary one of at most MaxJSON bytes for the route to refuse.
func (e *edge) readUpload(c *fiber.Ctx) error {
	if err := refuseCoding(c); err != nil {
		return err
	}
	release, err := e.acquireUpload(c)
	if err != nil {
		return err
	}
	defer release()
	if n := c.Request().Header.ContentLength(); n > e.cfg.MaxUpload {
		return tooLarge(e.cfg.MaxUpload)
	}
	mt, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if mt != fiber.MIMEMultipartForm {
		if err := e.readLimited(c, e.cfg.MaxJSON); err != nil {
			return err
		}
		if api.IsAPIPath(c.Path()) {
			if err := refuseBodilessForm(c); err != nil {
				return err
			}
		}
		return c.Next()
	}
	if _, err := c.Request().MultipartFormWithLimit(e.cfg.MaxUpload); err != nil {
		return multipartError(err, e.cfg.MaxUpload)
	}
	return c.Next()
}

// multipartError says what is wrong with a multipart body without
// showing the parser's own words.
func multipartError(err error, limit int) error {
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		return tooLarge(limit)
	case errors.Is(err, fasthttp.ErrNoMultipartForm):
		return explorer.Invalid("the multipart/form-data Content-Type has no boundary parameter")
	}
	return explorer.Invalid("the multipart/form-data body is malformed or ends early")
}

// acquireUpload waits for one of the upload slots, at most UploadWait or
// until the request's context ends; then the server is busy (503 with
// Retry-After). The returned function frees the slot.
func (e *edge) acquireUpload(c *fiber.Ctx) (func(), error) {
	release := func() { <-e.slots }
	select {
	case e.slots <- struct{}{}:
		return release, nil
	default:
	}
	t := time.NewTimer(e.cfg.UploadWait)
	defer t.Stop()
	select {
	case e.slots <- struct{}{}:
		return release, nil
	case <-t.C:
	case <-c.UserContext().Done():
	}
	return nil, &explorer.Error{Code: explorer.EUNAVAILABLE, Message: "the server is busy with other uploads; try again shortly", RetryAfter: 10}
}
