package analysis

import (
	"math"
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
	// maxCompounds is the most compounds that join one topic, and the
	// most inflections of the texts (joinTextInflections), those in most
	// texts: a bound on what a topic holds and a page shows, however many
	// texts there are (not chosen by a measure).
	maxCompounds = 40
)

// closedCompounds are the language keys (langKey) whose compounds are
// joined.
var closedCompounds = map[string]bool{"nl": true, "de": true, "sv": true, "da": true, "no": true, "fi": true}

// compoundLinks are the linking letters between a modifier and its head
// ("bedieningS+personeel", "hundE+hütte"), beside none.
var compoundLinks = []string{"", "s", "e"}

// textWords are the counted words joinCompounds, joinTextInflections
// and joinKinds read, taken from the Counter before the second pass over
// the texts so that the Counter (its pairs, bigrams and uses) is freed
// meanwhile, as before compounds.
type textWords struct {
	words       map[string]textWord
	stop        map[string]struct{}
	compounds   bool                     // the language writes compounds closed (closedCompounds)
	inflections bool                     // its nouns take case endings (caseInflected) and the texts are feedback
	kindOf      func(term string) string // the words' kinds (kindsOf), in feedback; nil: none
	lang        string                   // its key
}

type textWord struct {
	docs int32
	// aspect: may title or join a topic (isAspect); asked of words long
	// enough to be a compound, to inflect a term in a language in
	// caseInflected (minHead letters) or to join the group of its kind
	// (minKindWord)
	aspect bool
}

// newTextWords returns the words of counter that joinCompounds and, in
// feedback, joinTextInflections and joinKinds (kindOf: the kinds, nil
// where the language has none or the texts are no feedback) read; nil
// when none reads any. Where only joinKinds reads them, only the words
// of a kind are kept: not the whole vocabulary of a large project.
func newTextWords(counter *Counter, isAspect func(string) bool, lang string, feedback bool, kindOf func(string) string) *textWords {
	key := langKey(lang)
	inflections := caseInflected[key] && feedback
	if !closedCompounds[key] && !inflections && kindOf == nil {
		return nil
	}
	least := minModifier + minHead
	switch {
	case kindOf != nil:
		least = minKindWord
	case inflections:
		least = minHead
	}
	onlyKinds := !closedCompounds[key] && !inflections
	cw := &textWords{words: map[string]textWord{}, stop: stopSet(lang),
		compounds: closedCompounds[key], inflections: inflections, kindOf: kindOf, lang: key}
	for word, tc := range counter.terms {
		if strings.Contains(word, " ") || onlyKinds && kindOf(word) == "" {
			continue
		}
		long := utf8.RuneCountInString(word) >= least
		cw.words[word] = textWord{docs: int32(min(tc.Docs, math.MaxInt32)), aspect: long && isAspect(word)}
	}
	return cw
}

// joinCompounds adds to each topic the words of the texts (cw, nil: none)
// that are a compound of one of its one-word terms: the word ends in that
// term (the head, of at least minHead letters, in at least exploreMinDocs
// texts and at least as many as the compound), what comes before (minus
// a linking s or e) is a word of the texts or a stop word of the
// language, and the word may be an aspect and is no term of any topic
// yet. A word with several such heads joins the longest ("hoofdgerecht":
// gerecht, not recht). The compounds come after the topic's terms, in
// most texts first, maxCompounds at most.
func joinCompounds(groups []TopicGroup, cw *textWords) {
	if cw == nil || !cw.compounds {
		return
	}
	heads := map[string][2]int{} // head → group, topic
	used := map[string]bool{}
	for g := range groups {
		for t, topic := range groups[g].Topics {
			for _, term := range topic.Terms {
				used[term] = true
				if utf8.RuneCountInString(term) >= minHead && cw.words[term].docs >= exploreMinDocs {
					heads[term] = [2]int{g, t}
				}
			}
		}
	}
	if len(heads) == 0 {
		return
	}
	found := map[[2]int][]TermCount{}
	for word, w := range cw.words {
		if used[word] || !w.aspect {
			continue
		}
		head, ok := cw.head(word, heads)
		if !ok || w.docs > cw.words[head].docs {
			continue
		}
		found[heads[head]] = append(found[heads[head]], TermCount{Term: word, Docs: int(w.docs)})
	}
	for at, cs := range found {
		appendMostTexts(&groups[at[0]].Topics[at[1]], cs)
	}
}

// appendMostTexts appends to topic's terms those of cs in most texts
// first, maxCompounds at most.
func appendMostTexts(topic *Topic, cs []TermCount) {
	slices.SortFunc(cs, func(a, b TermCount) int {
		if a.Docs != b.Docs {
			return b.Docs - a.Docs
		}
		return strings.Compare(a.Term, b.Term)
	})
	for _, c := range cs[:min(len(cs), maxCompounds)] {
		topic.Terms = append(topic.Terms, c.Term)
	}
}

// head returns the longest of heads that word is a compound of (see
// joinCompounds).
func (cw *textWords) head(word string, heads map[string][2]int) (string, bool) {
	n := 0 // letters before i
	for i := range word {
		if n >= minModifier {
			if _, ok := heads[word[i:]]; ok && cw.isModifier(word[:i]) {
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
func (cw *textWords) isModifier(m string) bool {
	for _, link := range compoundLinks {
		w, ok := strings.CutSuffix(m, link)
		if !ok || utf8.RuneCountInString(w) < minModifier {
			continue
		}
		if _, ok := cw.words[w]; ok {
			return true
		}
		if _, isStop := cw.stop[w]; isStop && utf8.RuneCountInString(w) >= minStopModifier {
			return true
		}
	}
	return false
}
