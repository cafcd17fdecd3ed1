package server_test

import (
	"encoding/base64"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"
)

// The credentials the hostile requests below carry.
var (
	basicCred   = base64.StdEncoding.EncodeToString([]byte("ann:" + testkit.Password))
	cookieValue = "s3ss10n-c00k1e-value-0123456789"
	csrfValue   = "csrf-t0ken-value-0123456789"
	bearerValue = "bearer-t0ken-value-0123456789"
)

// hostileRequests are malformed or cut-off requests carrying credentials:
// fasthttp's parse errors quote such bytes.
func hostileRequests() map[string]string {
	creds := "Authorization: Basic " + basicCred + "\r\nCookie: explorer_session=" + cookieValue + "; _csrf=" + csrfValue + "\r\n"
	return map[string]string{
		"control character in a header value": "GET /v1/models HTTP/1.1\r\nHost: x\r\n" + creds + "X-Bad: a\x01b\r\n\r\n",
		"control character in Authorization":  "GET /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Basic " + basicCred + "\x7f\r\nCookie: explorer_session=" + cookieValue + "\r\n\r\n",
		"space in a header name":              "GET /v1/models HTTP/1.1\r\nHost: x\r\n" + creds + "Bad Name: x\r\n\r\n",
		"bad request line":                    "GET /v1/models?_csrf=" + csrfValue + " HTTP/9.9\r\nAuthorization: Bearer " + bearerValue + "\r\n" + creds + "\r\n",
		"no method":                           " /x HTTP/1.1\r\n" + creds + "\r\n",
		"bad Content-Length":                  "POST /v1/poles HTTP/1.1\r\nHost: x\r\n" + creds + "Content-Length: 1x\r\n\r\n",
		"cut off in the headers":              "GET /v1/models HTTP/1.1\r\nHost: x\r\n" + creds + "X-Cut: aaaa",
		"headers too large":                   "GET /v1/models HTTP/1.1\r\nHost: x\r\n" + creds + "X-Long: " + strings.Repeat("a", 20<<10) + "\r\n\r\n",
		"bad chunked body":                    "POST /v1/poles HTTP/1.1\r\nHost: x\r\n" + creds + "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n",
	}
}

// send writes raw bytes to addr, closes the writing side and reads the
// answer until the server closes.
func send(t *testing.T, addr, raw string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	_ = c.(*net.TCPConn).CloseWrite()
	b, _ := io.ReadAll(c)
	return string(b)
}

// Malformed and cut-off requests carrying Basic credentials, a session
// cookie, a CSRF token and a Bearer token, sent to a real listener, leave
// a structured line in the log (text and JSON) and no credential.
func TestMalformedRequestsLogNoCredential(t *testing.T) {
	e, lb := withLog(t) // JSON into lb; testkit keeps the text too
	e.AddUser("ann", "")
	for _, s := range []string{cookieValue, csrfValue, bearerValue, basicCred} {
		e.Secret(s)
	}
	addr := strings.TrimPrefix(e.Serve(), "http://")
	refused := 0
	for name, raw := range hostileRequests() {
		answer := send(t, addr, raw)
		if strings.Contains(answer, cookieValue) || strings.Contains(answer, basicCred) {
			t.Errorf("%s: the answer echoes a credential: %.300q", name, answer)
		}
		if strings.HasPrefix(answer, "HTTP/1.1 4") {
			refused++
		}
	}
	if refused < 6 {
		t.Fatalf("%d requests refused with 4xx, want at least 6", refused)
	}
	// The JSON log has the structured line, with a reason and no bytes.
	reasons := map[string]bool{}
	for _, l := range lb.lines(t) {
		if l["msg"] == "request refused before routing" {
			r, _ := l["reason"].(string)
			reasons[r] = true
			if _, ok := l["err"]; ok {
				t.Errorf("a refusal logged the parser's error: %v", l)
			}
		}
	}
	if len(reasons) < 3 {
		t.Fatalf("refusal reasons %v, want several", reasons)
	}
	text := e.Logs()
	if !strings.Contains(text, "request refused before routing") {
		t.Fatalf("no refusal in the text log:\n%s", text)
	}
	lb.mu.Lock()
	defer lb.mu.Unlock()
	for _, s := range []string{cookieValue, csrfValue, bearerValue, basicCred, testkit.Password} {
		if strings.Contains(lb.buf.String(), s) {
			t.Errorf("the JSON log holds a credential %q", s)
		}
	}
}

// Redact blanks credentials wherever an error quotes request text.
func TestRedact(t *testing.T) {
	cases := []struct{ in, want, secret string }{
		{`invalid header value "Authorization: Basic YW5uOnB3LTE="`, `Authorization: [REDACTED]`, "YW5uOnB3LTE"},
		{"cookie: explorer_session=abc123456789; other=1", "cookie: [REDACTED]", "abc123456789"},
		{`parse "GET /?_csrf=abcdef123456&x=1"`, "_csrf=[REDACTED]&x=1", "abcdef123456"},
		{"token Bearer abcdef0123456789 refused", "Bearer [REDACTED] refused", "abcdef0123456789"},
		{"X-CSRF-Token: 0123456789abcdef", "X-CSRF-Token: [REDACTED]", "0123456789abcdef"},
		{"password=hunter2hunter2&user=ann", "password=[REDACTED]&user=ann", "hunter2"},
		{"malformed Basic credentials", "malformed Basic credentials", ""},
		{"nothing to see", "nothing to see", ""},
	}
	for _, c := range cases {
		got := server.Redact(c.in)
		if !strings.Contains(got, c.want) || c.secret != "" && strings.Contains(got, c.secret) {
			t.Errorf("Redact(%q) = %q, want it to hold %q", c.in, got, c.want)
		}
	}
}

// A logger from Redacting blanks credentials in messages and in string,
// error and group attributes, in both formats.
func TestRedactingLogger(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var b strings.Builder
		var h slog.Handler = slog.NewTextHandler(&b, nil)
		if format == "json" {
			h = slog.NewJSONHandler(&b, nil)
		}
		l := server.Redacting(slog.New(h)).With("req", "Cookie: explorer_session="+cookieValue)
		l.Info("seen Authorization: Basic "+basicCred, "err", io.ErrUnexpectedEOF, "q", "_csrf="+csrfValue,
			slog.Group("g", "h", "Bearer "+bearerValue))
		l.Error("failed", "err", &net.OpError{Op: "read", Err: io.EOF, Net: "Cookie: a=" + cookieValue})
		for _, s := range []string{cookieValue, csrfValue, bearerValue, basicCred} {
			if strings.Contains(b.String(), s) {
				t.Errorf("%s: %q in %s", format, s, b.String())
			}
		}
		if strings.Count(b.String(), "[REDACTED]") < 5 {
			t.Errorf("%s: %s", format, b.String())
		}
	}
}
