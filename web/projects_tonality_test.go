package web_test

import (
	"bytes"
	"encoding/csv"
	"explorer/projects"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"

	"github.com/PuerkitoBio/goquery"
)

// hotelReviews are 40 hotel-review-like sentences, praise and complaints
// about a few things, some praising one thing and blaming another.
var hotelReviews = []string{
	"The breakfast was excellent and the staff were very friendly.",
	"The room was dirty and the bathroom smelled awful.",
	"Great location, close to the station and the old town.",
	"The wifi was terribly slow and kept dropping.",
	"Lovely breakfast with fresh bread, but the coffee was cold.",
	"The staff were rude at check-in and the room was not ready.",
	"Quiet room with a comfortable bed, I slept very well.",
	"The location is perfect but the street is noisy at night.",
	"Breakfast was poor: stale bread and no fruit.",
	"Friendly staff, always helpful with directions.",
	"The bathroom was tiny and the shower was broken.",
	"Excellent wifi, fast enough to work from the room.",
	"The bed was uncomfortable and the pillows were flat.",
	"Wonderful staff who upgraded our room for free.",
	"The breakfast buffet was great, lots of choice.",
	"Terrible location, far from everything and unsafe at night.",
	"Clean room, nice view, good value for money.",
	"The wifi did not work at all during our stay.",
	"The staff were helpful but the breakfast was disappointing.",
	"The room was spacious and the bed was very comfortable.",
	"Awful breakfast, the eggs were cold and the juice was sour.",
	"Great staff, great breakfast, great location.",
	"The room was too hot and the air conditioning was broken.",
	"Nice location near the beach, we loved it.",
	"The wifi was slow but the staff were lovely.",
	"Dirty carpet in the room and a broken lamp.",
	"Delicious breakfast and friendly waiters.",
	"The staff ignored our complaints about the noisy room.",
	"Perfect location for walking to the museums.",
	"The bathroom was clean and modern.",
	"Bad wifi, bad breakfast, never again.",
	"The room was small but clean and quiet.",
	"Staff were not helpful and the reception was slow.",
	"Excellent breakfast with local cheese and good coffee.",
	"The location was convenient but the room was shabby.",
	"Comfortable bed and a lovely quiet room.",
	"The wifi was great and the staff were friendly.",
	"Horrible stay: dirty room, rude staff, cold breakfast.",
	"The breakfast was fine, nothing special.",
	"We enjoyed the great location and the helpful staff.",
}

// hotelCSV is the reviews with a date (three months) and a hotel column.
func hotelCSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"date", "hotel", "review"})
	hotels := []string{"Harbour", "Central", "Garden"}
	for i, r := range hotelReviews {
		_ = w.Write([]string{fmt.Sprintf("2024-%02d-%02d", 1+i%3, 1+(i*7)%28), hotels[i%3], r})
	}
	w.Flush()
	return b.Bytes()
}

// tonalityFixture imports and explores the hotel reviews for ann and
// waits for their measurement.
func tonalityFixture(t *testing.T) (*testkit.Env, *client, string, *explorer.Project) {
	t.Helper()
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	p := e.ImportProject("ann", "Hotels", hotelCSV())
	p, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "review")
	if err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	return e, b, csrf, p
}

