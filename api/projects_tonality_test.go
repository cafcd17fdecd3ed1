package api_test

import (
	"bytes"
	"encoding/csv"
	"explorer/projects"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	explorer "explorer"
	"explorer/internal/testkit"

	"github.com/xuri/excelize/v2"
)

// hostileReviews are texts of every length and script, empty ones, mixed
// languages, emoji and control characters, with the reviews the tonality
// tests know.
func hostileReviews() []byte {
	texts := []string{
		"Great food but the service was painfully slow.",
		"The service was excellent 😀👍🏽 and the food too!",
		"",
		"   ",
		"الطعام رائع والخدمة بطيئة جدا",
		"食べ物はおいしいですが、サービスは遅いです。",
		"The food was ok. Le service était lent. Das Essen war gut.",
		strings.Repeat("The service was slow and the food cold. ", 700),
		"service\u200b food\u0007 \u202eeciv\u202c",
		"👍",
		"Nothing special about the food, never again.",
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"id", "review"})
	for i := range 4 {
		for j, s := range texts {
			w.Write([]string{fmt.Sprint(i*len(texts) + j + 1), s})
		}
	}
	w.Flush()
	return b.Bytes()
}

type wireTexts struct {
	Total  int  `json:"total"`
	Offset int  `json:"offset"`
	Stale  bool `json:"stale"`
	Texts  []struct {
		Row      int    `json:"row"`
		Text     string `json:"text"`
		Tonality struct {
			Label string  `json:"label"`
			Score float64 `json:"score"`
		} `json:"tonality"`
		Topics []struct {
			ID int64 `json:"id"`
		} `json:"topics"`
		Spans []struct {
			Start   int    `json:"start"`
			End     int    `json:"end"`
			Kind    string `json:"kind"`
			TopicID int64  `json:"topicId"`
		} `json:"spans"`
	} `json:"texts"`
}

// The texts of a project explored from hostile texts: every non-empty
// text listed whole, spans in code points inside each text and not
// overlapping, the filters' bad values 400, the exports readable.
func TestProjectTextsAPI(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := measuredHostile(t, e)
	get := func(query string, want int) *testkit.Response {
		t.Helper()
		return e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d/%s", p.ID, query), User: "ann"}).Expect(t, want)
	}
	var page wireTexts
	get("texts?limit=1000", 200).JSON(t, &page)
	if page.Total != 36 || len(page.Texts) != 36 || page.Stale {
		t.Fatalf("total %d, %d texts, stale %v", page.Total, len(page.Texts), page.Stale)
	}
	for _, tx := range page.Texts {
		end, n := 0, utf8.RuneCountInString(tx.Text)
		for _, s := range tx.Spans {
			if s.Start < end || s.End <= s.Start || s.End > n || (s.Kind == "topic") != (s.TopicID != 0) {
				t.Fatalf("row %d: span %+v (text of %d code points)", tx.Row, s, n)
			}
			end = s.End
		}
	}
	if first := page.Texts[0]; first.Tonality.Label != projects.LabelNegative && first.Tonality.Label != projects.LabelPositive {
		t.Errorf("first text %+v", first.Tonality)
	}
	for _, q := range []string{"texts?limit=0", "texts?limit=1001", "texts?limit=x", "texts?offset=-1", "texts?topic=0", "texts?topic=99999",
		"texts?pole=3", "texts?tonality=angry", "texts?q=" + strings.Repeat("w", 201), "texts?q=%00", "export?format=pdf", "topics?format=doc"} {
		get(q, 400).Problem(t)
	}
	get("texts?q=SERVICE%20slow&limit=5", 200).JSON(t, &page)
	if page.Total != 8 || len(page.Texts) != 5 {
		t.Errorf("q: total %d, %d texts", page.Total, len(page.Texts))
	}
	r := get("export", 200)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\uFEFF")))).ReadAll()
	if err != nil || len(rows) != 37 || rows[0][2] != "Tonality" {
		t.Fatalf("csv export: %d rows %v %v", len(rows), err, rows[:1])
	}
	x, err := excelize.OpenReader(bytes.NewReader(get("export?format=xlsx", 200).Body))
	if err != nil {
		t.Fatal(err)
	}
	all, _ := x.GetRows("Texts")
	if len(all) != 37 || all[0][3] != "Score" {
		t.Fatalf("xlsx export: %d rows, header %v", len(all), all[0])
	}
	x, err = excelize.OpenReader(bytes.NewReader(get("topics?format=xlsx", 200).Body))
	if err != nil {
		t.Fatal(err)
	}
	if topics, _ := x.GetRows("Topics"); len(topics) < 2 || topics[0][5] != "Positive" {
		t.Fatalf("topics export %v", topics)
	}
}

