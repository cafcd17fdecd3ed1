package projects_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/poles"
	"explorer/projects"
)

// reviewsCSV is a small feedback table: id, date, hotel and review, the
// reviews of known tonality (some twice, so that exploring finds terms).
func reviewsCSV(extra ...string) []byte {
	reviews := []string{
		"Great food but the service was painfully slow.",
		"The service was excellent and the staff friendly.",
		"The food was not good.",
		"Terrible service, rude staff.",
		"Lovely breakfast, great coffee.",
		"The breakfast was cold and the coffee awful.",
		"Nothing special about the food.",
		"The room was clean and quiet.",
		"",
		"The room was dirty 😡",
		"Excellent food, excellent service!",
		"We will never come back, the room was noisy.",
	}
	reviews = append(reviews, extra...)
	var b bytes.Buffer
	b.WriteString("id,date,hotel,review\n")
	for i := range 3 {
		for j, r := range reviews {
			fmt.Fprintf(&b, "%d,2026-0%d-%02d,%s,\"%s\"\n", i*len(reviews)+j+1, 1+j%3, 1+j, []string{"Alpha", "Beta"}[j%2], r)
		}
	}
	return b.Bytes()
}

// tonalityGroups are the topics the tests measure: food, service, room.
func tonalityGroups() []explorer.Group {
	return []explorer.Group{{Title: "Hotel", Topics: []explorer.Topic{
		{Title: "food", Terms: []string{"food"}},
		{Title: "service", Terms: []string{"service", "staff"}},
		{Title: "room", Terms: []string{"room"}},
	}}}
}

// measuredReviews imports reviewsCSV for user, explores it and applies a
// model of tonalityGroups, so that it is measured with those topics.
func measuredReviews(t *testing.T, e *testkit.Env, user string, extra ...string) (*explorer.Project, map[string]int64) {
	t.Helper()
	ctx := e.As(user)
	p := e.ImportProject(user, "Reviews", reviewsCSV(extra...))
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "review"); err != nil {
		t.Fatal(err)
	}
	m, err := e.Svc.CreateModelFromProject(ctx, p.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	groups := tonalityGroups()
	if m, err = e.Svc.UpdateModel(ctx, m.ID, models.ModelInput{Groups: &groups}); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	p, err = e.Svc.Project(ctx, p.ID)
	if err != nil || p.TonalityState != explorer.TonalityMeasured {
		t.Fatalf("project %+v %v", p, err)
	}
	ids := map[string]int64{}
	for _, g := range p.Structure.Groups {
		for _, tp := range g.Topics {
			ids[tp.Title] = tp.ID
		}
	}
	return p, ids
}

func topicOf(t *testing.T, pt *projects.ProjectTopics, title string) projects.TopicEvidence {
	t.Helper()
	for _, g := range pt.Groups {
		for _, tp := range g.Topics {
			if tp.Title == title {
				return tp
			}
		}
	}
	t.Fatalf("no topic %q", title)
	return projects.TopicEvidence{}
}

// Exploring measures each text and each topic's mention: "great food but
// the service was painfully slow" is positive for food and negative for
// service; the counts are stored and read back without the texts.
func TestTonalityOfTopics(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, ids := measuredReviews(t, e, "ann")
	pt, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Tonality.State != explorer.TonalityMeasured || !pt.Tonality.Available || pt.Tonality.Note != "" || pt.Texts != 33 {
		t.Fatalf("tonality %+v, %d texts", pt.Tonality, pt.Texts)
	}
	all := pt.Tonality.Texts
	if all.Texts() != 33 || all.Positive == 0 || all.Negative == 0 {
		t.Fatalf("all texts %+v", all)
	}
	food := topicOf(t, pt, "food").Tonality
	// Per copy: great food (+), not good (−), nothing special (−),
	// excellent food (+).
	if food.Positive != 6 || food.Negative != 6 || food.Texts() != 12 {
		t.Errorf("food %+v", food)
	}
	service := topicOf(t, pt, "service").Tonality
	// slow (−), excellent (+), terrible/rude (−), excellent (+).
	if service.Negative != 6 || service.Positive != 6 {
		t.Errorf("service %+v", service)
	}
	// The examples are three different texts (the reviews come in copies).
	if got := topicOf(t, pt, "room"); got.Texts != 9 || len(got.Examples) != 3 || got.Examples[0].Text == got.Examples[1].Text ||
		got.Examples[1].Text == got.Examples[2].Text || got.Examples[0].Text == got.Examples[2].Text {
		t.Errorf("room %+v", got)
	}
	// The texts of a topic and label: the mixed review is negative for
	// service and positive for food.
	page, err := e.Svc.ProjectTexts(ctx, p.ID, projects.TextQuery{TopicID: ids["service"], Tonality: projects.LabelNegative})
	if err != nil || page.Total != 6 {
		t.Fatalf("negative service texts %+v %v", page, err)
	}
	first := page.Texts[0]
	if first.Row != 1 || !strings.HasPrefix(first.Text, "Great food") || len(first.Topics) != 2 {
		t.Fatalf("first %+v", first)
	}
	for _, tt := range first.Topics {
		want := map[int64]string{ids["food"]: projects.LabelPositive, ids["service"]: projects.LabelNegative}[tt.ID]
		if tt.Label != want {
			t.Errorf("mention of topic %d: %s, want %s", tt.ID, tt.Label, want)
		}
	}
	checkSpans(t, first)
}