// The topic list shows a stacked bar per topic with its counts as links
// to the texts, the tonality of all texts, sorts that work with and
// without htmx, and the topic table's exports.
func TestProjectTonalityTopics(t *testing.T) {
	e, b, _, p := tonalityFixture(t)
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path+"/topics", nil, htmx).Expect(t, 200))
	ids := topicIDs(p)
	if d.Find(".topic-evidence .tone-bar").Length() == 0 || d.Find(".tone-all .tone-legend").Length() != 1 {
		t.Fatalf("no bars: %s", d.Find("#evidence").Text())
	}
	if n := d.Find("nav.sorts a").Length(); n != 4 {
		t.Fatalf("%d sort links", n)
	}
	if d.Find(`.exports a[href="`+path+`/topics/export?format=csv"]`).Length() != 1 || d.Find(`.exports a[href="`+path+`/topics/export?format=xlsx"]`).Length() != 1 {
		t.Fatal("no topic table exports")
	}
	tp, err := e.Svc.ProjectTopics(e.As("ann"), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	share := map[string]float64{}
	for _, g := range tp.Groups {
		for _, x := range g.Topics {
			share["topic-"+itoa(x.ID)] = x.Tonality.NegativeShare()
			if x.Tonality.Negative > 0 {
				want := path + "/texts?" + url.Values{"tonality": {"negative"}, "topic": {itoa(x.ID)}}.Encode()
				if d.Find("#topic-"+itoa(x.ID)+` a.tone-negative[href="`+want+`"]`).Length() != 1 || d.Find("#topic-"+itoa(x.ID)+` svg a[href="`+want+`"] rect.seg-negative`).Length() != 1 {
					t.Fatalf("topic %q: no link to its negative texts %s", x.Title, want)
				}
			}
		}
	}
	for _, hdr := range []map[string]string{htmx, nil} {
		d = b.doc(b.do("GET", path+"/topics?sort=negative", nil, hdr).Expect(t, 200))
		var order []float64
		d.Find("#evidence article.topic-evidence").Each(func(_ int, s *goquery.Selection) { order = append(order, share[s.AttrOr("id", "")]) })
		if len(order) != len(ids) {
			t.Fatalf("sorted %d topics of %d", len(order), len(ids))
		}
		for i := 1; i < len(order); i++ {
			if order[i] > order[i-1] {
				t.Fatalf("not by negative share: %v", order)
			}
		}
		if d.Find(`nav.sorts a[aria-current]`).Text() != "by highest negative share" {
			t.Fatalf("current sort %q", d.Find(`nav.sorts a[aria-current]`).Text())
		}
	}
	r := b.do("GET", path+"/topics?sort=loudest", nil, htmx)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find("#evidence .error").Text(), "order") {
		t.Fatalf("bad sort: %d %s", r.Status, r.Body)
	}
	// The topic table as CSV and XLSX.
	r = b.do("GET", path+"/topics/export?format=csv", nil, nil).Expect(t, 200)
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") || !strings.Contains(string(r.Body), hotelTopic(p)) {
		t.Fatalf("topics csv %s %q", r.Header.Get("Content-Type"), r.Body)
	}
	r = b.do("GET", path+"/topics/export?format=xlsx", nil, nil).Expect(t, 200)
	if !strings.Contains(r.Header.Get("Content-Disposition"), ".xlsx") || !bytes.HasPrefix(r.Body, []byte("PK")) {
		t.Fatalf("topics xlsx %v", r.Header)
	}
	b.do("GET", path+"/topics/export?format=pdf", nil, nil).Expect(t, http.StatusUnprocessableEntity)
	// The project page: the link to the texts, the lazy breakdown and timeline.
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find(`a[href="`+path+`/texts"]`).Length() == 0 || d.Find(`#timeline[hx-get="`+path+`/timeline?column=date"]`).Length() != 1 || d.Find(`#breakdown[hx-get="`+path+`/breakdown?column=hotel"]`).Length() != 1 {
		t.Fatalf("project page lacks texts link or loaders: %s", d.Find("#project").Text())
	}
}

func hotelTopic(p *explorer.Project) string { return p.Structure.Groups[0].Topics[0].Title }

