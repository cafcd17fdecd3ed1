package analysis

import (
	"cmp"
	"slices"
	"strings"

	"github.com/clipperhouse/uax29/v2/words"
)

// Span is a part of a text, in bytes: [Start, End).
type Span struct{ Start, End int }

// TopicMatcher finds which of several topics a text matches, and where,
// by the rules of Prepare and Text.Contains (the same folded words, the
// same apostrophe cuts, phrases as consecutive words), without folding
// the topics' terms again for every text. A TopicMatcher is not safe for
// concurrent use: it reuses its buffers from one text to the next.
type TopicMatcher struct {
	key    string
	stop   map[string]struct{}
	single map[string][]int    // a one-word term → the topics holding it
	phrase map[string][]phrase // a phrase's first word → its phrases
	topics int
	// Buffers reused by Match.
	toks  []token
	spans [][]Span
	hit   []int
}

type phrase struct {
	words []string
	topic int
}

type token struct {
	word, cut  string
	start, end int
}

// NewTopicMatcher returns a matcher of topics, each given by its terms,
// in texts of the language lang. Terms are folded as FoldTerm folds them;
// a term with no word never matches.
func NewTopicMatcher(topics [][]string, lang string) *TopicMatcher {
	m := &TopicMatcher{
		key: langKey(lang), stop: stopSet(lang), topics: len(topics),
		single: map[string][]int{}, phrase: map[string][]phrase{},
		spans: make([][]Span, len(topics)),
	}
	for i, terms := range topics {
		for _, term := range terms {
			switch ws := termWords(term); len(ws) {
			case 0:
			case 1:
				m.single[ws[0]] = appendOnce(m.single[ws[0]], i)
			default:
				m.phrase[ws[0]] = append(m.phrase[ws[0]], phrase{words: ws, topic: i})
			}
		}
	}
	return m
}

func appendOnce(list []int, i int) []int {
	if len(list) > 0 && list[len(list)-1] == i {
		return list
	}
	return append(list, i)
}

// Match calls fn, in the order of the topics, for each topic text matches
// with the spans of its matched words in text (in order, not overlapping,
// adjacent ones kept apart). A text with invalid UTF-8 is matched as
// Prepare reads it, with U+FFFD for each invalid byte sequence: the spans
// are then in text's valid form (strings.ToValidUTF8(text, "\uFFFD")).
// The spans are valid only during fn.
func (m *TopicMatcher) Match(text string, fn func(topic int, spans []Span)) {
	m.tokens(text)
	for _, i := range m.hit {
		m.spans[i] = m.spans[i][:0]
	}
	m.hit = m.hit[:0]
	for k, t := range m.toks {
		for _, i := range m.single[t.word] {
			m.add(i, Span{t.start, t.end})
		}
		if t.cut != "" && t.cut != t.word {
			for _, i := range m.single[t.cut] {
				m.add(i, Span{t.start, t.end})
			}
		}
		for _, p := range m.phrase[t.word] {
			if m.phraseAt(k, p.words) {
				m.add(p.topic, Span{t.start, m.toks[k+len(p.words)-1].end})
			}
		}
	}
	slices.Sort(m.hit)
	for _, i := range m.hit {
		fn(i, mergeSpans(m.spans[i]))
	}
}

// add records span for topic i.
func (m *TopicMatcher) add(i int, s Span) {
	if len(m.spans[i]) == 0 {
		m.hit = append(m.hit, i)
	}
	m.spans[i] = append(m.spans[i], s)
}

func (m *TopicMatcher) phraseAt(k int, ws []string) bool {
	if k+len(ws) > len(m.toks) {
		return false
	}
	for j := 1; j < len(ws); j++ {
		if m.toks[k+j].word != ws[j] {
			return false
		}
	}
	return true
}

// tokens reads text's words with their places, as scan reads them.
func (m *TopicMatcher) tokens(text string) {
	m.toks = m.toks[:0]
	it := words.FromString(readable(text))
	for it.Next() {
		tok := it.Value()
		if _, alnum := classify(tok); !alnum {
			continue
		}
		t := token{word: foldWord(tok), start: it.Start(), end: it.End()}
		if strings.IndexByte(t.word, '\'') >= 0 {
			t.cut = cutApostrophe(t.word, m.key, m.stop)
		}
		m.toks = append(m.toks, t)
	}
}

// mergeSpans sorts spans by start and joins overlapping ones, in place.
func mergeSpans(spans []Span) []Span {
	slices.SortFunc(spans, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && s.Start < out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}
