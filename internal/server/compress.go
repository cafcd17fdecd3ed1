package server

import (
	"strconv"
	"strings"

	explorer "explorer"

	"explorer/internal/contentcoding"

	"github.com/gofiber/fiber/v2"
)

// minCompress is the smallest body worth compressing: below it the
// encoding's header and the CPU cost outweigh the bytes saved.
const minCompress = 1024

// AnswerCacheBytes is the memory the compressed answers with an entity tag
// may hold (bodies and keys), per instance: 32 MiB, about 3,000 compressed
// 300-topic models. The least recently used are dropped past it.
const AnswerCacheBytes = 32 << 20

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
	compressBody(c, e.answers)
	return nil
}

// compressBody compresses the answer of c in place when it qualifies. A
// GET answer with an entity tag is compressed once per coding, through
// answers (answerKey), else per request at the fast level.
func compressBody(c *fiber.Ctx, answers *contentcoding.Cache) {
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
	var out []byte
	if key := answerKey(c); key != "" && answers != nil {
		out = answers.Encode(key, coding, body)
	} else {
		out = contentcoding.Encode(coding, body, false)
	}
	if len(out) >= len(body) {
		return
	}
	resp.SetBodyRaw(out)
	resp.Header.Set(fiber.HeaderContentEncoding, coding)
}

// answerKey is the key of a GET answer in the cache of compressed answers,
// or "" when it is not kept: its entity tag (which names the answer's bytes
// for one address and caller: api's modelETag and bodyETag), the address
// with its query, and the authenticated caller's id, so that no caller is
// ever served an answer made for another even if two answers shared a tag.
func answerKey(c *fiber.Ctx) string {
	if c.Method() != fiber.MethodGet {
		return ""
	}
	etag := c.Response().Header.Peek(fiber.HeaderETag)
	if len(etag) == 0 {
		return ""
	}
	caller := "-"
	if u := explorer.UserFromContext(c.UserContext()); u != nil {
		caller = strconv.FormatInt(u.ID, 10)
	}
	return caller + "\x00" + string(c.Request().RequestURI()) + "\x00" + string(etag)
}
