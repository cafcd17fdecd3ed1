package projects_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

// hotelSentences are review sentences about rooms, breakfast, staff, wifi
// and the location; the model of the tests knows only the rooms.
var hotelSentences = []string{
	"The room was clean and the bed comfortable.", "Our room was small and noisy.", "A spacious room with a view.",
	"The breakfast was excellent with fresh bread.", "Breakfast was cold and the coffee weak.", "Great breakfast buffet with fruit.",
	"The breakfast had eggs, bread and good coffee.", "Breakfast ended too early for us.", "The coffee at breakfast was bitter.",
	"The staff were friendly and helpful.", "Rude staff at the reception desk.", "The reception staff upgraded us.",
	"The staff at reception spoke English.", "Helpful staff gave us a map.", "Staff were slow at the reception.",
	"The wifi was slow in the room.", "Wifi kept dropping all evening.", "Free wifi but the signal was weak.",
	"The wifi signal was strong in the lobby.", "No wifi signal on the third floor.", "Wifi was fast and free.",
	"Great location near the station.", "The location is close to the old town.", "Location near the beach and the station.",
	"Quiet location but far from the station.", "The location was perfect for the museums.", "Central location, short walk to the beach.",
}

// discoverFixture is ann's project of hotel sentences explored with a
// DYNAMIC model of one topic, Room.
func discoverFixture(t *testing.T) (*testkit.Env, *explorer.Project, *models.Model) {
	t.Helper()
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	ctx := e.As("ann")
	src := e.CreateProject("ann", "Source", []explorer.Group{{Title: "Stay", Topics: []explorer.Topic{{Title: "Room", Terms: []string{"room", "rooms"}}}}})
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	p := e.ImportProject("ann", "Hotels", csvOf(t, "review", hotelSentences))
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if p, err = e.Svc.ExploreProject(ctx, p.ID, "review"); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	return e, p, m
}

// Discovering beside a model explores the texts as without a model and
// answers the topics the model lacks; adding one puts it in the model's
// Group "Discovered" (made once) through a new version, and the DYNAMIC
// model's project is measured again with it.
func TestDiscoverTopics(t *testing.T) {
	e, p, m := discoverFixture(t)
	ctx := e.As("ann")
	d, err := e.Svc.DiscoverTopics(ctx, p.ID, projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.ModelID != m.ID || d.Column != "review" || len(d.Topics) < 2 {
		t.Fatalf("discovery %+v", d)
	}
	var titles []string
	for _, tp := range d.Topics {
		titles = append(titles, tp.Title)
		for _, term := range append([]string{tp.Title}, tp.Terms...) {
			if f := analysis.FoldTerm(term); f == "room" || f == "rooms" {
				t.Fatalf("topic %+v is the model's", tp)
			}
		}
	}
	if !slices.Contains(titles, "breakfast") && !slices.Contains(titles, "wifi") {
		t.Fatalf("discovered %v", titles)
	}
	before, _ := e.Svc.Model(ctx, m.ID)
	for _, tp := range d.Topics[:2] {
		if _, err := e.Svc.AddDiscoveredTopic(ctx, p.ID, tp.Title, tp.Terms); err != nil {
			t.Fatal(err)
		}
	}
	after, err := e.Svc.Model(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := after.Groups[len(after.Groups)-1]
	if len(after.Groups) != 2 || last.Title != projects.DiscoveredGroup || len(last.Topics) != 2 || last.Topics[0].Title != d.Topics[0].Title || after.Version != before.Version+2 {
		t.Fatalf("model after adding: version %d → %d, groups %+v", before.Version, after.Version, after.Groups)
	}
	e.Svc.WaitMeasured()
	ev, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Groups) != 2 || ev.Groups[1].Topics[0].Title != d.Topics[0].Title || ev.Groups[1].Topics[0].Texts == 0 || ev.Tonality.Stale() {
		t.Fatalf("project after adding: %+v", ev.Groups)
	}
	// Discovered again, the added topics are the model's now.
	again, err := e.Svc.DiscoverTopics(ctx, p.ID, projects.ExploreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tp := range again.Topics {
		if tp.Title == d.Topics[0].Title || tp.Title == d.Topics[1].Title {
			t.Fatalf("%q discovered again", tp.Title)
		}
	}
}

// Rights and refusals: another user's project is not found; a model
// shared READ cannot be added to (EFORBIDDEN, as for any update of it);
// a project without a model, or numbers out of bounds, are EINVALID.
func TestDiscoverTopicsRights(t *testing.T) {
	e, p, _ := discoverFixture(t)
	ctx := e.As("ann")
	if _, err := e.Svc.DiscoverTopics(e.As("eve"), p.ID, projects.ExploreOptions{}); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("another user discovers: %v", err)
	}
	if _, err := e.Svc.AddDiscoveredTopic(e.As("eve"), p.ID, "wifi", []string{"wifi"}); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("another user adds: %v", err)
	}
	if _, err := e.Svc.DiscoverTopics(ctx, p.ID, projects.ExploreOptions{Topics: projects.MaxExploreTopics + 1}); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("too many topics: %v", err)
	}
	bare := e.ImportProject("ann", "Bare", csvOf(t, "review", hotelSentences))
	if _, err := e.Svc.DiscoverTopics(ctx, bare.ID, projects.ExploreOptions{}); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("without a model: %v", err)
	}
	// Eve's model, shared with ann to read only.
	shared := readOnlyModel(t, e, "eve", "ann")
	if err := e.Svc.ApplyModel(ctx, bare.ID, shared.ID); err != nil {
		t.Fatal(err)
	}
	d, err := e.Svc.DiscoverTopics(ctx, bare.ID, projects.ExploreOptions{})
	if err != nil || len(d.Topics) == 0 {
		t.Fatalf("discover beside a read-only model: %+v %v", d, err)
	}
	if _, err := e.Svc.AddDiscoveredTopic(ctx, bare.ID, d.Topics[0].Title, d.Topics[0].Terms); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("add to a read-only model: %v", err)
	}
}

