package projects

import (
	"context"
	"errors"
	"explorer"
	"explorer/poles"
	"strings"
	"time"
	"unicode/utf8"

	"explorer/analysis"
	"explorer/tonality"
)

// TopicExamples is how many example texts the evidence of a topic holds.
const TopicExamples = 3

// ExampleRunes is the most characters of an example text: a longer text
// is cut to the part around its first matched term.
const ExampleRunes = 280

// topicsTime bounds the time one reading of a project's topics may take.
const topicsTime = 30 * time.Second

// ProjectTopics is the evidence of a project's topics, read from its
// texts when asked: per topic, how many texts match it and examples.
type ProjectTopics struct {
	ProjectID int64
	// Column is the text column read (the one last explored) and Texts
	// its number of non-empty texts.
	Column string
	Texts  int
	Groups []GroupEvidence
	// Tonality is how the texts feel, from the stored measurement.
	Tonality TopicsTonality
}

// GroupEvidence is a group of the project with its topics' evidence.
type GroupEvidence struct {
	ID     int64
	Title  string
	Topics []TopicEvidence
}

// TopicEvidence is what the texts show of one topic.
type TopicEvidence struct {
	ID    int64
	Title string
	// Terms are the topic's terms; those that are ignore terms of the
	// project are not matched.
	Terms []string
	// Texts is the number of texts containing one of the terms; Share is
	// Texts divided by the project's texts (0 without texts).
	Texts int
	Share float64
	// Examples are at most TopicExamples matching texts: the most typical
	// ones (chosen when the tonality was measured, chooseExamples), else
	// the first ones in row order (a project measured before they were
	// chosen, or never measured).
	Examples []TopicExample
	// Tonality counts the topic's texts by the label of their mention of
	// it; Poles is what each of the project's poles measures there.
	Tonality TonalityCounts
	Poles    []PoleScore
}

// TopicExample is one text matching a topic, with the matched terms.
type TopicExample struct {
	// Row is the text's row in the project, from 1.
	Row int
	// Text is the text, or its part around the first matched term when
	// it has more than ExampleRunes characters; CutBefore and CutAfter
	// tell whether text precedes or follows that part.
	Text                string
	CutBefore, CutAfter bool
	// Spans are the matched terms in Text, in order, as byte offsets.
	Spans []TextSpan
}

// TextSpan is a part of a text, in bytes: [Start, End).
type TextSpan struct{ Start, End int }

// ProjectTopics reads the evidence of the current topics of a project the
// caller owns from the texts of its last explored column: per topic the
// texts that contain one of its terms (ignore terms left out, matched as
// exploring counts them), their share and the first TopicExamples of them
// with the matched terms marked. It takes one pass over the texts, keeps
// no more than the examples, and is bounded by topicsTime (EUNAVAILABLE
// past it). A project never explored, or busy with another step, is
// ECONFLICT.
func (s *Service) ProjectTopics(ctx context.Context, id int64) (*ProjectTopics, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: its topics can be read when it is READY or EXPLORED", p.ID, p.Status)
	}
	col := columnIndex(p, p.TextColumn)
	if p.TextColumn == "" || col < 0 {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d has not been explored yet: explore it to read its topics", p.ID)
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return nil, err
	}
	out := topicsOutline(p)
	ctx, cancel := context.WithTimeout(ctx, topicsTime)
	defer cancel()
	if stored, err := s.storedTopics(ctx, p, col, lang, out); stored || err != nil {
		return out, err
	}
	available := tonality.Has(lang)
	out.Tonality = TopicsTonality{State: explorer.TonalityNever, Available: available, Language: lang, Note: tonalityNote(explorer.TonalityNever, lang, available), Poles: []PoleScore{}}
	return out, s.readingAll(u, func() error { return s.readEvidence(ctx, p, col, lang, out) }, "reading the topics of project %d took longer than %s", p.ID)
}

// readingAll runs read, a pass over every text of a project of u's: a
// user's tabs and scripts get SuggestionsAtOnce of them at a time, as
// suggestions do (ETHROTTLED past them), each bounded by topicsTime
// (EUNAVAILABLE with the message late, formatted with id and the bound).
func (s *Service) readingAll(u *explorer.User, read func() error, late string, id int64) error {
	if !s.readingTopics.Take(u.ID) {
		e := explorer.Errorf(explorer.ETHROTTLED, "%d readings of all the texts of your projects are running, the most at once: try again in a moment", poles.SuggestionsAtOnce)
		e.RetryAfter = poles.SuggestRetryAfter
		return e
	}
	defer s.readingTopics.Give(u.ID)
	err := read()
	if errors.Is(err, context.DeadlineExceeded) {
		return explorer.Errorf(explorer.EUNAVAILABLE, late, id, topicsTime)
	}
	return err
}

