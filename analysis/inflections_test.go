package analysis

import (
	"slices"
	"testing"
)

// In a language whose nouns take case endings, the words of the texts
// that inflect a topic's title join the topic, most texts first: another
// case, a softened last consonant ("kebabı"), one typed without the
// Turkish letters ("kebabini", "kofteleri"), the whole title whose stem is
// short ("masalar" of "masa", stem "mas"), a stem the plural title
// begins with ("garsona" of "garsonlar"), a last vowel replaced
// ("блюда"). A word of the same Snowball stem that does not begin with
// the title ("ortada" of "ortam"), an inflection of a member, a word that
// is no aspect and an English plural do not.
func TestTextInflectionsJoinTheirTitle(t *testing.T) {
	tr := counterOf("tr",
		"garsona sorduk", "garsona sorduk", "garsonumuz geldi", "kebabı yedik", "kebabını sevdik", "kebabini begendik",
		"ortamı sevdik", "ortada duruyor", "masalar dolu", "tatlıları aldık", "rezaleti yaşadık",
		"köfteler geldi", "kofteleri yedik")
	notAspect := func(w string) bool { return w != "rezaleti" }
	groups := []TopicGroup{{Title: "garsonlar", Topics: []Topic{
		{Title: "garsonlar", Terms: []string{"garsonlar"}},
		{Title: "kebap", Terms: []string{"kebap", "tatlı"}},
		{Title: "ortam", Terms: []string{"ortam"}},
		{Title: "rezalet", Terms: []string{"rezalet"}},
		{Title: "masa", Terms: []string{"masa"}},
		{Title: "köfte", Terms: []string{"köfte"}},
	}}}
	joinTextInflections(groups, newTextWords(tr, notAspect, "tr", true, nil), nil)
	want := map[string][]string{
		"garsonlar": {"garsonlar", "garsona", "garsonumuz"},
		"kebap":     {"kebap", "tatlı", "kebabini", "kebabı", "kebabını"},
		"ortam":     {"ortam", "ortamı"},
		"rezalet":   {"rezalet"},
		"masa":      {"masa", "masalar"},
		"köfte":     {"köfte", "kofteleri", "köfteler"},
	}
	for _, tp := range groups[0].Topics {
		if !slices.Equal(tp.Terms, want[tp.Title]) {
			t.Errorf("%s: %q, want %q", tp.Title, tp.Terms, want[tp.Title])
		}
	}
	ru := counterOf("ru", "блюда остыли", "блюда остыли", "официанта позвали", "блюд не было")
	groups = []TopicGroup{{Title: "блюдо", Topics: []Topic{{Title: "блюдо", Terms: []string{"блюдо"}}, {Title: "официант", Terms: []string{"официант"}}}}}
	joinTextInflections(groups, newTextWords(ru, func(string) bool { return true }, "ru", true, nil), nil)
	if got := groups[0].Topics[0].Terms; !slices.Equal(got, []string{"блюдо", "блюда", "блюд"}) {
		t.Errorf("блюдо: %q", got)
	}
	if got := groups[0].Topics[1].Terms; !slices.Equal(got, []string{"официант", "официанта"}) {
		t.Errorf("официант: %q", got)
	}
	if newTextWords(ru, func(string) bool { return true }, "ru", false, nil) != nil {
		t.Error("the words of Russian descriptions are kept for inflections")
	}
	en := counterOf("en", "the waiters came", "a waiter")
	groups = []TopicGroup{{Title: "waiter", Topics: []Topic{{Title: "waiter", Terms: []string{"waiter"}}}}}
	joinTextInflections(groups, newTextWords(en, func(string) bool { return true }, "en", true, nil), nil)
	if got := groups[0].Topics[0].Terms; !slices.Equal(got, []string{"waiter"}) {
		t.Errorf("English joined inflections of the texts: %q", got)
	}
}

// A word of a kind joins only a title of its kind: "ortam" (ambience) and
// "tavanlar" (ceilings) begin with "orta" and "tava" but join neither,
// while "ortası" and "tavası", of no kind, and "kebabı", of the title's,
// do.
func TestTextInflectionsKeepTheirKind(t *testing.T) {
	tr := counterOf("tr", "ortam güzel", "ortası boş", "tavanlar yüksek", "tavası geldi", "kebabı yedik")
	groups := []TopicGroup{{Title: "orta", Topics: []Topic{
		{Title: "orta", Terms: []string{"orta"}},
		{Title: "tava", Terms: []string{"tava"}},
		{Title: "kebap", Terms: []string{"kebap"}},
	}}}
	joinTextInflections(groups, newTextWords(tr, func(string) bool { return true }, "tr", true, kindsOf("tr")), kindsOf("tr"))
	want := map[string][]string{"orta": {"orta", "ortası"}, "tava": {"tava", "tavası"}, "kebap": {"kebap", "kebabı"}}
	for _, tp := range groups[0].Topics {
		if !slices.Equal(tp.Terms, want[tp.Title]) {
			t.Errorf("%s: %q, want %q", tp.Title, tp.Terms, want[tp.Title])
		}
	}
}
