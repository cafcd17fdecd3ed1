package projects

import (
	"context"
	"explorer"
	"explorer/poles"
	"fmt"
	"sort"

	"explorer/analysis"
	"explorer/language"
	"explorer/tonality"
)

// TopicsTonality is how the texts of a project feel: the state of its
// measurement, whether its language has tonality data, and the counts of
// all its texts.
type TopicsTonality struct {
	// State is TonalityMeasured, TonalityStale or TonalityNever.
	State string
	// Available is false when the texts' language has no tonality data:
	// every text is then labelled neutral, and Note says so.
	Available bool
	Language  string
	Note      string
	Texts     TonalityCounts
	// Poles are the project's poles measured in the whole texts.
	Poles []PoleScore
}

// Stale tells whether the counts await a measurement (or were never
// measured).
func (t TopicsTonality) Stale() bool { return t.State != explorer.TonalityMeasured }

// tonalityNote is what a reader is told about a project's tonality.
func tonalityNote(state, lang string, available bool) string {
	switch {
	case state == explorer.TonalityNever:
		return "This project was explored before tonality was measured: explore it again to see how people feel about its topics."
	case !available:
		return fmt.Sprintf("There is no tonality data for %s: every text is labelled neutral.", language.Name(lang))
	case state == explorer.TonalityStale:
		return "A change is being measured: the tonality shown is the previous measurement's."
	}
	return ""
}

// countsOf turns a stored part into counts.
func countsOf(p TonalityPart) TonalityCounts {
	c := TonalityCounts{Positive: p.Positive, Negative: p.Negative, Neutral: p.Neutral}
	if p.Texts > 0 {
		c.Score = p.ScoreSum / float64(p.Texts)
	}
	return c
}

// storedTopics fills out from the stored measurement of p: counts and
// tonality per topic, the examples read from the rows chosen as the most
// typical when measured (chooseExamples), or from a topic's first
// mentions when none were chosen (measured before they were). It
// reports false when p was never measured (the caller reads the texts).
func (s *Service) storedTopics(ctx context.Context, p *explorer.Project, col int, lang string, out *ProjectTopics) (bool, error) {
	parts, state, _, err := s.store.FindProjectTonality(ctx, p.ID)
	if err != nil || state == explorer.TonalityNever {
		return false, err
	}
	_, available := tonality.For(lang)
	out.Tonality = TopicsTonality{State: state, Available: available, Language: lang, Note: tonalityNote(state, lang, available)}
	poles, err := s.projectPoles(ctx, p.ID)
	if err != nil {
		return false, err
	}
	byKey := map[partKey]TonalityPart{}
	for _, pt := range parts {
		byKey[partKey{pt.TopicID, pt.PoleID}] = pt
	}
	whole := byKey[partKey{0, 0}]
	out.Texts = whole.Texts
	out.Tonality.Texts = countsOf(whole)
	out.Tonality.Poles = poleScores(byKey, 0, poles)
	firsts := map[int64][]int{}
	for gi := range out.Groups {
		for ti := range out.Groups[gi].Topics {
			t := &out.Groups[gi].Topics[ti]
			pt := byKey[partKey{t.ID, 0}]
			t.Texts, t.Tonality, t.Poles = pt.Texts, countsOf(pt), poleScores(byKey, t.ID, poles)
			if out.Texts > 0 {
				t.Share = float64(t.Texts) / float64(out.Texts)
			}
			if firsts[t.ID] = pt.Examples; len(firsts[t.ID]) > 0 {
				continue
			}
			if firsts[t.ID], err = s.firstRows(ctx, p.ID, t.ID, TopicExamples); err != nil {
				return false, err
			}
		}
	}
	return true, s.storedExamples(ctx, p, col, lang, out, firsts)
}

// poleScores lists what each pole measures in a topic's mentions (0: the
// whole texts), in the poles' order; a pole no mention holds has 0 texts.
func poleScores(parts map[partKey]TonalityPart, topic int64, poles []*poles.Pole) []PoleScore {
	out := make([]PoleScore, 0, len(poles))
	for _, pole := range poles {
		pt := parts[partKey{topic, pole.ID}]
		ps := PoleScore{PoleID: pole.ID, Name: pole.Name, Texts: pt.Texts}
		if pt.Texts > 0 {
			ps.Score = pt.ScoreSum / float64(pt.Texts)
		}
		out = append(out, ps)
	}
	return out
}

// firstRows is the first n rows of a topic's stored mentions.
func (s *Service) firstRows(ctx context.Context, projectID, topicID int64, n int) ([]int, error) {
	ms, err := s.store.FindTonalityMentions(ctx, projectID, topicID, 0)
	if err != nil {
		return nil, err
	}
	rows := make([]int, 0, n)
	for _, m := range ms[:min(n, len(ms))] {
		rows = append(rows, m.Row)
	}
	return rows, nil
}

// storedExamples reads the rows of firsts and makes them the examples of
// their topics, with the matched terms marked.
func (s *Service) storedExamples(ctx context.Context, p *explorer.Project, col int, lang string, out *ProjectTopics, firsts map[int64][]int) error {
	var nums []int
	for _, rows := range firsts {
		nums = append(nums, rows...)
	}
	sort.Ints(nums)
	cells, err := s.store.FindProjectRows(ctx, p.ID, nums)
	if err != nil {
		return err
	}
	keep := withoutIgnored(p.Structure.IgnoreTerms)
	for gi := range out.Groups {
		for ti := range out.Groups[gi].Topics {
			t := &out.Groups[gi].Topics[ti]
			m := analysis.NewTopicMatcher([][]string{keep(t.Terms)}, lang)
			for _, row := range firsts[t.ID] {
				text := cellText(cells[row], col)
				m.Match(text, func(_ int, spans []analysis.Span) { t.Examples = append(t.Examples, example(row, text, spans)) })
			}
		}
	}
	return nil
}

// cellText is cell col of a row as valid UTF-8 ("" when absent).
func cellText(cells []string, col int) string {
	if col >= len(cells) {
		return ""
	}
	return toValidText(cells[col])
}
