package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"explorer/internal/client"
	"explorer/internal/smtptest"
	"explorer/tools/internal/load"
)

// secretAttacks are those of issue 18's items 4 and 8, each on a server of
// its own: credentials in unreadable requests (are they in the log?) and a
// share/revoke loop (how many mails reach its one recipient?).
func secretAttacks() []attack {
	return []attack{
		{"malformed/cut-off requests with Authorization+cookie", (*runner).secretsInLog},
		{"share/revoke loop, 264 times, to one recipient", (*runner).shareRevokeLoop},
	}
}

const ownAdminPW = "attack-admin-password"

// secretsInLog starts a server logging at debug level, in text then JSON,
// signs admin in, sends requests the server cannot read that carry admin's
// Basic credentials, session cookie and CSRF token, and greps the
// server's whole output for them.
func (r *runner) secretsInLog() (*http.Response, error) {
	found, refused, lines, status := 0, 0, 0, 0
	for _, format := range []string{"text", "json"} {
		srv, err := load.StartServer(r.bin, "", ownAdminPW, "--log-level", "debug", "--log-format", format)
		if err != nil {
			return nil, err
		}
		secrets, err := signedInSecrets(srv.Base)
		if err != nil {
			srv.Stop()
			return nil, err
		}
		addr := strings.TrimPrefix(srv.Base, "http://")
		for _, raw := range unreadable(secrets[1], secrets[2], secrets[3]) {
			st := sendRaw(addr, raw)
			if st >= 400 {
				refused++
			}
			status = max(status, st)
		}
		time.Sleep(300 * time.Millisecond)
		logs, err := srv.Logs()
		srv.Stop()
		if err != nil {
			return nil, err
		}
		lines += bytes.Count(logs, []byte("\n"))
		for _, s := range secrets {
			if bytes.Contains(logs, []byte(s)) {
				found++
			}
		}
	}
	verdict := "no"
	if found > 0 {
		verdict = fmt.Sprintf("YES, %d times", found)
	}
	return noteAnswer(status, fmt.Sprintf("secret in log: %s (%d of 10 answered 4xx; %d lines, text+json)", verdict, refused, lines)), nil
}

// signedInSecrets signs admin in and returns its password, Basic
// credentials, session cookie and CSRF token.
func signedInSecrets(base string) ([]string, error) {
	admin := client.NewClient(base, "admin", ownAdminPW, nil)
	if err := admin.SignIn(); err != nil {
		return nil, err
	}
	u, _ := url.Parse(base + "/")
	session := ""
	for _, ck := range admin.HC.Jar.Cookies(u) {
		if ck.Name == "explorer_session" {
			session = ck.Value
		}
	}
	if session == "" || admin.CSRF() == "" {
		return nil, fmt.Errorf("no session cookie or CSRF token after signing in")
	}
	basic := base64.StdEncoding.EncodeToString([]byte("admin:" + ownAdminPW))
	return []string{ownAdminPW, basic, session, admin.CSRF()}, nil
}

// unreadable are five requests the server refuses before routing (a
// control character in Authorization, headers cut off, a bad request
// line, headers too large, a bad chunked body), each carrying the
// credentials.
func unreadable(basic, session, csrf string) []string {
	creds := "Authorization: Basic " + basic + "\r\nCookie: explorer_session=" + session + "; _csrf=" + csrf + "\r\nX-CSRF-Token: " + csrf + "\r\n"
	return []string{
		"GET /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Basic " + basic + "\x7f\r\nCookie: explorer_session=" + session + "\r\n\r\n",
		"GET /v1/models HTTP/1.1\r\nHost: x\r\n" + creds + "X-Cut: aaaa",
		"GET /account?_csrf=" + csrf + " HTTP/9.9\r\n" + creds + "\r\n",
		"GET /account HTTP/1.1\r\nHost: x\r\n" + creds + "X-Long: " + strings.Repeat("a", 20<<10) + "\r\n\r\n",
		"POST /logout HTTP/1.1\r\nHost: x\r\n" + creds + "Transfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\n_csrf=" + csrf,
	}
}

// sendRaw writes raw to addr, closes the writing side and returns the
// answer's status (0 when there is none).
func sendRaw(addr, raw string) int {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return 0
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	_, _ = io.WriteString(c, raw)
	_ = c.(*net.TCPConn).CloseWrite()
	b, _ := io.ReadAll(io.LimitReader(c, 1<<20))
	fields := strings.Fields(string(b))
	if len(fields) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(fields[1])
	return n
}

// noteAnswer is the answer an attack reports for a scenario of its own.
func noteAnswer(status int, note string) *http.Response {
	h := http.Header{}
	h.Set(noteHeader, note)
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(""))}
}

// shareRevokeLoop starts a server that mails through an SMTP server of the
// tool's own, and has one user share a model with another and revoke the
// invitation 264 times (at most 30 s), then counts the mails the
// recipient got once the sender had time to send.
func (r *runner) shareRevokeLoop() (*http.Response, error) {
	mail, err := smtptest.Listen()
	if err != nil {
		return nil, err
	}
	defer mail.Close()
	srv, err := load.StartServer(r.bin, "", ownAdminPW, "--smtp", "smtp://"+mail.Addr+"?from=explorer@example.com&tls=none")
	if err != nil {
		return nil, err
	}
	defer srv.Stop()
	const victim = "victim@example.com"
	sharer, model, err := sharerOf(srv.Base, victim)
	if err != nil {
		return nil, err
	}
	start, n, status := time.Now(), 0, 0
	for ; n < 264 && time.Since(start) < 30*time.Second; n++ {
		code, b, err := sharer.Call("POST", fmt.Sprintf("/v1/models/%d/share?userId=%s", model, url.QueryEscape(victim)), nil)
		if err != nil || code != http.StatusCreated {
			return nil, fmt.Errorf("share %d: %d %v %.200s", n, code, err, b)
		}
		inv, err := client.ID(b)
		if err != nil {
			return nil, err
		}
		if status, _, err = sharer.Call("DELETE", fmt.Sprintf("/v1/models/%d/invitations/%d", model, inv), nil); err != nil {
			return nil, err
		}
	}
	loop := time.Since(start)
	time.Sleep(7 * time.Second) // the sender's round is 5 s
	got := 0
	for _, m := range mail.Messages() {
		if len(m.To) == 1 && m.To[0] == victim {
			got++
		}
	}
	return noteAnswer(status, fmt.Sprintf("%d share+revoke in %.1f s: %d mails to the recipient (budget 10 an hour)", n, loop.Seconds(), got)), nil
}

// sharerOf makes the users sharer and the recipient (its name an
// address) and a model of sharer's; it returns sharer's client and the
// model's id.
func sharerOf(base, recipient string) (*client.Client, int64, error) {
	admin := client.NewClient(base, "admin", ownAdminPW, nil)
	if err := admin.SignIn(); err != nil {
		return nil, 0, err
	}
	for _, name := range []string{"sharer", recipient} {
		if code, err := admin.PostForm("/users", url.Values{"username": {name}, "password": {"attack-password-1"}}); err != nil || code != 200 {
			return nil, 0, fmt.Errorf("adding %s: %d %v", name, code, err)
		}
	}
	sharer := client.NewClient(base, "sharer", "attack-password-1", nil)
	code, b, err := sharer.UploadModel("shared", []byte("Index,Label,Terms\n1,Food,burger\n"))
	if err != nil || code != http.StatusCreated {
		return nil, 0, fmt.Errorf("model upload: %d %v %.200s", code, err, b)
	}
	id, err := client.ID(b)
	return sharer, id, err
}
