package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"explorer/tools/internal/load"
)

const (
	pbSuperuser = "bench-admin@example.com"
	pbUser      = "bench-user@example.com"
)

// pocketBase is a running pbapp serve.
type pocketBase struct {
	cmd  *exec.Cmd
	base string
	dir  string
	logs *os.File
}

// startPocketBase starts the PocketBase application on a fresh directory,
// makes the collection "models" and a user owning one record holding m's
// groups, and answers the side reading and writing that record as the
// user (see the package's comment).
func startPocketBase(c config, m load.Model) (*side, error) {
	pb, err := servePocketBase(c.pocketbase)
	if err != nil {
		return nil, err
	}
	s := newSide("PocketBase", pb.cmd.Process.Pid, c.clients)
	s.stop = pb.stop
	if err := s.idle(); err != nil {
		pb.stop()
		return nil, err
	}
	s.rssFresh = s.rssNow
	url, token, err := pb.setUp(m)
	if err != nil {
		pb.stop()
		return nil, err
	}
	shared := newShared(m)
	s.get = func() (*http.Request, error) {
		req, err := http.NewRequest("GET", url, nil)
		if err == nil {
			req.Header.Set("Authorization", token)
		}
		return req, err
	}
	s.write = func(i int) (*http.Request, error) {
		b, err := shared.changed(i, func(m load.Model) any { return map[string]any{"groups": m.Groups} })
		if err != nil {
			return nil, err
		}
		// ?fields=id: PocketBase answers the id only, as explorer's PUT
		// answers 204, not the whole record back.
		req, err := http.NewRequest("PATCH", url+"?fields=id", bytes.NewReader(b))
		if err == nil {
			req.Header.Set("Authorization", token)
			req.Header.Set("Content-Type", "application/json")
		}
		return req, err
	}
	if fi, err := os.Stat(c.pocketbase); err == nil {
		s.binSize = fi.Size()
	}
	return s, nil
}

// servePocketBase makes a superuser in a fresh directory with bin's
// command, then starts bin serve on a free loopback port and waits until
// /api/health answers 200.
func servePocketBase(bin string) (*pocketBase, error) {
	dir, err := os.MkdirTemp("", "pbside-pocketbase-")
	if err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "pb_data")
	if out, err := exec.Command(bin, "superuser", "upsert", pbSuperuser, password, "--dir", data).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("superuser upsert: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	logs, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--http", addr, "--dir", data)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		logs.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	pb := &pocketBase{cmd: cmd, base: "http://" + addr, dir: dir, logs: logs}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(pb.base + "/api/health"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return pb, nil
			}
		}
	}
	pb.stop()
	return nil, errors.New("PocketBase did not answer /api/health")
}

// stop ends PocketBase (SIGTERM, SIGKILL after 30 s) and removes its
// directory.
func (pb *pocketBase) stop() {
	_ = pb.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = pb.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = pb.cmd.Process.Kill()
		<-done
	}
	pb.logs.Close()
	os.RemoveAll(pb.dir)
}

// setUp turns the request log off (explorer is served at --log-level
// warn: no line a request), makes the collection "models" (owner, title,
// groups as JSON; read and written by its owner only), a user and its
// record holding m's groups, and answers the record's URL and the user's
// token.
func (pb *pocketBase) setUp(m load.Model) (url, token string, err error) {
	var auth struct {
		Token string `json:"token"`
	}
	login := map[string]string{"identity": pbSuperuser, "password": password}
	if err := pb.call("POST", "/api/collections/_superusers/auth-with-password", "", login, &auth); err != nil {
		return "", "", err
	}
	su := auth.Token
	if err := pb.call("PATCH", "/api/settings", su, map[string]any{"logs": map[string]any{"maxDays": 0}}, nil); err != nil {
		return "", "", err
	}
	var users struct {
		ID string `json:"id"`
	}
	if err := pb.call("GET", "/api/collections/users", su, nil, &users); err != nil {
		return "", "", err
	}
	const owner = "owner = @request.auth.id"
	collection := map[string]any{
		"name": "models", "type": "base",
		"listRule": owner, "viewRule": owner, "updateRule": owner, "deleteRule": owner,
		"fields": []map[string]any{
			{"name": "owner", "type": "relation", "collectionId": users.ID, "maxSelect": 1, "required": true},
			{"name": "title", "type": "text", "required": true},
			{"name": "groups", "type": "json", "maxSize": 1 << 22},
		},
	}
	if err := pb.call("POST", "/api/collections", su, collection, nil); err != nil {
		return "", "", err
	}
	var user, record struct {
		ID string `json:"id"`
	}
	newUser := map[string]any{"email": pbUser, "password": password, "passwordConfirm": password}
	if err := pb.call("POST", "/api/collections/users/records", su, newUser, &user); err != nil {
		return "", "", err
	}
	login = map[string]string{"identity": pbUser, "password": password}
	if err := pb.call("POST", "/api/collections/users/auth-with-password", "", login, &auth); err != nil {
		return "", "", err
	}
	rec := map[string]any{"owner": user.ID, "title": "Bench", "groups": m.Groups}
	if err := pb.call("POST", "/api/collections/models/records", su, rec, &record); err != nil {
		return "", "", err
	}
	return pb.base + "/api/collections/models/records/" + record.ID, auth.Token, nil
}

// call sends a JSON request to PocketBase with token (when not empty)
// and decodes its answer into out (when not nil).
func (pb *pocketBase) call(method, path, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, pb.base+path, rd)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("%s %s: %d %.300s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}
