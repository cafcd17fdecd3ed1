package projects

import (
	"context"
	"explorer"
	"explorer/poles"
	"sort"
	"strings"

	"explorer/analysis"
	"explorer/tonality"
)

// tonalityMeter measures texts one by one: per topic (and for the whole
// text) the label and score of the text's mention, and per pole the score
// of the pole's terms in that mention. It keeps the mentions, a few bytes
// a topic a text.
type tonalityMeter struct {
	analyzer *tonality.Analyzer // nil: the language has no tonality data
	topics   *analysis.TopicMatcher
	topicIDs []int64
	poles    []measuredPole
	parts    map[partKey]*TonalityPart
	counts   map[int64]int
	texts    int
}

// measuredPole is a pole as a meter matches it: its terms as the topics
// of a matcher, each with its weight.
type measuredPole struct {
	id      int64
	matcher *analysis.TopicMatcher
	weights []float64
}

type partKey struct{ topic, pole int64 }

// newTonalityMeter prepares the measuring of st's topics (ignore terms
// left out) with poles in language lang; analyzer is nil when lang has no
// tonality data.
func newTonalityMeter(st explorer.Structure, lang string, analyzer *tonality.Analyzer, poles []*poles.Pole) *tonalityMeter {
	keep := withoutIgnored(st.IgnoreTerms)
	m := &tonalityMeter{analyzer: analyzer, parts: map[partKey]*TonalityPart{}, counts: map[int64]int{}}
	var terms [][]string
	for _, g := range st.Groups {
		for _, t := range g.Topics {
			m.topicIDs, terms = append(m.topicIDs, t.ID), append(terms, keep(t.Terms))
			m.counts[t.ID] = 0
		}
	}
	m.topics = analysis.NewTopicMatcher(terms, lang)
	for _, p := range poles {
		mp := measuredPole{id: p.ID}
		var pt [][]string
		for _, part := range p.Parts {
			pt, mp.weights = append(pt, []string{part.Term}), append(mp.weights, part.Weight)
		}
		mp.matcher = analysis.NewTopicMatcher(pt, lang)
		m.poles = append(m.poles, mp)
	}
	return m
}

// mention is one topic's mention in the text being measured: the clauses
// holding its terms (nil: the whole text) and its score.
type mention struct {
	topic   int64
	clauses map[int]bool
	score   float64
}

// add measures the text of row.
func (m *tonalityMeter) add(row int, text string) {
	m.texts++
	var t tonality.Text
	if m.analyzer != nil {
		t = m.analyzer.Analyze(text)
	}
	mentions := []mention{{topic: 0, score: t.Score}}
	m.topics.Match(text, func(i int, spans []analysis.Span) {
		id := m.topicIDs[i]
		m.counts[id]++
		starts := make([]int, len(spans))
		for j, sp := range spans {
			starts[j] = sp.Start
		}
		mn := mention{topic: id}
		if m.analyzer != nil {
			mn.score, _ = t.Mention(starts)
			mn.clauses = clausesOf(t.Clauses, starts)
		}
		mentions = append(mentions, mn)
	})
	for _, mn := range mentions {
		m.record(partKey{mn.topic, 0}, row, mn.score, true)
	}
	for _, p := range m.poles {
		m.measurePole(p, row, text, t, mentions)
	}
}

// measurePole adds the pole's score in each mention of the text that
// holds one of its terms: the sum of the matched terms' weights, a
// negated one counted negatively.
func (m *tonalityMeter) measurePole(p measuredPole, row int, text string, t tonality.Text, mentions []mention) {
	type hit struct {
		clause int
		weight float64
	}
	var hits []hit
	p.matcher.Match(text, func(i int, spans []analysis.Span) {
		for _, sp := range spans {
			w := p.weights[i]
			if m.analyzer != nil && t.Negated(sp.Start) {
				w = -w
			}
			hits = append(hits, hit{clauseAt(t.Clauses, sp.Start), w})
		}
	})
	if len(hits) == 0 {
		return
	}
	for _, mn := range mentions {
		sum, found := 0.0, false
		for _, h := range hits {
			if mn.clauses == nil || mn.clauses[h.clause] {
				sum, found = sum+h.weight, true
			}
		}
		if found {
			m.record(partKey{mn.topic, p.id}, row, sum, false)
		}
	}
}

// record adds one mention to a part; labelled parts count its label.
func (m *tonalityMeter) record(k partKey, row int, score float64, labelled bool) {
	p := m.parts[k]
	if p == nil {
		p = &TonalityPart{TopicID: k.topic, PoleID: k.pole}
		m.parts[k] = p
	}
	p.Texts++
	p.ScoreSum += score
	p.Mentions = append(p.Mentions, Mention{Row: row, Score: score})
	switch {
	case !labelled:
	case tonality.LabelOf(score) == tonality.Positive:
		p.Positive++
	case tonality.LabelOf(score) == tonality.Negative:
		p.Negative++
	default:
		p.Neutral++
	}
}

