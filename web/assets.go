package web

import (
	"strings"

	"explorer/internal/assets"
	"explorer/internal/contentcoding"

	"github.com/gofiber/fiber/v2"
)

// Cache rules of the assets: a fingerprinted URL names one content for
// good; a plain one (/assets/js/app.js, for pages cached before the names
// had hashes and for hand-written links) may change with a release, so
// it is kept an hour and then revalidated by its ETag.
const (
	immutableCache = "public, max-age=31536000, immutable"
	plainCache     = "public, max-age=3600"
)

// serveAsset answers GET and HEAD of an embedded asset under /assets/,
// by its plain or fingerprinted name, in the content coding the request
// prefers among those that make it smaller (compressed once); other
// requests pass on (404).
func serveAsset(c *fiber.Ctx) error {
	if c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead {
		return c.Next()
	}
	f, fingerprinted := assets.Lookup(strings.TrimPrefix(c.Path(), "/assets/"))
	if f == nil {
		return c.Next()
	}
	etag := `"` + f.Hash + `"`
	h := &c.Response().Header
	h.Set(fiber.HeaderETag, etag)
	if fingerprinted {
		h.Set(fiber.HeaderCacheControl, immutableCache)
	} else {
		h.Set(fiber.HeaderCacheControl, plainCache)
	}
	if contentcoding.Compressible(f.ContentType) {
		h.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	}
	if inm := c.Get(fiber.HeaderIfNoneMatch); inm == "*" || strings.Contains(inm, etag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	h.SetContentType(f.ContentType)
	body := f.Data
	if coding := contentcoding.Negotiate(c.Get(fiber.HeaderAcceptEncoding)); coding != "" {
		if b := f.Encoded(coding); b != nil {
			h.Set(fiber.HeaderContentEncoding, coding)
			body = b
		}
	}
	return c.Send(body)
}
