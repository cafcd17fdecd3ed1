package projects_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

// The evidence of explored topics agrees with the counts of exploring:
// per topic the same number of texts, their share, and up to three
// distinct examples whose marked parts are the topic's terms.
func TestProjectTopicsAgreeWithExplore(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	ctx := e.As("ann")
	content, _ := testkit.SurveyCSV(1200)
	p := e.ImportProject("ann", "Survey", content)
	if _, err := e.Svc.ProjectTopics(ctx, p.ID); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("before exploring: %v", err)
	}
	p, err := e.Svc.ExploreProject(ctx, p.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Texts != p.ExploredTexts || ev.Column != "comment" || len(ev.Groups) != len(p.Structure.Groups) {
		t.Fatalf("evidence %d texts of %q, %d groups; project %d texts, %d groups", ev.Texts, ev.Column, len(ev.Groups), p.ExploredTexts, len(p.Structure.Groups))
	}
	topics := 0
	for _, g := range ev.Groups {
		for _, tp := range g.Topics {
			topics++
			checkEvidence(t, p, tp, ev.Texts)
		}
	}
	if topics == 0 {
		t.Fatal("no topics")
	}
	if _, err := e.Svc.ProjectTopics(e.As("eve"), p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("another user: %v", err)
	}
}

func checkEvidence(t *testing.T, p *explorer.Project, tp projects.TopicEvidence, texts int) {
	t.Helper()
	if want := p.TopicCounts[tp.ID]; tp.Texts != want {
		t.Fatalf("topic %q: %d texts, exploring counted %d", tp.Title, tp.Texts, want)
	}
	if math.Abs(tp.Share-float64(tp.Texts)/float64(texts)) > 1e-12 {
		t.Fatalf("topic %q share %v", tp.Title, tp.Share)
	}
	if len(tp.Examples) != min(tp.Texts, projects.TopicExamples) {
		t.Fatalf("topic %q: %d examples of %d texts", tp.Title, len(tp.Examples), tp.Texts)
	}
	folded := map[string]bool{}
	for _, term := range tp.Terms {
		folded[analysis.FoldTerm(term)] = true
	}
	rows := map[int]bool{}
	for _, ex := range tp.Examples {
		if rows[ex.Row] || ex.Row < 1 || len(ex.Spans) == 0 {
			t.Fatalf("topic %q example %+v repeated or unmarked", tp.Title, ex)
		}
		rows[ex.Row] = true
		for _, sp := range ex.Spans {
			if w := analysis.FoldTerm(ex.Text[sp.Start:sp.End]); !folded[w] && !folded[strings.TrimSuffix(w, "'s")] {
				t.Fatalf("topic %q terms %v: marked %q in %q", tp.Title, tp.Terms, ex.Text[sp.Start:sp.End], ex.Text)
			}
		}
	}
}

// An applied model's topics: ignore terms are not matched, phrases are
// marked whole, long texts are cut around their first match.
func TestProjectTopicsExamples(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	groups := []explorer.Group{{Title: "Service", Topics: []explorer.Topic{
		{Title: "Web server", Terms: []string{"web server", "nginx"}},
		{Title: "Coffee", Terms: []string{"coffee", "espresso"}},
	}}}
	src := e.CreateProject("ann", "Source", groups, "espresso")
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("très long texte ", 40) + "about the Web Server " + strings.Repeat("and more words ", 40)
	texts := []string{"", "Our web  server is down", "espresso only", long, "nginx and coffee", "coffee, coffee"}
	p := e.ImportProject("ann", "Texts", csvOf(t, "comment", texts))
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	ev, err := e.Svc.ProjectTopics(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	web, coffee := ev.Groups[0].Topics[0], ev.Groups[0].Topics[1]
	if ev.Texts != 5 || web.Texts != 3 || coffee.Texts != 2 {
		t.Fatalf("texts %d, web %d, coffee %d", ev.Texts, web.Texts, coffee.Texts)
	}
	if got := marked(web.Examples); got != "2:Our [web  server] is down 4:…[Web Server]… 5:[nginx] and coffee" {
		t.Fatalf("web examples %s", got)
	}
	if got := marked(coffee.Examples); got != "5:nginx and [coffee] 6:[coffee], [coffee]" {
		t.Fatalf("coffee examples %s", got)
	}
	cut := byRow(web.Examples)[1]
	if n := len([]rune(cut.Text)); n != projects.ExampleRunes || !cut.CutBefore || !cut.CutAfter {
		t.Fatalf("long example: %d characters, cut %v %v", n, cut.CutBefore, cut.CutAfter)
	}
}

// byRow is examples in row order (they come most typical first).
func byRow(examples []projects.TopicExample) []projects.TopicExample {
	out := slices.Clone(examples)
	slices.SortFunc(out, func(a, b projects.TopicExample) int { return a.Row - b.Row })
	return out
}

// marked writes examples in row order as "row:text" with the spans in
// brackets; a cut text shows only its spans, between ellipses.
func marked(examples []projects.TopicExample) string {
	var out []string
	for _, ex := range byRow(examples) {
		var b strings.Builder
		at := 0
		for _, sp := range ex.Spans {
			if !ex.CutBefore {
				b.WriteString(ex.Text[at:sp.Start])
			}
			b.WriteString("[" + ex.Text[sp.Start:sp.End] + "]")
			at = sp.End
		}
		s := b.String() + ex.Text[at:]
		if ex.CutBefore {
			s = "…" + b.String() + "…"
		}
		out = append(out, fmt.Sprintf("%d:%s", ex.Row, s))
	}
	return strings.Join(out, " ")
}

func csvOf(t testing.TB, header string, texts []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"id", header})
	for i, s := range texts {
		_ = w.Write([]string{fmt.Sprint(i + 1), s})
	}
	w.Flush()
	return buf.Bytes()
}

// BenchmarkProjectTopics reads the evidence of 20 explored topics in
// 100,000 survey texts.
func BenchmarkProjectTopics(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, _ := testkit.SurveyCSV(100_000)
	p := e.ImportProject("ann", "Survey", content)
	start := time.Now()
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "comment"); err != nil {
		b.Fatal(err)
	}
	b.Logf("explore: %v", time.Since(start))
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Svc.ProjectTopics(ctx, p.ID); err != nil {
			b.Fatal(err)
		}
	}
}
