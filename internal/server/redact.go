package server

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
)

// No secret in any log: the edge never logs a request's bytes, and every
// record it logs passes through Redact, so that a credential quoted by an
// error (a parser's message, a wrapped error) is blanked all the same.

// redactions blank the values of credential headers (Authorization,
// Cookie, Set-Cookie, X-CSRF-Token, up to the end of the line), of Basic
// and Bearer credentials, and of _csrf, password and token fields.
var redactions = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?i)\b((?:proxy-)?authorization|(?:set-)?cookie|x-csrf-token)(\s*[:=]\s*)[^\r\n]*`), "${1}${2}[REDACTED]"},
	{regexp.MustCompile(`(?i)\b(_csrf|csrf|password|token|session)=[^&\s"'\\]*`), "${1}=[REDACTED]"},
}

// secretWords are what a text holding a credential contains (lower case):
// texts without any skip the expressions.
var secretWords = []string{"auth", "cookie", "csrf", "basic", "bearer", "password", "token", "session"}

// Redact blanks the credentials in s (see redactions).
func Redact(s string) string {
	if len(s) < 6 {
		return s
	}
	lower := strings.ToLower(s)
	found := false
	for _, w := range secretWords {
		if strings.Contains(lower, w) {
			found = true
			break
		}
	}
	if !found {
		return s
	}
	for _, r := range redactions {
		s = r.re.ReplaceAllString(s, r.with)
	}
	// Basic and Bearer credentials; a plain word after them is prose
	// ("malformed Basic credentials").
	return credential.ReplaceAllStringFunc(s, func(m string) string {
		sub := credential.FindStringSubmatch(m)
		if strings.Trim(sub[3], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return m
		}
		return sub[1] + sub[2] + "[REDACTED]"
	})
}

var credential = regexp.MustCompile(`(?i)\b(basic|bearer)(\s+)([A-Za-z0-9+/=._~-]{8,})`)

// Redacting returns a logger writing to l's handler through Redact: its
// message and every string, error or other value of its attributes.
func Redacting(l *slog.Logger) *slog.Logger {
	if _, ok := l.Handler().(redactingHandler); ok {
		return l
	}
	return slog.New(redactingHandler{l.Handler()})
}

type redactingHandler struct{ next slog.Handler }

func (h redactingHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h redactingHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h redactingHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	out := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		out[i] = redactAttr(a)
	}
	return redactingHandler{h.next.WithAttrs(out)}
}

func (h redactingHandler) WithGroup(name string) slog.Handler {
	return redactingHandler{h.next.WithGroup(name)}
}

// redactAttr redacts one attribute's value; an error or other value whose
// text holds a credential is logged as its redacted text.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Redact(v.String()))
	case slog.KindGroup:
		group := v.Group()
		out := make([]slog.Attr, len(group))
		for i, g := range group {
			out[i] = redactAttr(g)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	case slog.KindAny:
		var s string
		switch x := v.Any().(type) {
		case error:
			s = x.Error()
		case []byte:
			s = string(x)
		default:
			s = fmt.Sprintf("%+v", x)
		}
		if r := Redact(s); r != s {
			return slog.String(a.Key, r)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
