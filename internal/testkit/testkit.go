// Package testkit wires a complete server on a temporary SQLite database for
// tests: store, service with a manual clock and cheap password hashing, and
// the Fiber app with the JSON interface and the pages.
package testkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/api"
	"explorer/audit"
	"explorer/backups"
	"explorer/domains"
	"explorer/identity"
	"explorer/internal/server"
	"explorer/models"
	"explorer/notifications"
	"explorer/poles"
	"explorer/projects"
	"explorer/store"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/crypto/bcrypt"
)

// Password is the password of every user a test creates with AddUser.
const Password = "password-1"

// Env is a wired server for one test.
type Env struct {
	T  testing.TB
	DB *store.DB
	// Svc calls every domain's operations (Services).
	Svc *Services
	// Services are the domain services as the edges take them.
	Services *domains.Services
	Clock    *explorer.ManualClock
	App      *fiber.App
	Hasher   *CountingHasher
	Options  explorer.Options
	// logs watches the log for credentials (logwatch.go).
	logs *logWatch
}

// Services holds the Service of every domain with their operations
// promoted, so that a test calls any operation on e.Svc as it did when
// one Service held them all (no two domains name an operation alike);
// Core is the root Service itself.
type Services struct {
	*Core
	*projectsService
	*polesService
	*modelsService
	*identityService
	*notificationsService
	*accountsService
	*auditService
	*backupsService
}

// Core is the root Service, the kernel and the domains still in it.
type Core = explorer.Service

type projectsService = projects.Service

type polesService = poles.Service

type modelsService = models.Service

type identityService = identity.Service
type notificationsService = notifications.Service
type accountsService = accounts.Service
type auditService = audit.Service

type backupsService = backups.Service

// CountingHasher is a bcrypt hasher at the minimum cost that counts its work.
type CountingHasher struct {
	explorer.BcryptHasher
	hashes, compares atomic.Int64
}

// Hash hashes and counts.
func (h *CountingHasher) Hash(pw string) (string, error) {
	h.hashes.Add(1)
	return h.BcryptHasher.Hash(pw)
}

// Compare compares and counts.
func (h *CountingHasher) Compare(hash, pw string) error {
	h.compares.Add(1)
	return h.BcryptHasher.Compare(hash, pw)
}

// Compares returns how many password hashes were computed to verify.
func (h *CountingHasher) Compares() int64 { return h.compares.Load() }

// Start is the manual clock's first time.
var Start = time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)

// New returns an Env; opts may change the service options (its Clock,
// Hasher and Logger are set unless given). Everything the service and
// server log is also kept, and the test fails at its end when a
// credential it used is in the log (logwatch.go).
func New(t testing.TB, opts ...func(*explorer.Options)) *Env {
	t.Helper()
	db := OpenDB(t)
	clock := explorer.NewManualClock(Start)
	hasher := &CountingHasher{BcryptHasher: explorer.BcryptHasher{Cost: bcrypt.MinCost}}
	watch := newLogWatch()
	capture := watch.handler()
	// Credits are tracked, not enforced, unless a test asks
	// (EnforceCredits): most tests import more rows than a trial's
	// credits pay and are about something else.
	o := explorer.Options{Clock: clock, Hasher: hasher, Detector: StopWordDetector, Logger: slog.New(capture),
		Billing: explorer.BillingOptions{TrackOnly: true}}
	for _, f := range opts {
		f(&o)
	}
	if o.Logger.Handler() != capture {
		o.Logger = slog.New(slog.NewMultiHandler(o.Logger.Handler(), capture))
	}
	t.Cleanup(func() { watch.check(t) })
	svcs := domains.New(db, o)
	app, err := server.New(svcs, server.Config{Logger: o.Logger})
	if err != nil {
		t.Fatalf("server: %v", err)
	}
	return &Env{T: t, DB: db, Svc: &Services{Core: svcs.Core, projectsService: svcs.Projects, polesService: svcs.Poles, modelsService: svcs.Models, identityService: svcs.Identity, notificationsService: svcs.Notifications, accountsService: svcs.Accounts, auditService: svcs.Audit, backupsService: svcs.Backups}, Services: svcs, Clock: clock, App: app, Hasher: hasher, Options: o, logs: watch}
}

// EnforceCredits is an option of New: imports the paying account cannot
// pay are refused (the server's default).
func EnforceCredits(o *explorer.Options) { o.Billing.TrackOnly = false }

// AddUser creates a user with Password and the given role ("" is user).
func (e *Env) AddUser(name, role string) *explorer.User {
	e.T.Helper()
	u, err := e.Svc.AddUser(context.Background(), identity.NewUser{Username: name, Password: Password, Role: role})
	if err != nil {
		e.T.Fatalf("add user %s: %v", name, err)
	}
	return u
}

// As returns a context in which name is the authenticated user.
func (e *Env) As(name string) context.Context {
	e.T.Helper()
	u, err := e.Svc.FindUser(context.Background(), name)
	if err != nil {
		e.T.Fatalf("find user %s: %v", name, err)
	}
	return explorer.WithUser(context.Background(), u)
}

// Response is an answer read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v and fails the test when it cannot.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Problem decodes a problem+json body.
func (r *Response) Problem(t testing.TB) api.Problem {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, want application/problem+json; body %s", ct, r.Body)
	}
	var p api.Problem
	r.JSON(t, &p)
	return p
}

// Request is a request to send with Do.
type Request struct {
	Method string
	Path   string
	// User signs the request in with Basic auth and Password ("" = none).
	User        string
	Body        any // []byte, string or a value encoded as JSON
	ContentType string
	Header      map[string]string
}

// Do sends a request through the app and reads the answer.
func (e *Env) Do(r Request) *Response {
	e.T.Helper()
	var body []byte
	switch b := r.Body.(type) {
	case nil:
	case []byte:
		body = b
	case string:
		body = []byte(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.T.Fatalf("encode body: %v", err)
		}
		body = j
		if r.ContentType == "" {
			r.ContentType = "application/json"
		}
	}
	req := httptest.NewRequest(r.Method, r.Path, bytes.NewReader(body))
	if r.ContentType != "" {
		req.Header.Set("Content-Type", r.ContentType)
	}
	if r.User != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(r.User+":"+Password)))
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	e.logs.request(req, body)
	resp, err := e.App.Test(req, -1)
	if err != nil {
		e.T.Fatalf("%s %s: %v", r.Method, r.Path, err)
	}
	e.logs.response(resp.Header)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

// Expect fails the test unless the answer has status want.
func (r *Response) Expect(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body %s", r.Status, want, r.Body)
	}
	return r
}

// Serve starts the app on a loopback port and returns its base URL; the
// server stops when the test ends.
func (e *Env) Serve() string {
	e.T.Helper()
	ln, err := server.Listen("127.0.0.1:0", server.ListenConfig{})
	if err != nil {
		e.T.Fatal(err)
	}
	go func() { _ = e.App.Listener(ln) }()
	e.T.Cleanup(func() { _ = e.App.ShutdownWithTimeout(5 * time.Second) })
	return "http://" + ln.Addr().String()
}

// SendDue sends the due mails of svc's outbox and answers how many went.
func SendDue(t testing.TB, svc *notifications.Service) int {
	t.Helper()
	n, err := svc.SendDueMail(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}