// The texts page: every text with its label and score, paged with page
// numbers, filtered by topic and tonality, searched, marks that keep the
// text as it is; bad filters are 422 with a message, another user's
// project 404.
func TestProjectTextsPage(t *testing.T) {
	e, b, _, p := tonalityFixture(t)
	path := "/projects/" + itoa(p.ID) + "/texts"
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if !strings.HasPrefix(d.Find("#texts-total").Text(), "40 texts") || d.Find("ol.texts > li").Length() != 25 {
		t.Fatalf("first page: %q, %d texts", d.Find("#texts-total").Text(), d.Find("ol.texts > li").Length())
	}
	if d.Find(`nav.pages a[aria-current="page"]`).Text() != "1" || d.Find(`nav.pages a[href="`+path+`?offset=25"]`).Length() != 2 {
		t.Fatalf("page links: %s", d.Find("nav.pages").Text())
	}
	known := map[string]bool{}
	for _, r := range hotelReviews {
		known[r] = true
	}
	checkTexts := func(d *goquery.Document) {
		t.Helper()
		d.Find("ol.texts > li").Each(func(_ int, s *goquery.Selection) {
			if body := s.Find(".text-body").Text(); !known[strings.TrimSpace(body)] {
				t.Fatalf("text changed by its marks: %q", body)
			}
			if s.Find(".label").First().Text() == "" || !strings.HasPrefix(s.Find(".text-head .muted").Last().Text(), "score ") {
				t.Fatalf("no label or score: %s", s.Text())
			}
		})
	}
	checkTexts(d)
	d = b.doc(b.do("GET", path+"?offset=25", nil, htmx).Expect(t, 200))
	if d.Find("ol.texts > li").Length() != 15 || d.Find(`nav.pages a[aria-current="page"]`).Text() != "2" || d.Find("#text-filters").Length() != 0 {
		t.Fatalf("second page (htmx): %d texts", d.Find("ol.texts > li").Length())
	}
	// A topic's negative texts, marked.
	tp, err := e.Svc.ProjectTopics(e.As("ann"), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	var topic projects.TopicEvidence
	for _, g := range tp.Groups {
		for _, x := range g.Topics {
			if x.Tonality.Negative > topic.Tonality.Negative {
				topic = x
			}
		}
	}
	if topic.ID == 0 {
		t.Fatal("no topic has a negative text")
	}
	d = b.doc(b.do("GET", path+"?topic="+itoa(topic.ID)+"&tonality=negative", nil, nil).Expect(t, 200))
	if got := d.Find("#texts-total strong").Text(); got != itoa(int64(topic.Tonality.Negative)) {
		t.Fatalf("topic %q: %s negative texts, counted %d", topic.Title, got, topic.Tonality.Negative)
	}
	if d.Find("ol.texts mark.topic").Length() == 0 || d.Find("ol.texts mark.negative").Length() == 0 {
		t.Fatalf("marks: %s", d.Find("ol.texts").Text())
	}
	if v, _ := d.Find(`select[name=topic] option[selected]`).Attr("value"); v != itoa(topic.ID) {
		t.Fatalf("topic filter kept %q", v)
	}
	checkTexts(d)
	d = b.doc(b.do("GET", path+"?q=Breakfast", nil, htmx).Expect(t, 200))
	d.Find(".text-body").Each(func(_ int, s *goquery.Selection) {
		if !strings.Contains(strings.ToLower(s.Text()), "breakfast") {
			t.Fatalf("q=breakfast lists %q", s.Text())
		}
	})
	if d.Find(".text-body").Length() == 0 {
		t.Fatal("no text with breakfast")
	}
	for q, want := range map[string]string{"tonality=happy": "tonality", "topic=abc": "topic", "topic=999999": "topic", "pole=7": "pole", "offset=-1": "offset"} {
		for _, hdr := range []map[string]string{htmx, nil} {
			r := b.do("GET", path+"?"+q, nil, hdr)
			if r.Status != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(b.doc(r).Find("#texts .error").Text()), want) {
				t.Fatalf("%s: %d %s", q, r.Status, b.doc(r).Find("#texts").Text())
			}
		}
	}
	// Every text as CSV: a header and 40 rows.
	r := b.do("GET", path+"/export", nil, nil).Expect(t, 200)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\ufeff")))).ReadAll()
	if err != nil || len(rows) != 41 {
		t.Fatalf("texts csv: %d rows %v", len(rows), err)
	}
	eve := newBrowser(t, e)
	eve.login("eve", testkit.Password)
	for _, u := range []string{path, path + "/export", "/projects/" + itoa(p.ID) + "/breakdown?column=hotel", "/projects/" + itoa(p.ID) + "/timeline?column=date", "/projects/" + itoa(p.ID) + "/topics/export"} {
		eve.do("GET", u, nil, nil).Expect(t, http.StatusNotFound)
	}
}

