package models_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/domains"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/store"
)

// newestCounter counts the reads of a model's newest versions.
type newestCounter struct {
	*store.DB
	reads atomic.Int64
}

func (s *newestCounter) FindNewestModelVersions(ctx context.Context, id int64, upTo, n int) ([]models.ModelVersion, error) {
	s.reads.Add(1)
	return s.DB.FindNewestModelVersions(ctx, id, upTo, n)
}

// TestNewestVersionsFollowTheEditor: after the page listed a model's
// newest versions, the editor's changes (an amendment, a new version)
// answer their list without a read, and it is what the store lists; a
// change made through another instance, a sharing change and time make
// the next list read again.
func TestNewestVersionsFollowTheEditor(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	counter := &newestCounter{DB: e.DB}
	svc := domains.New(counter, e.Options).Models
	other := e.Services.Models // another instance on the same database
	ctx := e.As("ann")
	m, err := svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a", "2|B|b")}})
	if err != nil {
		t.Fatal(err)
	}
	list := func(want int64, what string) *models.NewestVersions {
		t.Helper()
		counter.reads.Store(0)
		got, err := svc.NewestModelVersions(ctx, m.ID, 5)
		if err != nil {
			t.Fatal(err)
		}
		if n := counter.reads.Load(); n != want {
			t.Fatalf("%s: %d reads of the newest versions, want %d", what, n, want)
		}
		return got
	}
	same := func(got *models.NewestVersions, what string) {
		t.Helper()
		m2, err := e.DB.FindModel(context.Background(), m.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		stored, err := e.DB.FindNewestModelVersions(context.Background(), m.ID, m2.Version, 5)
		if err != nil {
			t.Fatal(err)
		}
		lines := make([]models.ModelVersion, len(got.Lines))
		for i, l := range got.Lines {
			lines[i] = l.ModelVersion
		}
		if !reflect.DeepEqual(lines, stored) {
			t.Fatalf("%s: listed %+v, the store %+v", what, lines, stored)
		}
	}
	list(1, "the page")
	edit := func(term string) *models.EditResult {
		t.Helper()
		e.Clock.Advance(1500 * time.Microsecond)
		r, err := svc.EditModel(ctx, m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{term}})
		if err != nil {
			t.Fatal(err)
		}
		counter.reads.Store(0)
		after, err := svc.NewestVersionsAfter(ctx, r, 5)
		if err != nil || counter.reads.Load() != 0 {
			t.Fatalf("after %q: %d reads, %v", term, counter.reads.Load(), err)
		}
		same(after, "after "+term)
		return r
	}
	if r := edit("x"); r.Amended {
		t.Fatal("the upload's version was amended")
	}
	if r := edit("y"); !r.Amended {
		t.Fatal("the burst's second change made a version")
	}
	same(list(0, "the page again"), "the page again")
	if _, err := other.EditModel(e.As("ann"), m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{"z"}}); err != nil {
		t.Fatal(err)
	}
	same(list(1, "after another instance's change"), "after another instance's change")
	if _, err := svc.ShareModel(ctx, m.ID, "bob", explorer.RightsRead); err != nil {
		t.Fatal(err)
	}
	list(1, "after a sharing change")
	list(0, "unchanged")
	e.Clock.Advance(2 * time.Minute)
	list(1, "a while later")
}
