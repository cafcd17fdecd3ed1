package models_test

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	explorer "explorer"
	"explorer/domains"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/store"
)

// writeCounter is a store that counts the saves of a model record, the
// reads of budget overrides and those of a model's sharing.
type writeCounter struct {
	*store.DB
	saves, overrides, sharing atomic.Int64
}

func (s *writeCounter) FindModelSharing(ctx context.Context, id int64) ([]models.ModelAccess, []models.ModelInvitation, error) {
	s.sharing.Add(1)
	return s.DB.FindModelSharing(ctx, id)
}

func (s *writeCounter) UpdateModel(ctx context.Context, m *models.ModelRecord) error {
	s.saves.Add(1)
	return s.DB.UpdateModel(ctx, m)
}

func (s *writeCounter) FindBudgetOverride(ctx context.Context, userID int64) (explorer.BudgetOverride, error) {
	s.overrides.Add(1)
	return s.DB.FindBudgetOverride(ctx, userID)
}

// expectCalls checks the saves and override reads counted since the last
// check.
func (s *writeCounter) expectCalls(t *testing.T, what string, saves, overrides int64) {
	t.Helper()
	if n, o := s.saves.Swap(0), s.overrides.Swap(0); n != saves || o != overrides {
		t.Fatalf("%s: %d saves of the model and %d reads of the budget override, want %d and %d", what, n, o, saves, overrides)
	}
}

