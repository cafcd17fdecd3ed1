package projects_test

import (
	"bytes"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

func header(t *testing.T, p *explorer.Project, name string) explorer.ProjectHeader {
	t.Helper()
	for _, h := range p.Headers {
		if h.Header == name {
			return h
		}
	}
	t.Fatalf("no header %s in %+v", name, p.Headers)
	return explorer.ProjectHeader{}
}

func TestImportProjectProfiles(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, empty := testkit.SurveyCSV(10_000)
	p := e.ImportProject("ann", "Survey", content)
	if p.Rows != 10_000 || p.Status != explorer.ProjectReady || p.StatusMessage != "" || p.Encoding != "UTF-8" || p.Language != "EN" || len(p.Headers) != 5 {
		t.Fatalf("project %+v", p)
	}
	if h := header(t, p, "date"); !h.TimeSeriesCandidate || h.NPSCandidate || h.NumberOfEmptyCells != empty.Date || h.SuggestedLanguage != "" {
		t.Errorf("date %+v (want %d empty)", h, empty.Date)
	}
	if h := header(t, p, "score"); !h.NPSCandidate || h.TimeSeriesCandidate || h.NumberOfEmptyCells != empty.Score || !h.Filterable {
		t.Errorf("score %+v (want %d empty)", h, empty.Score)
	}
	if h := header(t, p, "segment"); !h.Filterable || h.NumberOfEmptyCells != empty.Segment || h.SuggestedLanguage != "" {
		t.Errorf("segment %+v (want %d empty)", h, empty.Segment)
	}
	c := header(t, p, "comment")
	if c.SuggestedLanguage != "EN" || c.NumberOfEmptyCells != empty.Comment || c.Filterable || c.NPSCandidate {
		t.Errorf("comment %+v (want %d empty)", c, empty.Comment)
	}
	if id := header(t, p, "id"); id.Filterable || id.NumberOfEmptyCells != 0 || id.ColumnDataSize != len(strings.Join(func() []string {
		var s []string
		for i := 1; i <= 10_000; i++ {
			s = append(s, strconv.Itoa(i))
		}
		return s
	}(), "")) {
		t.Errorf("id %+v", id)
	}
	n, err := e.DB.CountProjectRows(ctx, p.ID)
	if err != nil || n != 10_000 {
		t.Fatalf("rows %d %v", n, err)
	}
	// One usage record: 1 project, 10,000 verbatims, trialing.
	u, err := e.Svc.Usage(ctx, accounts.UsageQuery{})
	if err != nil || u.Today.ProjectsTrialing != 1 || u.Today.VerbatimsTrialing != 10_000 || u.Month.VerbatimsTrialing != 10_000 {
		t.Fatalf("usage %+v %v", u, err)
	}
}

func TestImportProjectFailuresKeepNoRows(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	for _, tt := range []struct {
		name, file, encoding, content, want string
	}{
		{"empty file", "a.csv", "", "", "no header row"},
		{"blank header name", "a.csv", "", "id,,comment\n1,x,hello there friend\n", "no name for column 2"},
		{"broken UTF-8", "a.csv", "UTF-8", "id,comment\n1,caf\xe9 au lait\n", "not valid UTF-8"},
		{"wrong type", "a.xlsx", "", "id,comment\n1,x\n", ""},
	} {
		f := tablefile.File{Name: tt.file, Encoding: tt.encoding, Body: strings.NewReader(tt.content), Size: int64(len(tt.content))}
		_, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: tt.name, File: f})
		if err == nil || !strings.Contains(explorer.ErrorMessage(err), tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// A failure while inserting rows: rows past a limit are refused after
	// some were inserted; none stays.
	big, _ := testkit.SurveyCSV(1200)
	bad := append(append([]byte{}, big...), []byte("9999,2025-01-01,3,retail,\"unterminated\n")...)
	bad = append(bad, []byte(strings.Repeat("x", 40_000))...)
	if _, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: "late failure", File: testkit.CSVFile(bad)}); err == nil {
		t.Fatal("late failure imported")
	}
	list, err := e.Svc.Projects(ctx)
	if err != nil || len(list) != 5 {
		t.Fatalf("projects %d %v", len(list), err)
	}
	for _, p := range list {
		n, err := e.DB.CountProjectRows(ctx, p.ID)
		if err != nil || n != 0 || p.Status != explorer.ProjectFailed || !strings.HasPrefix(p.StatusMessage, "import failed: ") || p.Rows != 0 {
			t.Errorf("failed project %+v rows %d %v", p, n, err)
		}
	}
	if u, _ := e.Svc.Usage(ctx, accounts.UsageQuery{}); u.Today.ProjectsTrialing != 0 {
		t.Errorf("usage of failed imports %+v", u.Today)
	}
	// A failed project can be deleted.
	if err := e.Svc.DeleteProject(ctx, list[0].ID); err != nil {
		t.Fatal(err)
	}
}

