package wordspace

import (
	"slices"
	"strings"
	"testing"

	"explorer/wordspace/lexicon"
)

// senseThesaurus is a made MyThes file in which "cher" shares two synsets
// with each word of its lent sense (pédant, snob, maniéré: the entries of
// précieux and affecté list cher, but neither pédant, snob nor maniéré has
// an entry that does) and two with coûteux and onéreux (its own entry's,
// and coûteux's, which lists cher back). Ties by the number of shared
// synsets would put pédant, snob and maniéré first: they come first in
// the file (lower ids).
const senseThesaurus = `UTF-8
précieux|1
(adj)|cher|pédant|snob|maniéré
affecté|1
(adj)|cher|pédant|snob|maniéré
cher|1
(adj)|coûteux|onéreux
coûteux|1
(adj)|cher|onéreux|ruineux
tard|3
(adv)|tardivement
(adv)|lentement|doucement
(adv)|vite|rapidement
vite|2
(adv)|prestement
(adv)|rapidement|tard
`

func readSenseThesaurus(t *testing.T) *lexicon.Thesaurus {
	t.Helper()
	th, err := lexicon.ReadThesaurus(strings.NewReader(senseThesaurus))
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// A synonym of the term's common sense (its synonyms list it back in their
// own entries) comes before one that shares as many synsets of a sense
// the term only lends to another word (round langs11).
func TestThesaurusCommonSenseFirst(t *testing.T) {
	th := readSenseThesaurus(t)
	s, err := ThesaurusSpace(th, "FR")
	if err != nil {
		t.Fatal(err)
	}
	got := graphSuggest(t, s, "cher")
	var words []string
	for _, g := range got {
		words = append(words, g.Term)
	}
	if len(words) < 5 || !slices.Equal(words[:2], []string{"coûteux", "onéreux"}) {
		t.Fatalf("cher: %v, want coûteux and onéreux first", words)
	}
	if i := slices.Index(words, "pédant"); i < 2 {
		t.Errorf("cher: pédant at %d of %v", i, words)
	}
}

// listsBack reads the place of the first sense of an entry that lists a
// word: 1 for the first, 1/2 for the second, 0 for no entry or none.
func TestListsBack(t *testing.T) {
	th := readSenseThesaurus(t)
	back := listedBy(th)
	id := func(w string) int32 {
		i := slices.Index(th.Words(), w)
		if i < 0 {
			t.Fatalf("no %q", w)
		}
		return int32(i)
	}
	for _, c := range []struct {
		m, w string
		want float64
	}{
		{"précieux", "cher", 1},
		{"coûteux", "cher", 1},
		{"pédant", "cher", 0},
		{"cher", "pédant", 0},
		{"vite", "rapidement", 1.0 / 2},
		{"tard", "vite", 1.0 / 3},
		{"vite", "tard", 1.0 / 2},
		{"tard", "lentement", 1.0 / 2},
	} {
		if got := listsBack(back, id(c.m), id(c.w)); got != c.want {
			t.Errorf("listsBack(%s, %s) = %v, want %v", c.m, c.w, got, c.want)
		}
	}
}
