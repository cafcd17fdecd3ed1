package api_test

import (
	"encoding/json"
	"fmt"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestSuggestAnswerBoundsPole: the answer of GET /poles/{id}/suggest keeps
// its declared fields (suggestions, pole), but a pole of 10,000 terms is
// answered with the SuggestQueryTerms strongest parts its suggestions
// were computed from, in the pole's order, and partsOmitted counting the
// others; sending that pole back to replace the parts is refused, to
// append is served. The answer's bytes before (the whole pole) and after
// are logged.
func TestSuggestAnswerBoundsPole(t *testing.T) {
	const n = explorer.PolePartsMax
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"fresh", "new"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	parts := make([]any, n)
	for i := range parts {
		// Weights 0..6 repeat: the strongest are term6, term13, …
		parts[i] = map[string]any{"term": fmt.Sprintf("something%d", i), "weight": i % 7}
	}
	p := createPole(t, e, "ann", map[string]any{"name": "Big", "language": "EN", "parts": parts})
	path := fmt.Sprintf("/v1/poles/%d", p.ID)

	r := e.Do(testkit.Request{Method: "GET", Path: path + "/suggest", User: "ann"}).Expect(t, 200)
	var res struct {
		Suggestions []map[string]any `json:"suggestions"`
		Pole        struct {
			poleJSON
			PartsOmitted *int `json:"partsOmitted"`
		} `json:"pole"`
	}
	r.JSON(t, &res)
	// Before: the same answer with the whole pole, as GET /poles/{id} gives it.
	whole := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Body
	sugg, _ := json.Marshal(res.Suggestions)
	before := len(`{"suggestions":`) + len(sugg) + len(`,"pole":`) + len(whole) + 1
	after := len(r.Body)
	t.Logf("suggestion answer for a %d-term pole: %d bytes before, %d after", n, before, after)
	if before < 200_000 || after > 8_000 {
		t.Fatalf("answer %d bytes (before %d)", after, before)
	}
	if len(res.Suggestions) != 2 || res.Pole.ID != p.ID || res.Pole.Name != "Big" || res.Pole.Language != "EN" {
		t.Fatalf("answer %s", r.Body)
	}
	if res.Pole.PartsOmitted == nil || *res.Pole.PartsOmitted != n-explorer.SuggestQueryTerms || len(res.Pole.Parts) != explorer.SuggestQueryTerms {
		t.Fatalf("%d parts, partsOmitted %v", len(res.Pole.Parts), res.Pole.PartsOmitted)
	}
	for i, part := range res.Pole.Parts {
		if want := fmt.Sprintf("something%d", 6+7*i); part.Term != want || part.Weight != 6 {
			t.Fatalf("part %d is %+v, want %s", i, part, want)
		}
	}

	// The cut pole sent back: replacing is 400 on partsOmitted, nothing lost.
	pr := e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: res.Pole}).Expect(t, 400).Problem(t)
	if len(pr.Errors) != 1 || pr.Errors[0].Field != "partsOmitted" {
		t.Fatalf("problem %+v", pr)
	}
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: res.Pole}).Expect(t, 400)
	if got := getPole(t, e, "ann", p.ID); len(got.Parts) != n {
		t.Fatalf("%d parts after the refused PUT", len(got.Parts))
	}
	e.Do(testkit.Request{Method: "PUT", Path: path + "?clearContents=false", User: "ann", Body: res.Pole}).Expect(t, 204)
	if got := getPole(t, e, "ann", p.ID); len(got.Parts) != n {
		t.Fatalf("%d parts after appending", len(got.Parts))
	}

	// A pole of at most SuggestQueryTerms parts is answered whole, without
	// partsOmitted.
	small := createPole(t, e, "ann", map[string]any{"name": "S", "language": "EN", "parts": parts[:explorer.SuggestQueryTerms]})
	var raw struct {
		Pole map[string]json.RawMessage `json:"pole"`
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest", small.ID), User: "ann"}).Expect(t, 200).JSON(t, &raw)
	var sp []partJSON
	json.Unmarshal(raw.Pole["parts"], &sp)
	if _, ok := raw.Pole["partsOmitted"]; ok || len(sp) != explorer.SuggestQueryTerms || sp[1].Term != "something1" {
		t.Fatalf("small pole %v", raw.Pole)
	}
}
