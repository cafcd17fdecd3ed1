package models_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// editModel makes one editor change and fails the test on an error.
func editModel(t *testing.T, e *testkit.Env, user string, id int64, base models.VersionTag, ed models.ModelEdit) *models.EditResult {
	t.Helper()
	res, err := e.Svc.EditModel(e.As(user), id, base, ed)
	if err != nil {
		t.Fatalf("%s: %v", user, err)
	}
	return res
}

func termsOf(m *models.Model) string {
	var out []string
	for _, g := range m.Groups {
		for _, tp := range g.Topics {
			out = append(out, tp.Title+"="+strings.Join(tp.Terms, "+"))
		}
	}
	return strings.Join(out, " ")
}

// TestEditModelAmendsAndMerges: a burst of one person's editor changes is
// one version (amended revisions) until AmendWindow passes or someone else
// saves; a change made on an older version is merged when its topic did
// not change since, refused otherwise (also against an amended base); a
// v1 update's If-Match sees amendments; the summaries say what changed.
func TestEditModelAmendsAndMerges(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda", "2|Tea|tea")}})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", explorer.RightsReadWrite)
	if err == nil {
		err = e.Svc.AcceptModelInvitation(e.As("bob"), inv.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	add := func(topic int64, term string) models.ModelEdit {
		return models.ModelEdit{Kind: models.EditAddTerms, Topic: topic, Terms: []string{term}}
	}
	// Version 1 (the upload) is never amended: ann's first change is 2,
	// her next ones amend it.
	r := editModel(t, e, "ann", m.ID, models.VersionTag{Version: 1}, add(1, "cola"))
	if r.Amended || r.Model.Tag() != (models.VersionTag{Version: 2}) || r.Topic != 1 {
		t.Fatalf("first change: %+v", r)
	}
	v2 := r.Model.Tag()
	r = editModel(t, e, "ann", m.ID, v2, add(1, "fanta"))
	r = editModel(t, e, "ann", m.ID, r.Model.Tag(), models.ModelEdit{Kind: models.EditRemoveTerm, Topic: 1, Terms: []string{"soda"}})
	if !r.Amended || r.Model.Tag().String() != "2.2" || termsOf(r.Model) != "Soda=cola+fanta Tea=tea" || r.RemovedAt != 0 {
		t.Fatalf("amended: %+v %s", r.Model.Tag(), termsOf(r.Model))
	}
	if vs, _ := e.Svc.ModelVersions(e.As("ann"), m.ID); len(vs) != 2 {
		t.Fatalf("%d versions after a burst of three changes", len(vs))
	}
	// bob's page still shows 2 (before ann's amendments): his change of
	// Tea merges; his change of Soda, which ann changed since, conflicts.
	r = editModel(t, e, "bob", m.ID, v2, add(2, "chai"))
	if !r.Merged || r.Amended || r.Model.Version != 3 || termsOf(r.Model) != "Soda=cola+fanta Tea=tea+chai" || len(r.Refresh) != 1 || r.Refresh[0] != 1 {
		t.Fatalf("merged: %+v %s", r, termsOf(r.Model))
	}
	_, err = e.Svc.EditModel(e.As("bob"), m.ID, v2, add(1, "pepsi"))
	var stale *models.StaleModelError
	if !errors.As(err, &stale) || stale.Tag != (models.VersionTag{Version: 3}) {
		t.Fatalf("conflict: %v", err)
	}
	// ann goes on: bob's version 3 is the newest, so hers is a new one.
	r = editModel(t, e, "ann", m.ID, models.VersionTag{Version: 3}, models.ModelEdit{Kind: models.EditRenameTopic, Topic: 2, Title: "Teas"})
	if r.Amended || r.Model.Version != 4 {
		t.Fatalf("ann after bob: %+v", r.Model.Tag())
	}
	// A v1 client that read 4 is refused once the editor amended it.
	e.Clock.Advance(time.Minute)
	editModel(t, e, "ann", m.ID, r.Model.Tag(), add(2, "mate"))
	groups := r.Model.Groups
	_, err = e.Svc.UpdateModel(e.As("ann"), m.ID, models.ModelInput{Groups: &groups, BasedOn: []models.VersionTag{{Version: 4}}})
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("If-Match 4 after an amendment: %v", err)
	}
	// After AmendWindow the next change is a new version.
	e.Clock.Advance(models.AmendWindow)
	r = editModel(t, e, "ann", m.ID, models.VersionTag{Version: 4, Revision: 1}, add(2, "rooibos"))
	if r.Amended || r.Model.Version != 5 {
		t.Fatalf("after the window: %+v", r.Model.Tag())
	}
	sum, err := e.Svc.ModelVersionSummaries(e.As("ann"), m.ID, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{1: "first version", 2: "+2 terms in Soda, −1 term in Soda", 3: "+1 term in Tea", 4: "+1 term in Teas, “Tea” renamed “Teas”", 5: "+1 term in Teas"}
	for v, w := range want {
		if sum[v] != w {
			t.Errorf("version %d: %q, want %q", v, sum[v], w)
		}
	}
}

// TestEditModelMergeAgainstAnAmendedBase: a page loaded at 2.1 is merged
// against what 2.1 held, after ann amended it to 2.2.
func TestEditModelMergeAgainstAnAmendedBase(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda", "2|Tea|tea")}})
	if err != nil {
		t.Fatal(err)
	}
	add := func(topic int64, term string) models.ModelEdit {
		return models.ModelEdit{Kind: models.EditAddTerms, Topic: topic, Terms: []string{term}}
	}
	editModel(t, e, "ann", m.ID, models.VersionTag{}, add(1, "a"))
	r := editModel(t, e, "ann", m.ID, models.VersionTag{Version: 2}, add(1, "b"))
	old := r.Model.Tag() // 2.1, a second tab of ann
	editModel(t, e, "ann", m.ID, old, add(1, "c"))
	if _, err := e.Svc.EditModel(e.As("ann"), m.ID, old, add(1, "d")); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("Soda changed since 2.1: %v", err)
	}
	r = editModel(t, e, "ann", m.ID, old, add(2, "chai"))
	if !r.Merged || termsOf(r.Model) != "Soda=soda+a+b+c Tea=tea+chai" || r.Model.Version != 3 {
		t.Fatalf("merged against 2.1: %s %s", r.Model.Tag(), termsOf(r.Model))
	}
	if _, err := e.Svc.EditModel(e.As("ann"), m.ID, models.VersionTag{Version: 2, Revision: 9}, add(2, "x")); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("an unknown base: %v", err)
	}
	for _, s := range []string{"0", "1.0", "01", "1.", ".1", "1.2.3", "-1", "1e3", "9999999999"} {
		if _, ok := models.ParseVersionTag(s); ok {
			t.Errorf("ParseVersionTag(%q) accepted", s)
		}
	}
	if tag, ok := models.ParseVersionTag("12.3"); !ok || tag.String() != "12.3" {
		t.Errorf("12.3: %v %v", tag, ok)
	}
}

