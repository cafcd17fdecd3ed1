package analysis

import (
	"strings"
	"testing"
)

// TestSpeechBackgroundForFeedbackOnly: a background list of everyday speech
// (RankForFeedback, the lists of languages other than English) removes the
// words it ranks as common from the titles of feedback, and changes nothing
// in texts that are no feedback; a list of written text (English's) applies
// to both.
func TestSpeechBackgroundForFeedbackOnly(t *testing.T) {
	common := func(term string) int {
		if term == "football" {
			return 1 // as frequent as the language's commonest word
		}
		return 0
	}
	opinion := func(w string) bool { return w == "good" || w == "great" || w == "fine" }
	described := exploreCorpus(4000)
	said := make([]string, len(described))
	short := strings.NewReplacer("The ", "", " and the ", " ", " is here.", "")
	for i, t := range described {
		said[i] = short.Replace(t) + ": good, great, fine."
	}
	cases := []struct {
		name      string
		texts     []string
		forFeed   bool
		wantTitle bool
	}{
		{"descriptions, a list of speech", described, true, true},
		{"descriptions, a list of writing", described, false, false},
		{"feedback, a list of speech", said, true, false},
		{"feedback, a list of writing", said, false, false},
	}
	for _, c := range cases {
		lex := Lexicon{Rank: common, Size: 10000, RankForFeedback: c.forFeed, Opinion: opinion}
		groups, err := Explore(textsOf(c.texts), "en", ExploreOptions{Topics: 8, Groups: 4}, lex)
		if err != nil {
			t.Fatal(err)
		}
		if got := titled(groups, "football"); got != c.wantTitle {
			t.Errorf("%s: a topic titled football %v, want %v: %+v", c.name, got, c.wantTitle, groups)
		}
	}
	// Without a list the word titles a topic in both (so the cases can fail).
	for _, texts := range [][]string{described, said} {
		groups, err := Explore(textsOf(texts), "en", ExploreOptions{Topics: 8, Groups: 4}, Lexicon{Opinion: opinion})
		if err != nil {
			t.Fatal(err)
		}
		if !titled(groups, "football") {
			t.Fatalf("no list: no topic titled football: %+v", groups)
		}
	}
}

func titled(groups []TopicGroup, title string) bool {
	for _, g := range groups {
		for _, tp := range g.Topics {
			if tp.Title == title {
				return true
			}
		}
	}
	return false
}