// checkSpans checks that a text's spans are in order, do not overlap and
// mark the topic terms and opinion words they claim.
func checkSpans(t *testing.T, pt projects.ProjectText) {
	t.Helper()
	kinds := map[string]string{}
	end := 0
	for _, s := range pt.Spans {
		if s.Start < end || s.End <= s.Start || s.End > len(pt.Text) {
			t.Fatalf("span %+v after %d in %q", s, end, pt.Text)
		}
		end = s.End
		kinds[strings.ToLower(pt.Text[s.Start:s.End])] = s.Kind
	}
	want := map[string]string{"food": projects.SpanTopic, "service": projects.SpanTopic, "great": projects.SpanPositive, "slow": projects.SpanNegative}
	for w, k := range want {
		if kinds[w] != k {
			t.Errorf("%q marked %q, want %q (spans %v)", w, kinds[w], k, kinds)
		}
	}
}

// Filters combine, total counts every match, pages follow row order.
func TestProjectTextsFilters(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ctx := e.As("ann")
	p, ids := measuredReviews(t, e, "ann")
	list := func(q projects.TextQuery) *projects.TextsPage {
		t.Helper()
		page, err := e.Svc.ProjectTexts(ctx, p.ID, q)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		return page
	}
	if all := list(projects.TextQuery{}); all.Total != 33 || len(all.Texts) != 33 || all.Texts[8].Row != 10 {
		t.Fatalf("all %d %d (row of the 9th %d: row 9 is empty)", all.Total, len(all.Texts), all.Texts[8].Row)
	}
	paged := list(projects.TextQuery{Offset: 30, Limit: 2})
	if paged.Total != 33 || len(paged.Texts) != 2 || paged.Offset != 30 {
		t.Fatalf("paged %+v", paged)
	}
	if q := list(projects.TextQuery{Q: "COFFEE great"}); q.Total != 3 {
		t.Errorf("q coffee great: %d", q.Total)
	}
	if q := list(projects.TextQuery{TopicID: ids["room"], Q: "quiet"}); q.Total != 3 {
		t.Errorf("room+quiet: %d", q.Total)
	}
	if q := list(projects.TextQuery{Tonality: projects.LabelPositive, TopicID: ids["food"], Q: "service"}); q.Total != 6 {
		t.Errorf("positive food with service: %d", q.Total)
	}
	for _, bad := range []projects.TextQuery{{Tonality: "happy"}, {TopicID: 999}, {PoleID: 5}, {Limit: 1001}, {Offset: -1}, {Q: strings.Repeat("x", 201)}} {
		if _, err := e.Svc.ProjectTexts(ctx, p.ID, bad); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if _, err := e.Svc.ProjectTexts(e.As("bob"), p.ID, projects.TextQuery{}); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Errorf("another user's project: %v", err)
	}
}