// result is the meter's parts in a stable order, every topic present
// (a topic no text mentions has a part with no mentions).
func (m *tonalityMeter) result() []TonalityPart {
	for _, id := range append([]int64{0}, m.topicIDs...) {
		if m.parts[partKey{id, 0}] == nil {
			m.parts[partKey{id, 0}] = &TonalityPart{TopicID: id}
		}
	}
	out := make([]TonalityPart, 0, len(m.parts))
	for _, p := range m.parts {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].TopicID != out[j].TopicID {
			return out[i].TopicID < out[j].TopicID
		}
		return out[i].PoleID < out[j].PoleID
	})
	return out
}

// clauseAt is the index of the clause holding byte offset at (-1: none).
func clauseAt(clauses []tonality.Clause, at int) int {
	i := sort.Search(len(clauses), func(i int) bool { return clauses[i].End > at })
	if i < len(clauses) && clauses[i].Start <= at {
		return i
	}
	return -1
}

// clausesOf is the set of clauses holding the offsets.
func clausesOf(clauses []tonality.Clause, starts []int) map[int]bool {
	out := make(map[int]bool, len(starts))
	for _, s := range starts {
		out[clauseAt(clauses, s)] = true
	}
	return out
}

// measureTexts measures every non-empty text of column col with st's
// topics and the project's poles (topic counts, the number of texts and
// the tonality parts), with the analyzer adapted to the texts by ad
// (nil: the language has no tonality data).
func (s *Service) measureTexts(ctx context.Context, p *explorer.Project, col int, lang string, st explorer.Structure, ad *adaptation) (*tonalityMeter, error) {
	poles, err := s.projectPoles(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	var analyzer *tonality.Analyzer
	if ad != nil {
		if analyzer, err = ad.analyzer(ctx, s.columnTexts(ctx, p, col)); err != nil {
			return nil, err
		}
	}
	m := newTonalityMeter(st, lang, analyzer, poles)
	row := 0
	err = s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
		row++
		explorer.RowRead(ctx)
		if col < len(cells) && isText(cells[col]) {
			m.add(row, toValidText(cells[col]))
		}
		return ctx.Err()
	})
	return m, err
}

// adaptTexts is the most texts an adaptation learns from: an even sample
// of larger projects, so that its cost is bounded.
const adaptTexts = 5000

// adaptation adapts an analyzer to a project's texts (tonality.Learner):
// words the texts use with opinions and the lexicon lacks get a polarity
// from the opinions they come with (the lexicon and the account's
// corrections always win). It learns from an even sample of at most
// adaptTexts texts, while another pass reads them (learnWhile) or in a
// pass of its own.
type adaptation struct {
	learner *tonality.Learner
	stride  int
	learnt  bool
}

// newAdaptation prepares the adaptation of the owner's analyzer of lang
// to a project of rows rows; nil when lang has no tonality data.
func (s *Service) newAdaptation(ctx context.Context, ownerID int64, lang string, rows int) (*adaptation, error) {
	a, err := s.analyzerFor(ctx, ownerID, lang)
	if a == nil || err != nil {
		return nil, err
	}
	return &adaptation{learner: a.Learner(), stride: max(1, (rows+adaptTexts-1)/adaptTexts)}, nil
}

// learnWhile returns texts that, the first time they are read in full,
// also teach ad.
func (ad *adaptation) learnWhile(texts analysis.Texts) analysis.Texts {
	if ad == nil {
		return texts
	}
	return func(fn func(text string)) error {
		if ad.learnt {
			return texts(fn)
		}
		err := ad.learn(texts, fn)
		ad.learnt = err == nil
		return err
	}
}

// learn reads texts, teaching the learner every stride-th and handing
// each to fn (nil: none).
func (ad *adaptation) learn(texts analysis.Texts, fn func(text string)) error {
	i := 0
	return texts(func(text string) {
		if i%ad.stride == 0 {
			ad.learner.Add(toValidText(text))
		}
		i++
		if fn != nil {
			fn(text)
		}
	})
}

// analyzer is the adapted analyzer, learning in a pass of its own when no
// other pass taught it.
func (ad *adaptation) analyzer(ctx context.Context, texts analysis.Texts) (*tonality.Analyzer, error) {
	if !ad.learnt {
		if err := ad.learn(texts, nil); err != nil {
			return nil, err
		}
		ad.learnt = true
	}
	return ad.learner.Analyzer(), nil
}

// analyzerFor is the analyzer of lang with the owner's corrections, nil
// when lang has no tonality data.
func (s *Service) analyzerFor(ctx context.Context, ownerID int64, lang string) (*tonality.Analyzer, error) {
	a, ok := tonality.For(lang)
	if !ok {
		return nil, nil
	}
	over, err := s.root.WordCorrections(ctx, ownerID, lang)
	if err != nil {
		return nil, err
	}
	if len(over) == 0 {
		return a, nil
	}
	return a.WithOverrides(over), nil
}

// isText tells whether a cell holds a text to explore: not blank.
func isText(cell string) bool { return strings.TrimSpace(cell) != "" }

// toValidText is a text with its invalid UTF-8 bytes replaced, as every
// reading of the texts sees them (the offsets of spans and mentions).
func toValidText(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