// PUT /v1/projects/{id}/poles: the body's rules, and the answer.
func TestProjectPolesAPI(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	p := measuredHostile(t, e)
	pole := func(user, lang string) int64 {
		var out struct {
			ID int64 `json:"id"`
		}
		e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: user, Body: map[string]any{"name": "Speed", "language": lang, "parts": []map[string]any{{"term": "slow", "weight": 2}}}}).Expect(t, 201).JSON(t, &out)
		return out.ID
	}
	en, de, bobs := pole("ann", "EN"), pole("ann", "DE"), pole("bob", "EN")
	put := func(body any, ct string, want int) *testkit.Response {
		t.Helper()
		return e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/projects/%d/poles", p.ID), User: "ann", Body: body, ContentType: ct}).Expect(t, want)
	}
	if pr := put(map[string]any{"poleIds": []int64{en, de}}, "", 400).Problem(t); len(pr.Errors) != 1 || pr.Errors[0].Field != "poleIds[1]" {
		t.Errorf("language: %+v", pr)
	}
	put(map[string]any{"poleIds": []int64{bobs}}, "", 404).Problem(t)
	put(map[string]any{"poleIds": make([]int64, 21)}, "", 400).Problem(t)
	put(map[string]any{"poleIds": "x"}, "", 400).Problem(t)
	put(map[string]any{}, "", 400).Problem(t)
	put(`{"poleIds":[1]}`, "text/plain", 415).Problem(t)
	var got struct {
		PoleIDs []int64 `json:"poleIds"`
	}
	put(map[string]any{"poleIds": []int64{en, en}}, "", 200).JSON(t, &got)
	if len(got.PoleIDs) != 1 || got.PoleIDs[0] != en {
		t.Fatalf("answer %+v", got)
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d/poles", p.ID), User: "ann"}).Expect(t, 200).JSON(t, &got)
	if len(got.PoleIDs) != 1 {
		t.Fatalf("get %+v", got)
	}
	e.Svc.WaitMeasured()
	var topics struct {
		Stale bool `json:"stale"`
		Poles []struct {
			PoleID int64   `json:"poleId"`
			Texts  int     `json:"texts"`
			Score  float64 `json:"score"`
		} `json:"poles"`
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d/topics", p.ID), User: "ann"}).Expect(t, 200).JSON(t, &topics)
	if topics.Stale || len(topics.Poles) != 1 || topics.Poles[0].Texts != 8 || topics.Poles[0].Score <= 0 {
		t.Errorf("topics' poles %+v", topics)
	}
	put(map[string]any{"poleIds": []int64{}}, "", 200).JSON(t, &got)
	if got.PoleIDs == nil || len(got.PoleIDs) != 0 {
		t.Errorf("emptied %+v", got)
	}
}

// measuredHostile imports hostileReviews as ann's, explores it and
// applies a model of the topics food and service (uploaded through /v1),
// so that it is measured with known topics.
func measuredHostile(t *testing.T, e *testkit.Env) *explorer.Project {
	t.Helper()
	p := e.ImportProject("ann", "Hostile", hostileReviews())
	if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "review"); err != nil {
		t.Fatal(err)
	}
	model := decodeModel(t, e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,food,food\n2,service,\"service,staff\"\n"), "").Expect(t, 201)).ID
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/projects/%d/apply?modelId=%d", p.ID, model), User: "ann"}).Expect(t, 200)
	return p
}