// Poles measure the topics' mentions: a negated term counts negatively;
// choosing poles makes the project stale until the background
// measurement; a pole deleted while used is dropped and named once.
func TestProjectPoles(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ctx := e.As("ann")
	p, ids := measuredReviews(t, e, "ann")
	speed, err := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "Speed", Language: "EN", Parts: []poles.PartInput{{Term: "slow", Weight: new(2.0)}, {Term: "good", Weight: new(1.0)}}})
	if err != nil {
		t.Fatal(err)
	}
	german, _ := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "Tempo", Language: "DE", Parts: []poles.PartInput{{Term: "langsam"}}})
	bobs, _ := e.Svc.CreatePole(e.As("bob"), poles.PoleInput{Name: "Bob's", Language: "EN", Parts: []poles.PartInput{{Term: "slow"}}})
	if _, err := e.Svc.SetProjectPoles(ctx, p.ID, []int64{bobs.ID}); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Errorf("another's pole: %v", err)
	}
	_, err = e.Svc.SetProjectPoles(ctx, p.ID, []int64{speed.ID, german.ID})
	if fe := fieldErrors(err); explorer.ErrorCode(err) != explorer.EINVALID || len(fe) != 1 || fe[0].Field != "poleIds[1]" {
		t.Errorf("pole of another language: %v %+v", err, fe)
	}
	many := make([]int64, 21)
	if _, err := e.Svc.SetProjectPoles(ctx, p.ID, many); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Errorf("21 poles: %v", err)
	}
	release := e.Svc.HoldMeasurements()
	got, err := e.Svc.SetProjectPoles(ctx, p.ID, []int64{speed.ID, speed.ID})
	if err != nil || len(got) != 1 {
		t.Fatalf("set %v %v", got, err)
	}
	if pt, _ := e.Svc.ProjectTopics(ctx, p.ID); !pt.Tonality.Stale() {
		t.Error("not stale after choosing poles")
	}
	release()
	e.Svc.WaitMeasured()
	pt, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil || pt.Tonality.Stale() || len(pt.Tonality.Poles) != 1 {
		t.Fatalf("after measuring %+v %v", pt.Tonality, err)
	}
	// Service: "painfully slow" (+2) in three texts. Food: "not good" (−1)
	// in three texts; "Great food but the service was painfully slow"
	// holds "slow" outside food's clause.
	if ps := topicOf(t, pt, "service").Poles[0]; ps.Texts != 3 || ps.Score != 2 {
		t.Errorf("service speed %+v", ps)
	}
	if ps := topicOf(t, pt, "food").Poles[0]; ps.Texts != 3 || ps.Score != -1 {
		t.Errorf("food speed %+v", ps)
	}
	page, err := e.Svc.ProjectTexts(ctx, p.ID, projects.TextQuery{TopicID: ids["service"], PoleID: speed.ID})
	if err != nil || page.Total != 3 || page.Texts[0].Row != 1 {
		t.Fatalf("service texts with the pole %+v %v", page, err)
	}
	if used, _ := e.Svc.PoleProjects(ctx, speed.ID); len(used) != 1 || used[0].ID != p.ID {
		t.Errorf("pole projects %v", used)
	}
	if _, err := e.Svc.DeletePole(ctx, speed.ID); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	if names, _ := e.Svc.TakeDroppedPoles(ctx, p.ID); len(names) != 1 || names[0] != "Speed" {
		t.Errorf("dropped %v", names)
	}
	if names, _ := e.Svc.TakeDroppedPoles(ctx, p.ID); len(names) != 0 {
		t.Errorf("dropped twice %v", names)
	}
	if ids, _ := e.Svc.ProjectPoles(ctx, p.ID); len(ids) != 0 {
		t.Errorf("poles after the delete %v", ids)
	}
	if pt, _ := e.Svc.ProjectTopics(ctx, p.ID); pt.Tonality.Stale() || len(pt.Tonality.Poles) != 0 {
		t.Errorf("after the delete %+v", pt.Tonality)
	}
}

func fieldErrors(err error) []explorer.FieldError {
	var e *explorer.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// A word correction of the account is applied at the next measurement,
// which it starts.
func TestWordPolarity(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, ids := measuredReviews(t, e, "ann", "The food was sick.", "The food was sick.")
	count := func() projects.TonalityCounts {
		pt, err := e.Svc.ProjectTopics(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		return topicOf(t, pt, "food").Tonality
	}
	before := count()
	if _, err := e.Svc.SetWordPolarity(ctx, "en", " Sick ", 1); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	after := count()
	if after.Positive != before.Positive+6 || after.Negative != before.Negative-6 {
		t.Errorf("before %+v after %+v", before, after)
	}
	if ws, _ := e.Svc.WordPolarities(ctx); len(ws) != 1 || ws[0].Word != "sick" || ws[0].Language != "EN" || ws[0].Polarity != 1 {
		t.Errorf("corrections %+v", ws)
	}
	for _, bad := range []struct {
		lang, word string
		pol        int
	}{{"xx", "sick", 1}, {"EN", "  ", 1}, {"EN", "sick", 2}} {
		if _, err := e.Svc.SetWordPolarity(ctx, bad.lang, bad.word, bad.pol); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if err := e.Svc.DeleteWordPolarity(ctx, "EN", "SICK"); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	if again := count(); again != before {
		t.Errorf("after removing %+v, want %+v", again, before)
	}
	_ = ids
}

// A language without tonality data labels every text neutral and says so.
func TestTonalityUnavailable(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	// The test detector knows no Icelandic: the owner's default language
	// says; Icelandic has no permissive lexicon.
	if _, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: explorer.SettingDefaultLanguage, Value: "IS"}}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("text\n")
	for range 20 {
		b.WriteString("Maturinn var frábær og þjónustan mjög góð á hótelinu\n")
	}
	p := e.ImportProject("ann", "Icelandic", b.Bytes())
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "text"); err != nil {
		t.Fatal(err)
	}
	pt, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Tonality.Available || !strings.Contains(pt.Tonality.Note, "no tonality data") || pt.Tonality.Texts.Neutral != 20 {
		t.Fatalf("tonality %+v", pt.Tonality)
	}
}

