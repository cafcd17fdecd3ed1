package poles_test

import (
	"fmt"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// BenchmarkSuggestWithProjectSpaces is one suggestion for a pole of an
// account with 3 project spaces of its language, another account having
// 3 more (trained once, before the loop): the store reads and the lookup
// of the account's spaces are what it measures beside the searches; and
// one for a pole of a language no account has a space of.
func BenchmarkSuggestWithProjectSpaces(b *testing.B) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"latte", "tea", "espresso"}, "SV": {"kaffe", "te"}}}
	ps := wordspace.NewProjectSpaces()
	e := testkit.New(b, testkit.WithWordSpaces(ws), func(o *explorer.Options) { o.ProjectSpaces = ps })
	for _, who := range []string{"bob", "ann"} {
		e.AddUser(who, "")
		for i := range 3 {
			p := e.ImportProject(who, fmt.Sprint("Cafe ", i), testkit.MadeUpCSV(400))
			if _, err := e.Svc.ExploreProject(e.As(who), p.ID, "comment"); err != nil {
				b.Fatal(err)
			}
			if _, err := e.Svc.BuildProjectSpace(e.As(who), p.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
	ann := e.As("ann")
	for _, c := range []struct{ name, lang string }{{"own-spaces", "EN"}, {"no-spaces-in-language", "SV"}} {
		pole, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Drinks " + c.lang, Language: c.lang, Parts: partsOf("coffee", nil)})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				got, err := e.Svc.SuggestPoleTerms(ann, pole.ID, nil)
				if err != nil || len(got.Suggestions) == 0 {
					b.Fatal(got, err)
				}
			}
		})
	}
}