// TestEditModelNeverAmendsDynamic: each editor change of a DYNAMIC model
// is a version, as its projects record the version they explored.
func TestEditModelNeverAmendsDynamic(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := e.CreateProject("ann", "Survey", testkit.ExampleGroups(), "the")
	m, err := e.Svc.CreateModelFromProject(e.As("ann"), p.ID, models.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	topic := m.Groups[0].Topics[0].ID
	for i, term := range []string{"x", "y"} {
		r := editModel(t, e, "ann", m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: topic, Terms: []string{term}})
		if r.Amended || r.Model.Version != 2+i || !r.Model.Outdated {
			t.Fatalf("change %d: %+v amended %v", i, r.Model.Tag(), r.Amended)
		}
	}
}

// TestVersionSummariesFollowAmendments: a summary read while its version
// is the newest is not answered again once the version is amended, nor
// once it is followed.
func TestVersionSummariesFollowAmendments(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda", "2|Tea|tea")}})
	if err != nil {
		t.Fatal(err)
	}
	add := func(topic int64, term string) models.ModelEdit {
		return models.ModelEdit{Kind: models.EditAddTerms, Topic: topic, Terms: []string{term}}
	}
	summary := func(v int, want string) {
		t.Helper()
		sum, err := e.Svc.ModelVersionSummaries(e.As("ann"), m.ID, v, v)
		if err != nil || sum[v] != want {
			t.Fatalf("version %d: %q (%v), want %q", v, sum[v], err, want)
		}
	}
	r := editModel(t, e, "ann", m.ID, models.VersionTag{}, add(1, "cola"))
	summary(2, "+1 term in Soda")
	r = editModel(t, e, "ann", m.ID, r.Model.Tag(), add(2, "chai"))
	if !r.Amended {
		t.Fatalf("not amended: %+v", r.Model.Tag())
	}
	summary(2, "+2 terms in 2 topics")
	e.Clock.Advance(models.AmendWindow)
	r = editModel(t, e, "ann", m.ID, r.Model.Tag(), add(2, "mate"))
	summary(2, "+2 terms in 2 topics")
	summary(3, "+1 term in Tea")
	editModel(t, e, "ann", m.ID, r.Model.Tag(), add(1, "fanta"))
	summary(3, "+2 terms in 2 topics")
}

