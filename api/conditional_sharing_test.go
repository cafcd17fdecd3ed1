package api_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	explorer "explorer"
	"explorer/domains"
	"explorer/identity"
	"explorer/internal/server"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/store"

	"golang.org/x/crypto/bcrypt"
)

// sharingCounter is a store that counts the reads of a model's sharing.
type sharingCounter struct {
	*store.DB
	reads atomic.Int64
}

func (s *sharingCounter) FindModelSharing(ctx context.Context, id int64) ([]models.ModelAccess, []models.ModelInvitation, error) {
	s.reads.Add(1)
	return s.DB.FindModelSharing(ctx, id)
}

// instance is one server over a database that another shares.
type instance struct {
	svc    *explorer.Service
	models *models.Service
	ids    *identity.Service
	store  *sharingCounter
	do     func(method, path, user, inm string) (int, string, string)
}

func newInstance(t *testing.T, db *store.DB) *instance {
	o := explorer.Options{Clock: explorer.NewManualClock(testkit.Start), Hasher: explorer.BcryptHasher{Cost: bcrypt.MinCost},
		Detector: testkit.StopWordDetector, Billing: explorer.BillingOptions{TrackOnly: true}, Logger: slog.New(slog.DiscardHandler)}
	in := &instance{store: &sharingCounter{DB: db}}
	services := domains.New(in.store, o)
	in.svc, in.models, in.ids = services.Core, services.Models, services.Identity
	app, err := server.New(services, server.Config{Logger: o.Logger})
	if err != nil {
		t.Fatal(err)
	}
	in.do = func(method, path, user, inm string) (int, string, string) {
		t.Helper()
		req := httptest.NewRequest(method, path, nil)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(user+":"+testkit.Password)))
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		resp, err := app.Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("ETag"), string(body)
	}
	return in
}

// TestModelTagFollowsSharingAcrossInstances: two instances over one
// database. A conditional GET of a model is answered 304 from the
// model's row, without reading its sharing; every change of its accesses
// and invitations made on the other instance (an invitation, its
// acceptance, an access removed, a user deleted with its invitation)
// changes its tag there, and the 304's tag is the full answer's.
func TestModelTagFollowsSharingAcrossInstances(t *testing.T) {
	dbA, dbB := testkit.OpenSharedDBs(t)
	a, b := newInstance(t, dbA), newInstance(t, dbB)
	for _, name := range []string{"ann", "bob", "cyd"} {
		if _, err := a.ids.AddUser(context.Background(), identity.NewUser{Username: name, Password: testkit.Password}); err != nil {
			t.Fatal(err)
		}
	}
	as := func(in *instance, name string) context.Context {
		u, err := in.svc.FindUser(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		return explorer.WithUser(context.Background(), u)
	}
	m, err := a.models.UploadModel(as(a, "ann"), models.UploadModelInput{Title: new("Shared"),
		File: testkit.CSVFile([]byte("Index,Label,Terms\n1,Food,\"burger, fries\"\n"))})
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	status, tag, _ := a.do("GET", path, "ann", "")
	if status != 200 || tag == "" {
		t.Fatalf("GET: %d %q", status, tag)
	}
	// unchanged checks a 304 on a with tag, made without a sharing read.
	unchanged := func(what string) {
		t.Helper()
		before := a.store.reads.Load()
		if status, got, body := a.do("GET", path, "ann", tag); status != 304 || got != tag || body != "" {
			t.Fatalf("%s: %d %q (want 304 %q)", what, status, got, tag)
		}
		if n := a.store.reads.Load() - before; n != 0 {
			t.Fatalf("%s: the 304 read the model's sharing %d times", what, n)
		}
	}
	// changed checks that a's answer to tag is a full one with a new tag,
	// holding want, and takes its tag.
	changed := func(what, want string) {
		t.Helper()
		status, got, body := a.do("GET", path, "ann", tag)
		if status != 200 || got == tag || !strings.Contains(body, want) {
			t.Fatalf("after %s: %d %q (was %q), body %.300s", what, status, got, tag, body)
		}
		tag = got
		unchanged("after " + what)
	}
	unchanged("at first")
	inv, err := b.models.ShareModel(as(b, "ann"), m.ID, "bob", explorer.RightsRead)
	if err != nil {
		t.Fatal(err)
	}
	changed("an invitation", `"recipient":{"userId":"bob"}`)
	if err := b.models.AcceptModelInvitation(as(b, "bob"), inv.ID); err != nil {
		t.Fatal(err)
	}
	changed("its acceptance", `"usersAccess":[{`)
	got, err := b.models.Model(as(b, "ann"), m.ID)
	if err != nil || len(got.UsersAccess) != 1 {
		t.Fatalf("accesses: %v", err)
	}
	if err := b.models.RemoveModelAccess(as(b, "ann"), m.ID, got.UsersAccess[0].ID); err != nil {
		t.Fatal(err)
	}
	changed("an access removed", `"usersAccess":[]`)
	if _, err := b.models.ShareModel(as(b, "ann"), m.ID, "cyd", explorer.RightsReadWrite); err != nil {
		t.Fatal(err)
	}
	changed("a second invitation", `"recipient":{"userId":"cyd"}`)
	if err := b.store.DeleteUser(context.Background(), mustUser(t, b, "cyd").ID); err != nil {
		t.Fatal(err)
	}
	changed("its recipient deleted", `"invitations":[]`)
	// A title changed on b: the tag follows too.
	if _, err := b.models.UpdateModel(as(b, "ann"), m.ID, models.ModelInput{Title: new("Renamed")}); err != nil {
		t.Fatal(err)
	}
	changed("a new title", `"title":"Renamed"`)
	// A caller who may not read it is refused whatever it sends.
	if status, _, _ := a.do("GET", path, "bob", tag); status != http.StatusNotFound {
		t.Fatalf("bob's conditional GET: %d", status)
	}
}

func mustUser(t *testing.T, in *instance, name string) *explorer.User {
	t.Helper()
	u, err := in.svc.FindUser(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
