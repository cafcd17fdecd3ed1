package projects

import (
	"context"
	"explorer"
	"sort"

	"explorer/analysis"
	"explorer/tonality"
)

// readTexts reads the texts of rows with their stored tonality, their
// topics' mentions and their spans.
func (s *Service) readTexts(ctx context.Context, p *explorer.Project, col int, lang string, rows []int) ([]ProjectText, error) {
	cells, err := s.store.FindProjectRows(ctx, p.ID, rows)
	if err != nil {
		return nil, err
	}
	whole, err := s.store.FindTonalityMentions(ctx, p.ID, 0, 0)
	if err != nil {
		return nil, err
	}
	topics := topicList(p.Structure)
	mentions := make([][]Mention, len(topics))
	for i, t := range topics {
		if mentions[i], err = s.store.FindTonalityMentions(ctx, p.ID, t.ID, 0); err != nil {
			return nil, err
		}
	}
	analyzer, err := s.analyzerFor(ctx, p.OwnerID, lang)
	if err != nil {
		return nil, err
	}
	keep := withoutIgnored(p.Structure.IgnoreTerms)
	terms := make([][]string, len(topics))
	for i, t := range topics {
		terms[i] = keep(t.Terms)
	}
	matcher := analysis.NewTopicMatcher(terms, lang)
	out := make([]ProjectText, 0, len(rows))
	for _, row := range rows {
		text := cellText(cells[row], col)
		score, _ := mentionAt(whole, row)
		pt := ProjectText{Row: row, Text: text, Label: string(tonality.LabelOf(score)), Score: score, Topics: []TextTopic{}}
		for i, t := range topics {
			if sc, ok := mentionAt(mentions[i], row); ok {
				pt.Topics = append(pt.Topics, TextTopic{ID: t.ID, Label: string(tonality.LabelOf(sc)), Score: sc})
			}
		}
		pt.Spans = textSpans(text, matcher, topics, analyzer)
		out = append(out, pt)
	}
	return out, nil
}

// topicList is the topics of st in order.
func topicList(st explorer.Structure) []explorer.Topic {
	var out []explorer.Topic
	for _, g := range st.Groups {
		out = append(out, g.Topics...)
	}
	return out
}

// textSpans marks a text's topic terms and opinion words: in order, not
// overlapping, a topic's term winning over an opinion word it overlaps
// and the earlier topic over a later one.
func textSpans(text string, m *analysis.TopicMatcher, topics []explorer.Topic, a *tonality.Analyzer) []KindSpan {
	var topicSpans []KindSpan
	m.Match(text, func(i int, spans []analysis.Span) {
		for _, sp := range spans {
			topicSpans = append(topicSpans, KindSpan{Start: sp.Start, End: sp.End, Kind: SpanTopic, TopicID: topics[i].ID})
		}
	})
	var opinions []KindSpan
	if a != nil {
		for _, o := range a.Analyze(text).Opinions {
			kind := SpanPositive
			if o.Polarity < 0 {
				kind = SpanNegative
			}
			opinions = append(opinions, KindSpan{Start: o.Start, End: o.End, Kind: kind})
		}
	}
	sort.SliceStable(topicSpans, func(i, j int) bool { return topicSpans[i].Start < topicSpans[j].Start })
	all := append(topicSpans, opinions...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	out := []KindSpan{}
	for _, sp := range all {
		if sp.End <= sp.Start {
			continue
		}
		if n := len(out); n > 0 && sp.Start < out[n-1].End {
			if out[n-1].Kind != SpanTopic && sp.Kind == SpanTopic {
				out[n-1] = sp
			}
			continue
		}
		out = append(out, sp)
	}
	return out
}