// TestNewVersionSavesWithItAndReadsNoBudget: an update that changes a
// model's title and one term, and a restore, make their version without a
// store call of their own to save the model record (UpdateModel) or to
// read the storage budget (FindBudgetOverride): the version's update of
// the model row saves the record and its storage charge reads the
// override. What they save reads back through another service; a title
// alone is still saved; the override read by the charge still refuses a
// version past it.
func TestNewVersionSavesWithItAndReadsNoBudget(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("root", explorer.RoleAdmin)
	counter := &writeCounter{DB: e.DB}
	svc := domains.New(counter, e.Options).Models
	ctx := e.As("ann")
	m, err := svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a", "2|B|b")}})
	if err != nil {
		t.Fatal(err)
	}
	counter.expectCalls(t, "upload", 0, 1) // CheckOwned reads the model budget
	groups := slices.Clone(m.Groups)
	groups[0].Topics = slices.Clone(groups[0].Topics)
	groups[0].Topics[0].Terms = append(slices.Clone(groups[0].Topics[0].Terms), "zebra")
	title := "renamed"
	if _, err := svc.UpdateModel(ctx, m.ID, models.ModelInput{Title: &title, Groups: &groups}); err != nil {
		t.Fatal(err)
	}
	counter.expectCalls(t, "a new version with a title", 0, 0)
	got, err := e.Svc.Model(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 || got.Title == nil || *got.Title != title || !slices.Contains(got.Groups[0].Topics[0].Terms, "zebra") {
		t.Fatalf("after the update: version %d, title %v, groups %+v", got.Version, got.Title, got.Groups)
	}
	if _, created, err := svc.RestoreModelVersion(ctx, m.ID, 1); err != nil || !created {
		t.Fatalf("restore: %v, created %v", err, created)
	}
	counter.expectCalls(t, "a restore", 0, 0)
	if got, err = e.Svc.Model(ctx, m.ID); err != nil || got.Version != 3 || slices.Contains(got.Groups[0].Topics[0].Terms, "zebra") {
		t.Fatalf("after the restore: %+v, %v", got, err)
	}
	other := "other"
	if _, err := svc.UpdateModel(ctx, m.ID, models.ModelInput{Title: &other}); err != nil {
		t.Fatal(err)
	}
	counter.expectCalls(t, "a title alone", 1, 0)
	if got, err = e.Svc.Model(ctx, m.ID); err != nil || got.Version != 3 || *got.Title != other {
		t.Fatalf("after the title: %+v, %v", got, err)
	}
	use, err := e.Svc.Storage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SetUserBudgets(e.As("root"), "ann", explorer.BudgetOverride{Storage: &use.Used}); err != nil {
		t.Fatal(err)
	}
	_, err = svc.UpdateModel(ctx, m.ID, models.ModelInput{Groups: &groups})
	if explorer.ErrorCode(err) != explorer.ETOOLARGE {
		t.Fatalf("a version past the override: %v", err)
	}
	counter.expectCalls(t, "a refused version", 0, 0)
}

// TestModelAnswersReadSharingOncePerStamp: an instance's model answers
// read the model's sharing once per sharing stamp (a counting store);
// the changes another instance makes on the same database (an
// invitation, its acceptance, the access's user deleted) show in the
// next answer, each with one read.
func TestModelAnswersReadSharingOncePerStamp(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("root", explorer.RoleAdmin)
	counter := &writeCounter{DB: e.DB}
	svc := domains.New(counter, e.Options).Models
	ctx := e.As("ann")
	m, err := e.Svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	if err != nil {
		t.Fatal(err)
	}
	answer := func(what string, reads int64, accesses, invitations int) {
		t.Helper()
		for range 3 {
			got, err := svc.Model(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.UsersAccess) != accesses || len(got.Invitations) != invitations {
				t.Fatalf("%s: %d accesses and %d invitations, want %d and %d", what, len(got.UsersAccess), len(got.Invitations), accesses, invitations)
			}
		}
		if n := counter.sharing.Swap(0); n != reads {
			t.Fatalf("%s: 3 answers read the sharing %d times, want %d", what, n, reads)
		}
	}
	answer("not shared", 1, 0, 0)
	inv, err := e.Svc.ShareModel(ctx, m.ID, "bob", explorer.RightsReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	answer("invited", 1, 0, 1)
	if err := e.Svc.AcceptModelInvitation(e.As("bob"), inv.ID); err != nil {
		t.Fatal(err)
	}
	answer("accepted", 1, 1, 0)
	if err := e.Svc.DeleteUser(e.As("root"), "bob"); err != nil {
		t.Fatal(err)
	}
	answer("its user deleted", 1, 0, 0)
}

// modelReads is a store that counts the reads of a model's row.
type modelReads struct {
	*store.DB
	n atomic.Int64
}

func (s *modelReads) FindModel(ctx context.Context, id, userID int64) (*models.ModelRecord, error) {
	s.n.Add(1)
	return s.DB.FindModel(ctx, id, userID)
}

// TestNewestVersionsAfterAnEditReadNoModel: the editor's answer lists the
// newest versions from the model as the change left it (no read of the
// model's row), the same list NewestModelVersions reads.
func TestNewestVersionsAfterAnEditReadNoModel(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	reads := &modelReads{DB: e.DB}
	svc := domains.New(reads, e.Options).Models
	ctx := e.As("ann")
	m, err := svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda")}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := svc.EditModel(ctx, m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{"cola"}})
	if err != nil {
		t.Fatal(err)
	}
	reads.n.Store(0)
	after, err := svc.NewestVersionsAfter(ctx, res, 10)
	if err != nil || reads.n.Load() != 0 {
		t.Fatalf("%d reads of the model's row (%v)", reads.n.Load(), err)
	}
	read, err := svc.NewestModelVersions(ctx, m.ID, 10)
	if err != nil || reads.n.Load() != 1 {
		t.Fatalf("NewestModelVersions read the model %d times (%v)", reads.n.Load(), err)
	}
	if after.Current != 2 || read.Current != 2 || len(after.Lines) != 2 || !slices.EqualFunc(after.Lines, read.Lines, func(a, b models.VersionLine) bool {
		return a.Version == b.Version && a.Summary == b.Summary && a.Created.Equal(b.Created)
	}) {
		t.Fatalf("after the edit %+v, read %+v", after, read)
	}
}
