package poles_test

import (
	"slices"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/tonality"
	"explorer/wordspace"
)

// suggestedWords is the terms of a pole's suggestions at limit n.
func suggestedWords(t *testing.T, e *testkit.Env, who string, pole int64, n int) []string {
	t.Helper()
	got, err := e.Svc.SuggestPoleTerms(e.As(who), pole, &n)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(got.Suggestions))
	for i, sg := range got.Suggestions {
		out[i] = sg.Term
	}
	return out
}

// projectSpaceEnv is ann with an explored project of made-up cafe comments
// and its word space, beside a thesaurus whose candidates include words of
// the texts deep in its list (so that the blend re-ranks them).
func projectSpaceEnv(t *testing.T) *testkit.Env {
	t.Helper()
	cands := []string{"latte", "tea", "espresso", "mocha", "cocoa", "juice", "milk", "water", "soda", "wine",
		"beer", "cider", "brew", "drink", "cup", "mug", "bean", "roast", "awful", "superb", "terrible",
		"bread", "cake", "soup", "salad", "pasta", "sweet", "bitter", "hot", "cold", "lovely", "fine"}
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": cands}}
	ps := wordspace.NewProjectSpaces()
	e := testkit.New(t, testkit.WithWordSpaces(ws), func(o *explorer.Options) { o.ProjectSpaces = ps })
	e.AddUser("ann", "")
	p := e.ImportProject("ann", "Cafe", testkit.MadeUpCSV(400))
	if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuildProjectSpace(e.As("ann"), p.ID); err != nil {
		t.Fatal(err)
	}
	return e
}

// With a project space blended in, the first N suggestions are the same
// whatever limit asks for (issue 33: the top ten changed with the limit).
func TestSuggestFirstNWhateverLimit(t *testing.T) {
	e := projectSpaceEnv(t)
	pole := mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "Drinks", Language: "EN", Parts: partsOf("coffee", nil)})
	all := suggestedWords(t, e, "ann", pole.ID, poles.SuggestLimitMax)
	if len(all) < 30 || !slices.Contains(all, "zorblax") {
		t.Fatalf("suggestions %v", all)
	}
	for n := 1; n <= 30; n++ {
		if got := suggestedWords(t, e, "ann", pole.ID, n); !slices.Equal(got, all[:n]) {
			t.Fatalf("limit %d: %v, the first of limit %d: %v", n, got, poles.SuggestLimitMax, all[:n])
		}
	}
}

// A suggestion never has the opposite polarity of the pole (by the
// tonality lexicon, with the owner's corrections), from the thesaurus and
// from the project space alike; a pole without a majority polarity keeps
// every word.
func TestSuggestKeepsPolarity(t *testing.T) {
	e := projectSpaceEnv(t)
	ann := e.As("ann")
	a, _ := tonality.For("EN")
	sign := func(w string) int { return poles.TermPolarity(a, w) }
	if sign("awful") != -1 || sign("terrible") != -1 || sign("bitter") != -1 || sign("superb") != 1 || sign("lovely") != 1 {
		t.Fatal("the lexicon's polarities are not those this test reads")
	}
	pos := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Good", Language: "EN", Parts: partsOf("great", nil, "nice", nil, "coffee", nil)})
	got := suggestedWords(t, e, "ann", pos.ID, poles.SuggestLimitMax)
	for _, w := range got {
		if sign(w) < 0 {
			t.Errorf("negative %q suggested for a positive pole: %v", w, got)
		}
	}
	if !slices.Contains(got, "superb") || !slices.Contains(got, "latte") {
		t.Errorf("positive or neutral words missing: %v", got)
	}
	neg := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Bad", Language: "EN", Parts: partsOf("awful", nil, "horrible", nil)})
	got = suggestedWords(t, e, "ann", neg.ID, poles.SuggestLimitMax)
	if slices.ContainsFunc(got, func(w string) bool { return sign(w) > 0 }) || !slices.Contains(got, "terrible") {
		t.Errorf("suggestions for a negative pole: %v", got)
	}
	// A tie (one positive, one negative term) keeps both polarities.
	tie := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Mixed", Language: "EN", Parts: partsOf("great", nil, "horrible", nil)})
	got = suggestedWords(t, e, "ann", tie.ID, poles.SuggestLimitMax)
	if !slices.Contains(got, "superb") || !slices.Contains(got, "awful") {
		t.Errorf("suggestions for a mixed pole: %v", got)
	}
	// The owner's correction moves a word to the pole's side.
	if _, err := e.Svc.SetWordPolarity(ann, "EN", "bitter", 1); err != nil {
		t.Fatal(err)
	}
	if got = suggestedWords(t, e, "ann", pos.ID, poles.SuggestLimitMax); !slices.Contains(got, "bitter") || slices.Contains(got, "awful") {
		t.Errorf("after correcting bitter: %v", got)
	}
}

// frequency counts a suggested word in the account's texts of the pole's
// language: the made-up word as often as the comments hold it, a
// thesaurus word the texts never use 0, and 0 for an account without
// texts (issue 33: it showed the general corpus's counts).
func TestSuggestFrequencyCountsTheTexts(t *testing.T) {
	e := projectSpaceEnv(t)
	want := map[string]int{}
	for _, w := range strings.Fields(strings.ReplaceAll(string(testkit.MadeUpCSV(400)), ",", " ")) {
		want[w]++
	}
	pole := mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "Drinks", Language: "EN", Parts: partsOf("coffee", nil)})
	got, err := e.Svc.SuggestPoleTerms(e.As("ann"), pole.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, sg := range got.Suggestions {
		if sg.Frequency != want[sg.Term] {
			t.Errorf("%s: frequency %d, the texts hold it %d times", sg.Term, sg.Frequency, want[sg.Term])
		}
		if sg.Frequency > 0 {
			seen++
		}
	}
	if seen == 0 || want["zorblax"] < 100 {
		t.Fatalf("no suggestion from the texts: %+v", got.Suggestions)
	}
	e.AddUser("bob", "")
	bp := mustCreatePole(t, e.As("bob"), e, poles.PoleInput{Name: "Drinks", Language: "EN", Parts: partsOf("coffee", nil)})
	got, err = e.Svc.SuggestPoleTerms(e.As("bob"), bp.ID, nil)
	if err != nil || len(got.Suggestions) == 0 {
		t.Fatal(got, err)
	}
	for _, sg := range got.Suggestions {
		if sg.Frequency != 0 {
			t.Errorf("bob has no texts: %+v", sg)
		}
	}
}

// Suggestions made of function words only (the language's stop words) are
// never answered, in the thesaurus list as in any other; a phrase with a
// content word is (issue 33: SV inte, mycket; DE in, dein).
func TestSuggestNoFunctionWords(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{
		"SV": {"inte", "trevlig", "mycket", "mycket trevlig", "snäll"},
		"DE": {"in", "freundlich", "dein", "sehr nett"},
	}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	for lang, want := range map[string][]string{"SV": {"trevlig", "mycket trevlig", "snäll"}, "DE": {"freundlich", "sehr nett"}} {
		pole := mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "Nice " + lang, Language: lang, Parts: partsOf("vänlig", nil)})
		if got := suggestedWords(t, e, "ann", pole.ID, 20); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", lang, got, want)
		}
	}
}
