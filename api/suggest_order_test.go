package api_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/tonality"
	"explorer/wordspace"
)

// defaultEnglishEnv is a server whose word spaces are the real registry
// with the embedded English space.
func defaultEnglishEnv(t *testing.T) *testkit.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("loads the default space")
	}
	reg := wordspace.NewRegistry(nil)
	reg.LoadDefault()
	if err := reg.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := testkit.New(t, testkit.WithWordSpaces(reg))
	e.AddUser("ann", "")
	return e
}

func suggestedAt(t *testing.T, e *testkit.Env, id int64, limit int) []string {
	t.Helper()
	var res struct {
		Suggestions []struct {
			Term string `json:"term"`
		} `json:"suggestions"`
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/poles/%d/suggest?limit=%d", id, limit), User: "ann"}).Expect(t, 200).JSON(t, &res)
	out := make([]string, len(res.Suggestions))
	for i, s := range res.Suggestions {
		out[i] = s.Term
	}
	return out
}

// Through /v1 on the embedded English space: declining a sense's words
// (POST .../rejections) moves no other word of the first 20 down, the first
// N are the same whatever limit asks, and a positive pole gets no negative
// word (issue 33).
func TestSuggestDeclineLimitPolarityAPI(t *testing.T) {
	e := defaultEnglishEnv(t)
	p := createPole(t, e, "ann", map[string]any{"name": "Prompt", "language": "en", "parts": []any{map[string]any{"term": "prompt"}}})
	before := suggestedAt(t, e, p.ID, 20)
	for _, n := range []int{1, 5, 10} {
		if got := suggestedAt(t, e, p.ID, n); !slices.Equal(got, before[:n]) {
			t.Fatalf("limit %d: %v, the first of 20: %v", n, got, before)
		}
	}
	declined := []string{"cue", "ask", "remind"}
	for _, d := range declined {
		if !slices.Contains(before, d) {
			t.Fatalf("%q not suggested before: %v", d, before)
		}
	}
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/poles/%d/rejections", p.ID), User: "ann", Body: map[string]any{"terms": declined}}).Expect(t, 200)
	after := suggestedAt(t, e, p.ID, 20)
	t.Logf("before %v\nafter  %v", before, after)
	for i, w := range before {
		j := slices.Index(after, w)
		if slices.Contains(declined, w) != (j < 0) || j > i {
			t.Errorf("%q moved from #%d to #%d", w, i+1, j+1)
		}
	}

	a, _ := tonality.For("EN")
	good := createPole(t, e, "ann", map[string]any{"name": "Good", "language": "en", "parts": []any{map[string]any{"term": "good"}, map[string]any{"term": "great"}}})
	for _, w := range suggestedAt(t, e, good.ID, poles.SuggestLimitMax) {
		if poles.TermPolarity(a, w) < 0 {
			t.Errorf("negative %q suggested for {good, great}", w)
		}
	}
}
