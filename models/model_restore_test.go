package models_test

import (
	"errors"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestUpdateBasedOnAStaleVersion: an update based on a version that is no
// longer current is refused with ECONFLICT naming the current version and
// changes nothing; based on the current one it goes through.
func TestUpdateBasedOnAStaleVersion(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda")}})
	if err != nil {
		t.Fatal(err)
	}
	groups := func(terms ...string) *[]explorer.Group {
		return &[]explorer.Group{{ID: 1, Title: "Soda", Topics: []explorer.Topic{{ID: 1, Title: "Soda", Terms: terms}}}}
	}
	if _, err := e.Svc.UpdateModel(e.As("ann"), m.ID, models.ModelInput{Groups: groups("soda", "shake"), BasedOn: []models.VersionTag{{Version: 1}}}); err != nil {
		t.Fatal(err)
	}
	title := "Stale"
	_, err = e.Svc.UpdateModel(e.As("ann"), m.ID, models.ModelInput{Title: &title, Groups: groups("soda", "milk"), BasedOn: []models.VersionTag{{Version: 1}}})
	var stale *models.StaleModelError
	if explorer.ErrorCode(err) != explorer.ECONFLICT || !errors.As(err, &stale) || stale.Current != 2 || stale.ModelID != m.ID {
		t.Fatalf("stale update: %v", err)
	}
	cur, err := e.Svc.Model(e.As("ann"), m.ID)
	if err != nil || cur.Version != 2 || cur.Title != nil {
		t.Fatalf("after a stale update: %+v %v", cur, err)
	}
	d, err := e.Svc.ModelDiff(e.As("ann"), m.ID, 1, 2)
	if err != nil || len(d.Groups) != 1 || len(d.Groups[0].Topics) != 1 || d.Groups[0].Topics[0].TermsAdded[0] != "shake" {
		t.Fatalf("diff %+v %v", d, err)
	}
	if _, err := e.Svc.ModelDiff(e.As("ann"), m.ID, 1, 3); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("diff with a missing version: %v", err)
	}
}
