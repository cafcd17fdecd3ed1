package web

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// bodyValue is a field of the request's form body (urlencoded or
// multipart), never of the query string: a token in a URL ends up in logs,
// histories and Referer headers.
func bodyValue(c *fiber.Ctx, name string) string {
	req := c.Request()
	if v := req.PostArgs().Peek(name); len(v) > 0 {
		return string(v)
	}
	if mf, err := req.MultipartForm(); err == nil && mf != nil && len(mf.Value[name]) > 0 {
		return mf.Value[name][0]
	}
	return ""
}

// maxNext is the longest target after signing in that is kept.
const maxNext = 2048

// safeNext is the target after signing in: a path of this site, as the URL
// parser reads it, with its query; anything else (a scheme, a host, "//",
// a backslash or a control character, also percent-encoded) is the home
// page.
func safeNext(next string) string {
	if next == "" || len(next) > maxNext || strings.ContainsAny(next, "\\") || hasControl(next) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	p := u.Path
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\") || hasControl(p) {
		return "/"
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// hasControl reports whether s holds an ASCII control character or DEL.
func hasControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0
}
