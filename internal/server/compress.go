package server

import (
	"strings"

	"explorer/internal/contentcoding"

	"github.com/gofiber/fiber/v2"
)

// minCompress is the smallest body worth compressing: below it the
// encoding's header and the CPU cost outweigh the bytes saved.
const minCompress = 1024

// compress encodes the answer with the best content coding the request
// accepts (Accept-Encoding with its q-values, RFC 9110 section 12.5.3),
// when it is a compressible type of at least minCompress bytes held in
// memory (a streamed answer, such as a backup or an export, is left as
// it is) and not already encoded. Such answers carry Vary:
// Accept-Encoding whether compressed or not. It runs inside observe, so
// the access log and the metrics count the bytes sent.
func (e *edge) compress(c *fiber.Ctx) error {
	if err := c.Next(); err != nil {
		return err
	}
	compressBody(c)
	return nil
}

// compressBody compresses the answer of c in place when it qualifies.
func compressBody(c *fiber.Ctx) {
	resp := c.Response()
	status := resp.StatusCode()
	if status < 200 || status == fiber.StatusNoContent || status == fiber.StatusPartialContent ||
		status == fiber.StatusNotModified || resp.IsBodyStream() {
		return
	}
	if len(resp.Header.Peek(fiber.HeaderContentEncoding)) > 0 || !contentcoding.Compressible(string(resp.Header.ContentType())) {
		return
	}
	body := resp.Body()
	if len(body) < minCompress {
		return
	}
	if !strings.Contains(strings.ToLower(string(resp.Header.Peek(fiber.HeaderVary))), "accept-encoding") {
		resp.Header.Add(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	}
	coding := contentcoding.Negotiate(c.Get(fiber.HeaderAcceptEncoding))
	if coding == "" {
		return
	}
	out := contentcoding.Encode(coding, body, false)
	if len(out) >= len(body) {
		return
	}
	resp.SetBodyRaw(out)
	resp.Header.Set(fiber.HeaderContentEncoding, coding)
}
