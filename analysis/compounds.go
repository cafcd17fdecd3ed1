package analysis

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Closed compounds. Dutch, German, the Scandinavian languages and Finnish
// write an aspect's kinds as one word ("wijnkaart", "bedieningspersoneel",
// "visgerecht"): each too rare to title a topic, and none of them the
// topic's word, so a text naming only the compound fell in no topic. The
// head of a compound (its last part) is what the compound is: a
// "wijnkaart" is a "kaart", a "visgerecht" a "gerecht". In those languages
// a word of the texts whose head is a term of a topic joins that topic
// (joinCompounds); it never joins for its modifier (a "wijnkaart" is no
// "wijn"). English writes few compounds closed, and most English words
// that end in another are no kind of it (vegetables, networks, sometimes):
// tried on SemEval-2014, seafood and cheesecake joined but as many wrong
// words did, so English and the other languages are left as they were.
const (
	// minHead is the fewest letters of a head, so that endings ("-en",
	// "-ing") never count as one.
	minHead = 4
	// minModifier is the fewest letters of the part before the head.
	minModifier = 3
	// minStopModifier is the fewest letters of a modifier that is a stop
	// word ("voorgerecht"; "outdoor" is no door).
	minStopModifier = 4
	// maxCompounds is the most compounds that join one topic, those in
	// most texts: a bound on what a topic holds and a page shows, however
	// many texts there are (not chosen by a measure).
	maxCompounds = 40
)

// closedCompounds are the language keys (langKey) whose compounds are
// joined.
var closedCompounds = map[string]bool{"nl": true, "de": true, "sv": true, "da": true, "no": true, "fi": true}

// compoundLinks are the linking letters between a modifier and its head
// ("bedieningS+personeel", "pannE+koek"), beside none.
var compoundLinks = []string{"", "s", "e"}

// joinCompounds adds to each topic the words of the texts that are a
// compound of one of its one-word terms: the word ends in that term (the
// head, of at least minHead letters, in at least exploreMinDocs texts and
// at least as many as the compound), what comes before (minus a linking
// s or e) is a word of the texts or a stop word of lang, and the word may
// be an aspect (isAspect) and is no term of any topic yet. A word with
// several such heads joins the longest ("hoofdgerecht": gerecht, not
// recht). The compounds come after the topic's terms, in most texts first,
// maxCompounds at most.
// Only languages of closedCompounds are joined.
func joinCompounds(groups []TopicGroup, counter *Counter, isAspect func(string) bool, lang string) {
	if !closedCompounds[langKey(lang)] {
		return
	}
	heads := map[string][2]int{} // head → group, topic
	used := map[string]bool{}
	for g := range groups {
		for t, topic := range groups[g].Topics {
			for _, term := range topic.Terms {
				used[term] = true
				if !strings.Contains(term, " ") && utf8.RuneCountInString(term) >= minHead &&
					counter.Count(term).Docs >= exploreMinDocs {
					heads[term] = [2]int{g, t}
				}
			}
		}
	}
	if len(heads) == 0 {
		return
	}
	found := map[[2]int][]TermCount{}
	stop := stopSet(lang)
	for word, tc := range counter.terms {
		if used[word] || strings.Contains(word, " ") {
			continue
		}
		head, ok := compoundHead(word, heads, counter, stop)
		if !ok || tc.Docs > counter.terms[head].Docs || !isAspect(word) {
			continue
		}
		found[heads[head]] = append(found[heads[head]], *tc)
	}
	for at, cs := range found {
		slices.SortFunc(cs, func(a, b TermCount) int {
			if a.Docs != b.Docs {
				return b.Docs - a.Docs
			}
			return strings.Compare(a.Term, b.Term)
		})
		topic := &groups[at[0]].Topics[at[1]]
		for _, c := range cs[:min(len(cs), maxCompounds)] {
			topic.Terms = append(topic.Terms, c.Term)
		}
	}
}

// compoundHead returns the longest of heads that word is a compound of
// (see joinCompounds).
func compoundHead(word string, heads map[string][2]int, counter *Counter, stop map[string]struct{}) (string, bool) {
	n := 0 // letters before i
	for i := range word {
		if n >= minModifier {
			if _, ok := heads[word[i:]]; ok && isModifier(word[:i], counter, stop) {
				return word[i:], true
			}
		}
		n++
	}
	return "", false
}

// isModifier reports whether m, the part of a compound before its head,
// is a word of the texts, with or without a linking letter, or a stop
// word of at least minStopModifier letters.
func isModifier(m string, counter *Counter, stop map[string]struct{}) bool {
	for _, link := range compoundLinks {
		w, ok := strings.CutSuffix(m, link)
		if !ok || utf8.RuneCountInString(w) < minModifier {
			continue
		}
		if counter.terms[w] != nil {
			return true
		}
		if _, isStop := stop[w]; isStop && utf8.RuneCountInString(w) >= minStopModifier {
			return true
		}
	}
	return false
}
