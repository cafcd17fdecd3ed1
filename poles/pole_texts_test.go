package poles_test

import (
	"slices"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// A project's word space joins the suggestions of its account's poles of
// its language: the made-up word is suggested for {coffee} to ann (ahead
// of the thesaurus's candidates it re-ranks), to nobody else, and not in
// another language; deleting the project removes it.
func TestProjectSpaceSuggestsForItsAccount(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"latte", "tea", "espresso"}, "SV": {"kaffe"}}}
	ps := wordspace.NewProjectSpaces()
	e := testkit.New(t, testkit.WithWordSpaces(ws), func(o *explorer.Options) { o.ProjectSpaces = ps })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := e.As("ann"), e.As("bob")
	p := e.ImportProject("ann", "Cafe", testkit.MadeUpCSV(400))
	if _, err := e.Svc.BuildProjectSpace(ann, p.ID); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("unexplored project: %v", err)
	}
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuildProjectSpace(bob, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("another user's project: %v", err)
	}
	info, err := e.Svc.BuildProjectSpace(ann, p.ID)
	if err != nil || info.Language != "EN" || info.Texts != 400 {
		t.Fatalf("build: %+v %v", info, err)
	}
	terms := func(get func() []explorer.PoleSuggestion) []string {
		var out []string
		for _, sg := range get() {
			out = append(out, sg.Term)
		}
		return out
	}
	suggest := func(who string, lang string) func() []explorer.PoleSuggestion {
		return func() []explorer.PoleSuggestion {
			pole := mustCreatePole(t, e.As(who), e, poles.PoleInput{Name: "Drinks " + lang, Language: lang, Parts: partsOf("coffee", nil)})
			got, err := e.Svc.SuggestPoleTerms(e.As(who), pole.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			return got.Suggestions
		}
	}
	annEN := terms(suggest("ann", "EN"))
	if len(annEN) == 0 || annEN[0] != "zorblax" || !slices.Contains(annEN, "latte") {
		t.Errorf("ann's EN suggestions: %v", annEN)
	}
	if got := terms(suggest("bob", "EN")); slices.Contains(got, "zorblax") {
		t.Errorf("bob's suggestions hold ann's word: %v", got)
	}
	if got := terms(suggest("ann", "SV")); slices.Contains(got, "zorblax") {
		t.Errorf("ann's SV suggestions hold an EN project's word: %v", got)
	}
	if err := e.Svc.DeleteProject(ann, p.ID); err != nil {
		t.Fatal(err)
	}
	if got := terms(suggest("ann", "EN")); slices.Contains(got, "zorblax") {
		t.Errorf("suggested after the project's deletion: %v", got)
	}
}