func TestExploreApplyAppendDelete(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, empty := testkit.SurveyCSV(600)
	p := e.ImportProject("ann", "Survey", content)
	if err := e.Svc.ApplyModel(ctx, p.ID, 99); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("apply unknown model: %v", err)
	}
	p, err := e.Svc.ExploreProject(ctx, p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != explorer.ProjectExplored || p.TextColumn != "comment" || p.ExploredTexts != 600-empty.Comment || len(p.Structure.Groups) == 0 {
		t.Fatalf("explored %+v", p)
	}
	var delivery *explorer.Topic
	for _, g := range p.Structure.Groups {
		if len(g.Topics) == 0 || g.Topics[0].Title != g.Title {
			t.Fatalf("group %+v", g)
		}
		for i, tp := range g.Topics {
			if tp.Terms[0] != tp.Title {
				t.Fatalf("topic %+v", tp)
			}
			if slices.Contains(tp.Terms, "delivery") {
				delivery = &g.Topics[i]
			}
			if tp.Title == "the" || tp.Title == "and" || tp.Title == "was" {
				t.Errorf("stop word %q is a topic", tp.Title)
			}
			// "better" occurs in every comment: it tells them apart from nothing.
			if tp.Title == "better" {
				t.Errorf("boilerplate %q is a topic", tp.Title)
			}
		}
	}
	if delivery == nil {
		t.Fatalf("no topic holds delivery: %+v", p.Structure.Groups)
	}
	// "delivery" is the first noun of every eighth comment and the second
	// of the comments with (i/8+3)%8 == 0: its topic counts those, and
	// more when other terms joined it.
	want := 0
	for i := 1; i <= 600; i++ {
		if i%7 != 0 && (i%8 == 0 || (i/8+3)%8 == 0) {
			want++
		}
	}
	if got := p.TopicCounts[delivery.ID]; got < want || (len(delivery.Terms) == 1 && got != want) {
		t.Errorf("delivery's topic %v counted %d of %d, want %d", delivery.Terms, got, p.ExploredTexts, want)
	}

	// A dynamic model from the project; a change makes it outdated and
	// exploring clears it.
	m, err := e.Svc.CreateModelFromProject(ctx, p.ID, models.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	groups := m.Groups[:1]
	groups[0].Topics[0].Terms = []string{"delivery", "refund"}
	m, err = e.Svc.UpdateModel(ctx, m.ID, models.ModelInput{Groups: &groups, IgnoreTerms: &[]string{"refund"}})
	if err != nil || !m.Outdated {
		t.Fatalf("update %+v %v", m, err)
	}
	p, err = e.Svc.ExploreProject(ctx, p.ID, "")
	if err != nil || len(p.Structure.Groups) != 1 || *p.ExploredVersion != 2 {
		t.Fatalf("explore with the model %+v %v", p, err)
	}
	m, _ = e.Svc.Model(ctx, m.ID)
	if m.Outdated {
		t.Fatal("still outdated")
	}
	// Counted: texts with "delivery" (refund is ignored).
	if got := p.TopicCounts[p.Structure.Groups[0].Topics[0].ID]; got != want {
		t.Errorf("delivery counted %d, want %d", got, want)
	}

	// Append: APPENDING then EXPLORED (it was explored and measured) with
	// its counts stale until they are measured again in the background;
	// one more usage record.
	more, _ := testkit.SurveyCSV(50)
	release := e.Svc.HoldMeasurements()
	p, err = e.Svc.AppendProjectRows(ctx, p.ID, testkit.CSVFile(more))
	if err != nil || p.Rows != 650 || p.Status != explorer.ProjectExplored || p.TonalityState != explorer.TonalityStale {
		t.Fatalf("append %+v %v", p, err)
	}
	release()
	e.Svc.WaitMeasured()
	before := p.ExploredTexts
	if p, _ = e.Svc.Project(ctx, p.ID); p.TonalityState != explorer.TonalityMeasured || p.ExploredTexts <= before {
		t.Fatalf("after the measurement: %s, %d texts (before %d)", p.TonalityState, p.ExploredTexts, before)
	}
	if u, _ := e.Svc.Usage(ctx, accounts.UsageQuery{}); u.Today.ProjectsTrialing != 1 || u.Today.VerbatimsTrialing != 650 {
		t.Fatalf("usage %+v", u.Today)
	}
	// Another header: refused, nothing added, status back.
	if _, err := e.Svc.AppendProjectRows(ctx, p.ID, testkit.CSVFile([]byte("a,b\n1,2\n"))); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("append other header: %v", err)
	}
	p, _ = e.Svc.Project(ctx, p.ID)
	if n, _ := e.DB.CountProjectRows(ctx, p.ID); n != 650 || p.Status != explorer.ProjectExplored || !strings.HasPrefix(p.StatusMessage, "append failed") {
		t.Fatalf("after failed append %+v %d", p, n)
	}

	// A second project applies the DYNAMIC model; a change makes the model
	// outdated until both are explored; deleting the dependent clears it.
	q := e.ImportProject("ann", "Second", more)
	if err := e.Svc.ApplyModel(ctx, q.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	mp, _ := e.Svc.ModelProjects(ctx, m.ID)
	if mp.MasterProject == nil || mp.MasterProject.ID != p.ID || len(mp.DependentProjects) != 1 {
		t.Fatalf("model projects %+v", mp)
	}
	title := "Renamed"
	groups[0].Title = title
	if m, _ = e.Svc.UpdateModel(ctx, m.ID, models.ModelInput{Groups: &groups}); !m.Outdated {
		t.Fatal("not outdated")
	}
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	if m, _ = e.Svc.Model(ctx, m.ID); !m.Outdated {
		t.Fatal("cleared while the dependent is not explored")
	}
	if err := e.Svc.DeleteProject(ctx, q.ID); err != nil {
		t.Fatal(err)
	}
	if m, _ = e.Svc.Model(ctx, m.ID); m.Outdated {
		t.Fatal("outdated after deleting the dependent")
	}
	if _, err := e.Svc.Project(ctx, q.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("deleted project: %v", err)
	}
	// Unknown column; deleting the model detaches the project.
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "nope"); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("unknown column: %v", err)
	}
	if err := e.Svc.DeleteModel(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	if p, _ = e.Svc.Project(ctx, p.ID); p.ModelID != nil {
		t.Fatal("still attached")
	}

	// A STANDARD model's structure is copied once.
	std, err := e.Svc.CreateModelFromProject(ctx, p.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	r := e.ImportProject("ann", "Third", more)
	if err := e.Svc.ApplyModel(ctx, r.ID, std.ID); err != nil {
		t.Fatal(err)
	}
	r, err = e.Svc.ExploreProject(ctx, r.ID, "")
	if err != nil || len(r.Structure.Groups) != 1 || r.Structure.Groups[0].Title != title || r.ExploredVersion != nil {
		t.Fatalf("standard %+v %v", r, err)
	}
}

// TestDeletingTheMasterProjectClearsIt checks that a DYNAMIC model keeps no
// reference to a deleted master project.
func TestDeletingTheMasterProjectClearsIt(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	csv, _ := testkit.SurveyCSV(50)
	p := e.ImportProject("ann", "Master", csv)
	if _, err := e.Svc.ExploreProject(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	m, err := e.Svc.CreateModelFromProject(ctx, p.ID, models.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.DeleteProject(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	mp, err := e.Svc.ModelProjects(ctx, m.ID)
	if err != nil || mp.MasterProject != nil || len(mp.DependentProjects) != 0 {
		t.Fatalf("model projects after deleting the master: %+v %v", mp, err)
	}
	if _, err := e.Svc.UpdateModel(ctx, m.ID, models.ModelInput{Title: strPtr("still works")}); err != nil {
		t.Fatalf("update after deleting the master: %v", err)
	}
}

func strPtr(s string) *string { return &s }

// TestImportProfilesAsStored: the columns an import profiles while it
// stores the rows are described as when the stored rows are read back (an
// append profiles those): a project imported whole and one imported with
// its first row then appended the rest have the same headers and language.
func TestImportProfilesAsStored(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(500)
	whole := e.ImportProject("ann", "Whole", content)
	lines := bytes.SplitAfterN(content, []byte("\n"), 3)
	first := e.ImportProject("ann", "First", append(append([]byte{}, lines[0]...), lines[1]...))
	rest := append(append([]byte{}, lines[0]...), lines[2]...)
	appended, err := e.Svc.AppendProjectRows(e.As("ann"), first.ID, testkit.CSVFile(rest))
	if err != nil {
		t.Fatal(err)
	}
	strip := func(hs []explorer.ProjectHeader) []explorer.ProjectHeader {
		out := append([]explorer.ProjectHeader(nil), hs...)
		for i := range out {
			out[i].ID = 0
		}
		return out
	}
	if !reflect.DeepEqual(strip(whole.Headers), strip(appended.Headers)) || whole.Language != appended.Language || whole.Rows != appended.Rows {
		t.Fatalf("imported whole: %s %d %+v\nappended: %s %d %+v", whole.Language, whole.Rows, whole.Headers, appended.Language, appended.Rows, appended.Headers)
	}
}