// Exporting the texts: the project's columns, Tonality, Score, a column
// per topic with the label of the text's mention, empty without one.
func TestExportProjectTexts(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, _ := measuredReviews(t, e, "ann")
	var rows [][]string
	err := e.Svc.ExportProjectTexts(ctx, p.ID, func(r []string) error { rows = append(rows, append([]string{}, r...)); return nil })
	if err != nil || len(rows) != 34 {
		t.Fatalf("%d rows %v", len(rows), err)
	}
	want := "id,date,hotel,review,Tonality,Score,Topic: food,Topic: service,Topic: room"
	if got := strings.Join(rows[0], ","); got != want {
		t.Fatalf("header %s", got)
	}
	if r := rows[1]; r[3] != "Great food but the service was painfully slow." || r[6] != "positive" || r[7] != "negative" || r[8] != "" {
		t.Errorf("first row %v", r)
	}
	if r := rows[9]; r[0] != "10" {
		t.Errorf("the empty text is left out: %v", r)
	}
	_ = context.Background()
}

// What a project's tonality stores is charged to its owner, given back
// with a new measurement's difference and with the project.
func TestTonalityStorage(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	ctx := e.As("ann")
	check := func(when string) int64 {
		t.Helper()
		used, err := e.DB.StorageUsed(ctx, ann.ID)
		if err != nil {
			t.Fatal(err)
		}
		if recount, err := e.DB.RecountStorage(ctx, ann.ID); err != nil || recount != used {
			t.Fatalf("%s: charged %d, stored %d (%v)", when, used, recount, err)
		}
		return used
	}
	p, _ := measuredReviews(t, e, "ann")
	measured := check("measured")
	pole, _ := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "Speed", Language: "EN", Parts: []poles.PartInput{{Term: "slow"}}})
	if _, err := e.Svc.SetProjectPoles(ctx, p.ID, []int64{pole.ID}); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	if withPole := check("with a pole"); withPole <= measured {
		t.Errorf("a pole's parts stored nothing: %d then %d", measured, withPole)
	}
	if err := e.Svc.DeleteProject(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	check("deleted")
}

// Topics break down by a column of few values (not the texts explored,
// not dates) and by month of a date column; one rule for the pages and
// the service.
func TestBreakdownColumns(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, _ := measuredReviews(t, e, "ann")
	// id: 36 distinct values of a small project count as few.
	if got := projects.BreakdownColumns(p); !slices.Equal(got, []string{"id", "hotel"}) {
		t.Fatalf("breakdown columns %v", got)
	}
	if got := projects.TimelineColumns(p); len(got) != 1 || got[0] != "date" {
		t.Fatalf("timeline columns %v", got)
	}
	b, err := e.Svc.ProjectBreakdown(ctx, p.ID, "hotel")
	if err != nil || len(b.Values) != 2 || b.All[0].Texts()+b.All[1].Texts() != 33 {
		t.Fatalf("breakdown %+v %v", b, err)
	}
	for _, col := range []string{"review", "date", "nope"} {
		if _, err := e.Svc.ProjectBreakdown(ctx, p.ID, col); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("breakdown by %s: %v", col, err)
		}
	}
	tl, err := e.Svc.ProjectTimeline(ctx, p.ID, "date", projects.TimelineMonth)
	if err != nil || len(tl.Values) != 3 || tl.Values[0] != "2026-01-01" {
		t.Fatalf("timeline %+v %v", tl, err)
	}
}

// TestPoleEditsBesideMeasurements: a pole a measured project uses,
// edited again and again while each edit's background measurement
// stores its result: the edit makes the project stale before it charges
// the owner's storage counter, the order a measurement takes them in (the
// other order deadlocked on PostgreSQL, as model edits did).
func TestPoleEditsBesideMeasurements(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, _ := measuredReviews(t, e, "ann")
	speed, err := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "Speed", Language: "EN", Parts: []poles.PartInput{{Term: "slow"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SetProjectPoles(ctx, p.ID, []int64{speed.ID}); err != nil {
		t.Fatal(err)
	}
	for i := range 30 { // each adds a term: the owner's storage is charged
		if _, err := e.Svc.EditPole(ctx, speed.ID, poles.PoleEdit{Set: []poles.PartInput{{Term: fmt.Sprintf("slow%d", i)}}}); err != nil {
			t.Fatalf("edit %d beside a measurement: %v", i, err)
		}
		time.Sleep(time.Duration(i%4) * time.Millisecond)
	}
	e.Svc.WaitMeasured()
	ev, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil || ev.Tonality.Stale() {
		t.Fatalf("after the edits: %v", err)
	}
}