// The breakdown by a filterable column and the timeline by week or month
// of a date column, with their exports; a column of the wrong kind is
// 422 with a message.
func TestProjectBreakdownAndTimeline(t *testing.T) {
	_, b, _, p := tonalityFixture(t)
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path+"/breakdown?column=hotel", nil, htmx).Expect(t, 200))
	heads := d.Find("table.breakdown thead th").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	if len(heads) != 4 || heads[0] != "Topic" || d.Find("table.breakdown tbody tr").Length() != len(topicIDs(p))+1 {
		t.Fatalf("breakdown heads %q, %d rows", heads, d.Find("table.breakdown tbody tr").Length())
	}
	if d.Find(`.scroll[role=region][tabindex="0"] table.breakdown`).Length() != 1 || d.Find(`select[name=column] option[selected]`).Text() != "hotel" {
		t.Fatal("breakdown table not in its scroll box, or column not chosen")
	}
	d = b.doc(b.do("GET", path+"/breakdown?column=hotel", nil, nil).Expect(t, 200))
	if d.Find("main #breakdown table.breakdown").Length() != 1 || d.Find(`a[href="`+path+`"]`).Length() == 0 {
		t.Fatal("breakdown page without scripts")
	}
	for _, period := range []string{"week", "month"} {
		d = b.doc(b.do("GET", path+"/timeline?column=date&period="+period, nil, htmx).Expect(t, 200))
		if n := d.Find("figure.timeline svg rect.volume").Length(); n == 0 || d.Find("figure.timeline").Length() != len(topicIDs(p)) {
			t.Fatalf("%s timeline: %d figures, %d bars", period, d.Find("figure.timeline").Length(), n)
		}
		if v, _ := d.Find(`input[name=period][checked]`).Attr("value"); v != period {
			t.Fatalf("period %q checked, want %s", v, period)
		}
	}
	if months := b.doc(b.do("GET", path+"/timeline?column=date", nil, htmx).Expect(t, 200)).Find("table.breakdown thead th").Length(); months != 4 {
		t.Fatalf("by month: %d heads, want 3 months", months)
	}
	for _, u := range []string{"/timeline?column=date&period=day", "/timeline?column=hotel", "/breakdown?column=nope"} {
		r := b.do("GET", path+u, nil, htmx)
		if r.Status != http.StatusUnprocessableEntity || b.doc(r).Find(".error").Text() == "" {
			t.Fatalf("%s: %d %s", u, r.Status, r.Body)
		}
	}
	r := b.do("GET", path+"/breakdown/export?column=hotel&format=csv", nil, nil).Expect(t, 200)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\ufeff")))).ReadAll()
	if err != nil || len(rows) != len(topicIDs(p))+2 || rows[1][0] != "All texts" {
		t.Fatalf("breakdown csv %v %v", rows, err)
	}
	r = b.do("GET", path+"/timeline/export?column=date&period=week&format=xlsx", nil, nil).Expect(t, 200)
	if !bytes.HasPrefix(r.Body, []byte("PK")) {
		t.Fatal("timeline xlsx")
	}
}

