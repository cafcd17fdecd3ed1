package web_test

import (
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Each topic's examples on the page are the service's (its most typical
// texts), shown exactly as written with the matched terms marked and no
// space added around a mark, and "More examples" opens the topic's texts.
func TestProjectTopicExamplesPage(t *testing.T) {
	e, b, _, p := tonalityFixture(t)
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path+"/topics", nil, htmx).Expect(t, 200))
	tp, err := e.Svc.ProjectTopics(e.As("ann"), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, g := range tp.Groups {
		for _, x := range g.Topics {
			card := d.Find("#topic-" + itoa(x.ID))
			qs := card.Find("ol.examples q")
			if qs.Length() != len(x.Examples) {
				t.Fatalf("topic %q: %d examples shown of %d", x.Title, qs.Length(), len(x.Examples))
			}
			qs.Each(func(i int, q *goquery.Selection) {
				if q.Text() != x.Examples[i].Text {
					t.Fatalf("topic %q: shown %q, written %q", x.Title, q.Text(), x.Examples[i].Text)
				}
				if q.Find("mark.topic").Length() != len(x.Examples[i].Spans) {
					t.Fatalf("topic %q: %d marks in %q", x.Title, q.Find("mark.topic").Length(), x.Examples[i].Text)
				}
				shown++
			})
			want := path + "/texts?" + url.Values{"topic": {itoa(x.ID)}}.Encode()
			if card.Find(`a[href="`+want+`"]`).Length() != 1 || card.Find(`.more-examples a`).Length() != 1 {
				t.Fatalf("topic %q: no link to more examples %s", x.Title, want)
			}
		}
	}
	if shown == 0 {
		t.Fatal("no examples shown")
	}
	r := b.do("GET", path+"/texts?topic="+itoa(tp.Groups[0].Topics[0].ID), nil, nil).Expect(t, 200)
	if b.doc(r).Find("#texts").Length() != 1 {
		t.Fatal("more examples: no texts listing")
	}
}
