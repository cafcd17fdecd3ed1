package server

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// minCompress is the smallest body worth compressing: below it the
// encoding's header and the CPU cost outweigh the bytes saved.
const minCompress = 1024

// Content codings this server writes, in its order of preference when a
// client accepts several with the same weight: zstd and gzip compress a
// JSON answer at about the same ratio, zstd with less CPU; brotli at the
// level used for answers made per request is slower than both (see
// docs/DECISIONS-LOCAL.md, "Speed and weight on the wire").
var codings = []string{"zstd", "gzip", "br"}

// compressible reports whether an answer of this content type is text
// that compresses well. Already compressed formats (XLSX, PNG, gzip
// backups) are not.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	switch ct {
	case "application/json", "application/problem+json", "text/html", "text/css", "text/plain",
		"text/csv", "text/javascript", "application/javascript", "image/svg+xml":
		return true
	}
	return false
}

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
	if len(resp.Header.Peek(fiber.HeaderContentEncoding)) > 0 || !compressible(string(resp.Header.ContentType())) {
		return
	}
	body := resp.Body()
	if len(body) < minCompress {
		return
	}
	resp.Header.Add(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	coding := negotiate(c.Get(fiber.HeaderAcceptEncoding), codings)
	if coding == "" {
		return
	}
	out := encode(coding, body)
	if len(out) >= len(body) {
		return
	}
	resp.SetBodyRaw(out)
	resp.Header.Set(fiber.HeaderContentEncoding, coding)
}

// gzipLevel is the gzip level of answers made per request.
const gzipLevel = 5

// encode compresses body with coding at the level for answers made per
// request: fast, most of the gain.
func encode(coding string, body []byte) []byte {
	switch coding {
	case "zstd":
		return fasthttp.AppendZstdBytesLevel(nil, body, fasthttp.CompressZstdBestSpeed)
	case "br":
		return fasthttp.AppendBrotliBytesLevel(nil, body, fasthttp.CompressBrotliDefaultCompression)
	default:
		return fasthttp.AppendGzipBytesLevel(nil, body, gzipLevel)
	}
}

// negotiate picks from offered (in the server's order of preference) the
// coding with the highest q-value in the Accept-Encoding header h; "" when
// none is acceptable (no header, or every offered coding refused with
// q=0), which means the identity. "*" weighs the codings not named.
func negotiate(h string, offered []string) string {
	if h == "" {
		return ""
	}
	named := map[string]float64{}
	star := -1.0
	for _, item := range strings.Split(h, ",") {
		name, q := parseCoding(item)
		if name == "" {
			continue
		}
		if name == "*" {
			star = q
		} else if _, seen := named[name]; !seen {
			named[name] = q
		}
	}
	best, bestQ := "", 0.0
	for _, o := range offered {
		q, ok := named[o]
		if !ok {
			q = max(star, 0)
		}
		if q > bestQ {
			best, bestQ = o, q
		}
	}
	return best
}

// parseCoding reads one element of Accept-Encoding: "gzip;q=0.5" is gzip
// with weight 0.5; a missing q is 1, a malformed one 0 (refused).
func parseCoding(item string) (string, float64) {
	name, params, _ := strings.Cut(item, ";")
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "x-gzip" {
		name = "gzip"
	}
	q := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < 0 || f > 1 {
			f = 0
		}
		q = f
	}
	return name, q
}