// Poles on the project page: the caller's poles of the texts' language
// as checkboxes, a refusal shown on the form with the pole named, the
// scores per topic once measured, the pole page's projects, and a pole
// deleted while used named once.
func TestProjectPolesForm(t *testing.T) {
	e, b, csrf, p := tonalityFixture(t)
	ann := e.As("ann")
	praise, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Praise", Language: "en", Parts: []poles.PartInput{{Term: "great"}, {Term: "friendly"}}})
	if err != nil {
		t.Fatal(err)
	}
	french, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Éloge", Language: "fr", Parts: []poles.PartInput{{Term: "super"}}})
	if err != nil {
		t.Fatal(err)
	}
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find(`#project-poles input[name=pole][value="`+itoa(praise.ID)+`"]`).Length() != 1 || d.Find(`#project-poles input[name=pole][value="`+itoa(french.ID)+`"]`).Length() != 0 {
		t.Fatalf("pole choices: %s", d.Find("#project-poles").Text())
	}
	r := b.do("POST", path+"/poles", url.Values{"_csrf": {csrf}, "pole": {itoa(praise.ID), itoa(french.ID)}}, htmx)
	d = b.doc(r)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(d.Find("#project-poles .error").Text(), "Éloge") ||
		d.Find(`input[value="`+itoa(french.ID)+`"][aria-invalid=true][checked]`).Length() != 1 || d.Find(`input[value="`+itoa(praise.ID)+`"][checked]`).Length() != 1 {
		t.Fatalf("foreign pole: %d %s", r.Status, d.Text())
	}
	d = b.doc(b.do("POST", path+"/poles", url.Values{"_csrf": {csrf}, "pole": {itoa(praise.ID)}}, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("#project-poles .notice").Text(), "Poles saved") {
		t.Fatalf("save: %s", d.Text())
	}
	if ids, _ := e.Svc.ProjectPoles(ann, p.ID); len(ids) != 1 || ids[0] != praise.ID {
		t.Fatalf("poles %v", ids)
	}
	e.Svc.WaitMeasured()
	d = b.doc(b.do("GET", path+"/topics", nil, htmx).Expect(t, 200))
	if !strings.Contains(d.Find(".pole-scores").Text(), "Praise") {
		t.Fatalf("no pole scores: %s", d.Find("#evidence").Text())
	}
	d = b.doc(b.do("GET", path+"/texts?pole="+itoa(praise.ID), nil, nil).Expect(t, 200))
	if d.Find(`select[name=pole] option[selected]`).Text() != "Praise" || d.Find("ol.texts > li").Length() == 0 {
		t.Fatalf("texts of the pole: %s", d.Find("#texts").Text())
	}
	d = b.doc(b.do("GET", "/poles/"+itoa(praise.ID), nil, nil).Expect(t, 200))
	if d.Find(`#pole-projects a[href="`+path+`"]`).Text() != "Hotels" {
		t.Fatalf("pole page projects: %s", d.Find("#pole-projects").Text())
	}
	eve := newBrowser(t, e)
	eveCSRF := eve.login("eve", testkit.Password)
	eve.do("POST", path+"/poles", url.Values{"_csrf": {eveCSRF}, "pole": {itoa(praise.ID)}}, htmx).Expect(t, http.StatusNotFound)
	if _, err := e.Svc.DeletePole(ann, praise.ID); err != nil {
		t.Fatal(err)
	}
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find(".dropped-poles").Text(), "Praise") {
		t.Fatalf("dropped pole not named: %s", d.Find("#project-poles").Text())
	}
	if b.doc(b.do("GET", path, nil, nil).Expect(t, 200)).Find(".dropped-poles").Length() != 0 {
		t.Fatal("dropped pole named twice")
	}
}

// The account's word corrections: added, listed, refused with a message,
// removed.
func TestAccountWordCorrections(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/account/settings", nil, nil).Expect(t, 200))
	if d.Find("#words #no-words").Length() != 1 || d.Find("#word-add select[name=language]").Length() != 1 {
		t.Fatal("no word corrections section")
	}
	d = b.doc(b.do("POST", "/account/words", url.Values{"_csrf": {csrf}, "language": {"EN"}, "word": {"Sick"}, "polarity": {"positive"}}, htmx).Expect(t, 200))
	if row := d.Find("#word-list tbody tr").Text(); !strings.Contains(row, "sick") || !strings.Contains(row, "positive") || d.Find("#words .notice").Length() != 1 {
		t.Fatalf("added: %s", d.Find("#words").Text())
	}
	r := b.do("POST", "/account/words", url.Values{"_csrf": {csrf}, "language": {"EN"}, "word": {"meh"}, "polarity": {"angry"}}, htmx)
	if d = b.doc(r); r.Status != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(d.Find("#words .error").Text()), "polarity") || d.Find(`#word-add input[name=word]`).AttrOr("value", "") != "meh" {
		t.Fatalf("bad polarity: %d %s", r.Status, d.Find("#words").Text())
	}
	r = b.do("POST", "/account/words", url.Values{"_csrf": {csrf}, "language": {"XX"}, "word": {"meh"}, "polarity": {"negative"}}, nil)
	if d = b.doc(r); r.Status != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(d.Find("#words .error").Text()), "language") {
		t.Fatalf("bad language: %d %s", r.Status, d.Find("#words").Text())
	}
	d = b.doc(b.do("POST", "/account/words/remove", url.Values{"_csrf": {csrf}, "language": {"EN"}, "word": {"sick"}}, htmx).Expect(t, 200))
	if d.Find("#word-list").Length() != 0 || d.Find("#no-words").Length() != 1 {
		t.Fatalf("removed: %s", d.Find("#words").Text())
	}
	if ws, _ := e.Svc.WordPolarities(e.As("ann")); len(ws) != 0 {
		t.Fatalf("left %v", ws)
	}
}
