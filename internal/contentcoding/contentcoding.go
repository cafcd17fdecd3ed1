// Package contentcoding chooses and applies the content coding of an
// HTTP answer (RFC 9110, section 8.4): zstd, gzip or brotli, by the
// request's Accept-Encoding, with fasthttp's pooled encoders
// (klauspost/compress and andybalholm/brotli, pure Go).
package contentcoding

import (
	"strconv"
	"strings"

	"github.com/valyala/fasthttp"
)

// Content codings this server writes, in its order of preference when a
// client accepts several with the same weight. On a 300-topic model's
// JSON (50 KB) zstd at its fastest level compresses about as well as
// gzip at level 5 with about half the CPU; brotli at level 2 as well as
// gzip 5 with a little less CPU; brotli's default level 4 costs twice
// that for 3% fewer bytes (measured: docs/DECISIONS-LOCAL.md, "Speed and
// weight on the wire").
var Codings = []string{"zstd", "br", "gzip"}

// Compressible reports whether an answer of this content type is text
// that compresses well. Already compressed formats (XLSX, PNG, gzip
// backups) are not.
func Compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	switch ct {
	case "application/json", "application/problem+json", "text/html", "text/css", "text/plain",
		"text/csv", "text/javascript", "application/javascript", "image/svg+xml":
		return true
	}
	return false
}

// gzipLevel and brotliLevel are the levels of answers made per request.
const (
	gzipLevel   = 5
	brotliLevel = 2
)

// Encode compresses body with coding: at the level for answers made per
// request (fast, most of the gain), or with best the strongest level, for
// files compressed once and sent many times.
func Encode(coding string, body []byte, best bool) []byte {
	switch coding {
	case "zstd":
		if best {
			return fasthttp.AppendZstdBytesLevel(nil, body, fasthttp.CompressZstdBestCompression)
		}
		return fasthttp.AppendZstdBytesLevel(nil, body, fasthttp.CompressZstdBestSpeed)
	case "br":
		if best {
			return fasthttp.AppendBrotliBytesLevel(nil, body, fasthttp.CompressBrotliBestCompression)
		}
		return fasthttp.AppendBrotliBytesLevel(nil, body, brotliLevel)
	default:
		if best {
			return fasthttp.AppendGzipBytesLevel(nil, body, fasthttp.CompressBestCompression)
		}
		return fasthttp.AppendGzipBytesLevel(nil, body, gzipLevel)
	}
}

// Negotiate picks from Codings (in the server's order of preference) the
// coding with the highest q-value in the Accept-Encoding header h; "" when
// none is acceptable (no header, or every offered coding refused with
// q=0), which means the identity. "*" weighs the codings not named.
func Negotiate(h string) string {
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
	for _, o := range Codings {
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