// TestEditModelSaysTermsHeldAlready: adding terms the topic holds (case
// and spaces not minded) names them and adds only the others; adding only
// such terms changes nothing. A page's rename refuses a blank title.
func TestEditModelSaysTermsHeldAlready(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{Title: new("Drinks"), File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda, cola")}})
	if err != nil {
		t.Fatal(err)
	}
	r := editModel(t, e, "ann", m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{" COLA", "pop", "Soda ", "cola"}})
	if strings.Join(r.Already, ",") != "COLA,Soda" || !r.Changed || termsOf(r.Model) != "Soda=soda+cola+pop" {
		t.Fatalf("mixed add: already %q, changed %v, %s", r.Already, r.Changed, termsOf(r.Model))
	}
	r = editModel(t, e, "ann", m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{"Pop"}})
	if strings.Join(r.Already, ",") != "Pop" || r.Changed || r.Model.Version != 2 {
		t.Fatalf("add held term: %+v", r)
	}
	for _, blank := range []string{"", " \t"} {
		if _, err := e.Svc.RenameModel(e.As("ann"), m.ID, blank); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("rename to %q: %v", blank, err)
		}
	}
	if got, err := e.Svc.RenameModel(e.As("ann"), m.ID, " Lunch "); err != nil || *got.Title != "Lunch" {
		t.Fatalf("rename: %v", err)
	}
}

// TestEditorAmendmentsStayWithinTheStorageBudget: an amendment stores
// bytes as a version does (parts, the kept manifest): past the owner's
// storage budget it is refused, the model as it was.
func TestEditorAmendmentsStayWithinTheStorageBudget(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("root", explorer.RoleAdmin)
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|Soda|soda", "2|Tea|tea")}})
	if err != nil {
		t.Fatal(err)
	}
	add := func(term string) (*models.EditResult, error) {
		return e.Svc.EditModel(e.As("ann"), m.ID, models.VersionTag{}, models.ModelEdit{Kind: models.EditAddTerms, Topic: 1, Terms: []string{term}})
	}
	if r, err := add("cola"); err != nil || r.Amended {
		t.Fatalf("first change: %+v, %v", r, err)
	}
	use, err := e.Svc.Storage(e.As("ann"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SetUserBudgets(e.As("root"), "ann", explorer.BudgetOverride{Storage: &use.Used}); err != nil {
		t.Fatal(err)
	}
	if _, err := add(strings.Repeat("fizz", 40)); explorer.ErrorCode(err) != explorer.ETOOLARGE {
		t.Fatalf("an amendment past the budget: %v", err)
	}
	got, err := e.Svc.Model(e.As("ann"), m.ID)
	if err != nil || got.Version != 2 || strings.Contains(termsOf(got), "fizz") || !strings.Contains(termsOf(got), "cola") {
		t.Fatalf("after the refusal: %+v, %v", got, err)
	}
}
