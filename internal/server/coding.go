package server

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"io"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// decodeBody undoes the Content-Encoding of a body read whole (at most
// limit bytes): gzip or deflate (zlib, as HTTP defines it), decoded to at
// most limit bytes (413 past it, so a small bomb cannot grow in memory);
// identity or none leaves it. Any other coding, or several stacked, is
// 415; data that is not what it claims is 400 saying so (not "malformed
// JSON"). The decoded body replaces the raw one and the header goes, so
// handlers and forms read plain bytes.
func decodeBody(c *fiber.Ctx, limit int) error {
	req := c.Request()
	coding := strings.ToLower(strings.TrimSpace(string(req.Header.Peek(fiber.HeaderContentEncoding))))
	if coding == "" || coding == "identity" {
		req.Header.Del(fiber.HeaderContentEncoding)
		return nil
	}
	var open func(io.Reader) (io.ReadCloser, error)
	switch coding {
	case "gzip", "x-gzip":
		open = func(r io.Reader) (io.ReadCloser, error) { return gzip.NewReader(r) }
	case "deflate":
		open = zlib.NewReader
	default:
		return explorer.Errorf(explorer.EUNSUPPORTED, "Content-Encoding %q is not supported: send the body as it is, or with gzip or deflate", clipCoding(coding))
	}
	body := req.Body()
	if len(body) == 0 {
		req.Header.Del(fiber.HeaderContentEncoding)
		return nil
	}
	r, err := open(bytes.NewReader(body))
	if err != nil {
		return explorer.Invalid("the request body is not valid " + coding + " data")
	}
	defer r.Close()
	plain, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if len(plain) > limit {
		return tooLarge(limit)
	}
	if err != nil {
		return explorer.Invalid("the request body is not valid " + coding + " data")
	}
	req.SetBodyRaw(plain)
	req.Header.Del(fiber.HeaderContentEncoding)
	req.Header.SetContentLength(len(plain))
	return nil
}

// refuseCoding refuses a coded upload: uploads are streamed to their
// parser as they arrive and are not decoded.
func refuseCoding(c *fiber.Ctx) error {
	coding := strings.ToLower(strings.TrimSpace(string(c.Request().Header.Peek(fiber.HeaderContentEncoding))))
	if coding == "" || coding == "identity" {
		return nil
	}
	return explorer.Errorf(explorer.EUNSUPPORTED, "an upload is sent without Content-Encoding (the file formats are compressed already)")
}

// clipCoding keeps a coding's name short for the message.
func clipCoding(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