// columnIndex is the index of the header named name (any case), -1 when
// none.
func columnIndex(p *explorer.Project, name string) int {
	for i, h := range p.Headers {
		if strings.EqualFold(h.Header, strings.TrimSpace(name)) {
			return i
		}
	}
	return -1
}

// columnLanguage is the language of a text column as exploring takes it:
// the column's suggested language, else the project's, else the caller's
// default language.
func (s *Service) columnLanguage(ctx context.Context, u *explorer.User, p *explorer.Project, col int) (string, error) {
	if lang := p.Headers[col].SuggestedLanguage; lang != "" {
		return lang, nil
	}
	if p.Language != "" {
		return p.Language, nil
	}
	return s.root.Setting(ctx, u.ID, explorer.SettingDefaultLanguage)
}

// topicsOutline is the evidence of p's topics before the texts are read.
func topicsOutline(p *explorer.Project) *ProjectTopics {
	out := &ProjectTopics{ProjectID: p.ID, Column: p.TextColumn, Groups: []GroupEvidence{}}
	for _, g := range p.Structure.Groups {
		ge := GroupEvidence{ID: g.ID, Title: g.Title, Topics: make([]TopicEvidence, 0, len(g.Topics))}
		for _, t := range g.Topics {
			ge.Topics = append(ge.Topics, TopicEvidence{ID: t.ID, Title: t.Title, Terms: append([]string{}, t.Terms...), Examples: []TopicExample{}, Poles: []PoleScore{}})
		}
		out.Groups = append(out.Groups, ge)
	}
	return out
}

// readEvidence counts and collects the examples of out's topics in the
// texts of column col.
func (s *Service) readEvidence(ctx context.Context, p *explorer.Project, col int, lang string, out *ProjectTopics) error {
	keep := withoutIgnored(p.Structure.IgnoreTerms)
	var topics []*TopicEvidence
	var terms [][]string
	for gi := range out.Groups {
		for ti := range out.Groups[gi].Topics {
			t := &out.Groups[gi].Topics[ti]
			topics, terms = append(topics, t), append(terms, keep(t.Terms))
		}
	}
	m := analysis.NewTopicMatcher(terms, lang)
	row := 0
	err := s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
		row++
		if col >= len(cells) || strings.TrimSpace(cells[col]) == "" {
			return nil
		}
		out.Texts++
		text := toValidText(cells[col])
		m.Match(text, func(i int, spans []analysis.Span) {
			t := topics[i]
			t.Texts++
			if len(t.Examples) < TopicExamples {
				t.Examples = append(t.Examples, example(row, text, spans))
			}
		})
		return ctx.Err()
	})
	if err != nil {
		return err
	}
	for _, t := range topics {
		if out.Texts > 0 {
			t.Share = float64(t.Texts) / float64(out.Texts)
		}
	}
	return nil
}

// example is a matching text with its spans, cut to ExampleRunes
// characters around the first span when longer. It copies what it keeps.
func example(row int, text string, spans []analysis.Span) TopicExample {
	from, to := 0, len(text)
	if utf8.RuneCountInString(text) > ExampleRunes {
		from = backRunes(text, spans[0].Start, ExampleRunes/4)
		to = forwardRunes(text, from, ExampleRunes)
	}
	ex := TopicExample{Row: row, Text: strings.Clone(text[from:to]), CutBefore: from > 0, CutAfter: to < len(text), Spans: []TextSpan{}}
	for _, sp := range spans {
		if sp.Start >= to {
			break
		}
		ex.Spans = append(ex.Spans, TextSpan{Start: sp.Start - from, End: min(sp.End, to) - from})
	}
	return ex
}

// backRunes is the offset n characters before offset at in text (0 at
// most).
func backRunes(text string, at, n int) int {
	for ; n > 0 && at > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(text[:at])
		at -= size
	}
	return at
}

// forwardRunes is the offset n characters after offset at in text (its
// length at most).
func forwardRunes(text string, at, n int) int {
	for ; n > 0 && at < len(text); n-- {
		_, size := utf8.DecodeRuneInString(text[at:])
		at += size
	}
	return at
}
