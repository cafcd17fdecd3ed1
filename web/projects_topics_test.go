package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// The project page shows each topic's count, share and example texts with
// the matched terms marked (read by htmx after the page, or with the page
// at /projects/{id}/topics), and the topics ticked there make the model
// the page creates.
func TestProjectPageTopicEvidence(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(240)
	p := e.ImportProject("ann", "Survey", content)
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path+"/topics", nil, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("#evidence .error").Text(), "explore") {
		t.Fatalf("before exploring: %s", d.Text())
	}
	p, err := e.Svc.ExploreProject(ann, p.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	// The page holds the stored counts and loads the evidence.
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if hx, _ := d.Find("#evidence").Attr("hx-get"); hx != path+"/topics" || d.Find("#evidence #topics td.count").Length() == 0 || d.Find(`#evidence a[href="`+path+`/topics"]`).Length() != 1 {
		t.Fatalf("loader: %s", d.Find("#evidence").Text())
	}
	d = b.doc(b.do("GET", path+"/topics", nil, htmx).Expect(t, 200))
	checkEvidencePage(t, d, p)
	// Without htmx: the whole project page with the evidence.
	d = b.doc(b.do("GET", path+"/topics", nil, nil).Expect(t, 200))
	if d.Find("#project #evidence .topic-evidence").Length() == 0 || d.Find("form#create-model").Length() != 1 || d.Find("#evidence[hx-get]").Length() != 0 {
		t.Fatal("full page lacks the evidence or the form")
	}
	eve := newBrowser(t, e)
	eve.login("eve", testkit.Password)
	eve.do("GET", path+"/topics", nil, htmx).Expect(t, http.StatusNotFound)

	ids := topicIDs(p)
	// None ticked: 422, the evidence shown with nothing ticked.
	r := b.do("POST", path+"/model", url.Values{"_csrf": {csrf}, "title": {"Few"}, "chosen": {"1"}}, htmx)
	d = b.doc(r)
	if r.Status != http.StatusUnprocessableEntity || d.Find("#create-model .error").Length() != 1 || d.Find(`#evidence input[name=topic]`).Length() != len(ids) || d.Find(`#evidence input[name=topic][checked]`).Length() != 0 {
		t.Fatalf("no topic: %d %s", r.Status, d.Find("#project").Text())
	}
	r = b.do("POST", path+"/model", url.Values{"_csrf": {csrf}, "title": {"Few"}, "chosen": {"1"}, "topic": {itoa(ids[1]), itoa(ids[0])}}, htmx)
	ms, _ := e.Svc.Models(ann)
	if len(ms) != 1 || r.Header.Get("HX-Redirect") != "/models/"+itoa(ms[0].ID)+"?made=1" {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	m, err := e.Svc.Model(ann, ms[0].ID)
	var kept []int64
	if err == nil {
		for _, g := range m.Groups {
			for _, t := range g.Topics {
				kept = append(kept, t.ID)
			}
		}
	}
	// The two ticked topics, in the project's order, whatever groups hold them.
	if err != nil || len(kept) != 2 || kept[0] != ids[0] || kept[1] != ids[1] {
		t.Fatalf("model groups %+v %v", m.Groups, err)
	}
}

func topicIDs(p *explorer.Project) []int64 {
	var ids []int64
	for _, g := range p.Structure.Groups {
		for _, t := range g.Topics {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// checkEvidencePage checks the evidence section against the exploration:
// each topic's count, a share, at most three examples whose marks are
// terms of the topic, and a ticked checkbox of the create-model form.
func checkEvidencePage(t *testing.T, d *goquery.Document, p *explorer.Project) {
	t.Helper()
	if v, _ := d.Find(`#evidence input[name=chosen]`).Attr("form"); v != "create-model" {
		t.Fatal("no chosen field for the create-model form")
	}
	marks := 0
	for _, g := range p.Structure.Groups {
		for _, tp := range g.Topics {
			art := d.Find("#topic-" + itoa(tp.ID))
			count := art.Find(".topic-count").Text()
			if !strings.HasPrefix(count, itoa(int64(p.TopicCounts[tp.ID]))+" texts · ") || !strings.HasSuffix(count, "%") {
				t.Fatalf("topic %q count %q, explored %d", tp.Title, count, p.TopicCounts[tp.ID])
			}
			if n := art.Find(".examples li").Length(); n != min(3, p.TopicCounts[tp.ID]) {
				t.Fatalf("topic %q: %d examples", tp.Title, n)
			}
			terms := map[string]bool{}
			for _, term := range tp.Terms {
				terms[analysis.FoldTerm(term)] = true
			}
			art.Find(".examples mark").Each(func(_ int, s *goquery.Selection) {
				marks++
				if w := analysis.FoldTerm(s.Text()); !terms[w] && !terms[strings.TrimSuffix(w, "'s")] {
					t.Fatalf("topic %v marks %q", tp.Terms, s.Text())
				}
			})
			box := art.Find(`input[type=checkbox][name=topic]`)
			if v, _ := box.Attr("value"); v != itoa(tp.ID) || box.AttrOr("form", "") != "create-model" || box.Is("[checked]") == false {
				t.Fatalf("topic %q checkbox %v", tp.Title, box.Nodes)
			}
		}
	}
	if marks == 0 {
		t.Fatal("no term marked")
	}
}