// readOnlyModel is a model of owner's shared with reader to read.
func readOnlyModel(t *testing.T, e *testkit.Env, owner, reader string) *models.Model {
	t.Helper()
	src := e.CreateProject(owner, "Theirs", []explorer.Group{{Title: "Stay", Topics: []explorer.Topic{{Title: "Bed", Terms: []string{"bed"}}}}})
	m, err := e.Svc.CreateModelFromProject(e.As(owner), src.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := e.Svc.ShareModel(e.As(owner), m.ID, reader, explorer.RightsRead)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As(reader), inv.ID); err != nil {
		t.Fatal(err)
	}
	return m
}

// BenchmarkDiscoverTopics discovers topics beside a model of one topic in
// 100,000 survey texts.
func BenchmarkDiscoverTopics(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	src := e.CreateProject("ann", "Source", []explorer.Group{{Title: "G", Topics: []explorer.Topic{{Title: "Price", Terms: []string{"price"}}}}})
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{})
	if err != nil {
		b.Fatal(err)
	}
	content, _ := testkit.SurveyCSV(100_000)
	p := e.ImportProject("ann", "Survey", content)
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		d, err := e.Svc.DiscoverTopics(ctx, p.ID, projects.ExploreOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(d.Topics)), "topics")
	}
}

// TestModelEditsBesideMeasurements: a DYNAMIC model edited again and again
// while each edit's background measurement of its project stores its
// result. Every transaction takes its row locks in one order (the model,
// the project, the owner's storage counter): before, an edit charged the
// counter and then made the project stale while a measurement held the
// project and waited for the counter, and PostgreSQL ended one of them
// ("deadlock detected", the edit answered that the database was busy).
func TestModelEditsBesideMeasurements(t *testing.T) {
	e, p, m := discoverFixture(t)
	ctx := e.As("ann")
	cur, err := e.Svc.Model(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	topic := cur.Groups[0].Topics[0].ID
	for i := range 30 {
		res, err := e.Svc.EditModel(ctx, m.ID, cur.Tag(), models.ModelEdit{Kind: models.EditAddTerms, Topic: topic, Terms: []string{fmt.Sprintf("suite%d", i)}})
		if err != nil {
			t.Fatalf("edit %d beside a measurement: %v", i, err)
		}
		cur = res.Model
		time.Sleep(time.Duration(i%4) * time.Millisecond) // the measurement runs meanwhile, or not yet
	}
	e.Svc.WaitMeasured()
	ev, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil || ev.Tonality.Stale() {
		t.Fatalf("after the edits: stale %v, %v", ev != nil && ev.Tonality.Stale(), err)
	}
}
