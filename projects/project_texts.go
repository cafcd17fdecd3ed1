package projects

import (
	"context"
	"errors"
	"explorer"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"explorer/analysis"
	"explorer/tonality"
)

// Bounds of a listing of a project's texts.
const (
	TextsLimitDefault = 50
	TextsLimitMax     = 1000
	textsQueryRunes   = 200
)

// Kinds of a span in a listed text.
const (
	SpanTopic    = "topic"
	SpanPositive = "positive"
	SpanNegative = "negative"
)

// TextQuery chooses texts of a project: those mentioning a topic
// (TopicID, 0: any text), labelled Tonality ("" any; with a topic, the
// label of its mention), whose mention holds a pole's terms (PoleID),
// holding every word of Q; Offset and Limit page them.
type TextQuery struct {
	TopicID, PoleID int64
	Tonality        string
	Q               string
	Offset, Limit   int
}

// TextsPage is a page of a project's texts in row order; Total counts
// every text chosen.
type TextsPage struct {
	Total, Offset int
	Texts         []ProjectText
	// Tonality is the state of the measurement and the language's data.
	Tonality TopicsTonality
}

// ProjectText is one text with its tonality, the tonality of its mention
// of each topic and the spans of its topics' terms and opinion words.
type ProjectText struct {
	Row    int
	Text   string
	Label  string
	Score  float64
	Topics []TextTopic
	// Spans are byte offsets, in order, not overlapping.
	Spans []KindSpan
}

// TextTopic is a text's mention of a topic.
type TextTopic struct {
	ID    int64
	Label string
	Score float64
}

// KindSpan is a marked part of a text, in bytes: a topic's term (Kind
// SpanTopic, with TopicID) or an opinion word (SpanPositive, SpanNegative).
type KindSpan struct {
	Start, End int
	Kind       string
	TopicID    int64
}

func (q *TextQuery) check(p *explorer.Project, poles []int64) error {
	var fields []explorer.FieldError
	if q.Limit == 0 {
		q.Limit = TextsLimitDefault
	}
	if q.Limit < 1 || q.Limit > TextsLimitMax {
		fields = append(fields, explorer.FieldError{Field: "limit", Message: fmt.Sprintf("from 1 to %d", TextsLimitMax)})
	}
	if q.Offset < 0 {
		fields = append(fields, explorer.FieldError{Field: "offset", Message: "must be 0 or more"})
	}
	switch q.Tonality {
	case "", LabelPositive, LabelNegative, LabelNeutral:
	default:
		fields = append(fields, explorer.FieldError{Field: "tonality", Message: "must be positive, negative or neutral"})
	}
	if q.TopicID != 0 && findTopic(p.Structure, q.TopicID) == nil {
		fields = append(fields, explorer.FieldError{Field: "topic", Message: fmt.Sprintf("project %d has no topic %d", p.ID, q.TopicID)})
	}
	if q.PoleID != 0 && !slices.Contains(poles, q.PoleID) {
		fields = append(fields, explorer.FieldError{Field: "pole", Message: fmt.Sprintf("project %d is not measured with pole %d", p.ID, q.PoleID)})
	}
	if err := explorer.CheckText("q", q.Q); err != nil {
		return err
	}
	if utf8.RuneCountInString(q.Q) > textsQueryRunes {
		fields = append(fields, explorer.FieldError{Field: "q", Message: fmt.Sprintf("at most %d characters", textsQueryRunes)})
	}
	if len(fields) > 0 {
		return explorer.Invalid("the listing of texts is not valid", fields...)
	}
	return nil
}

// findTopic returns the topic id of st, nil when none.
func findTopic(st explorer.Structure, id int64) *explorer.Topic {
	for gi := range st.Groups {
		for ti := range st.Groups[gi].Topics {
			if st.Groups[gi].Topics[ti].ID == id {
				return &st.Groups[gi].Topics[ti]
			}
		}
	}
	return nil
}

// ProjectTexts lists texts of a project the caller owns, from its stored
// measurement (ECONFLICT when it was never measured: explore it again).
// A query with words reads the texts chosen otherwise, within topicsTime.
func (s *Service) ProjectTexts(ctx context.Context, id int64, q TextQuery) (*TextsPage, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, col, lang, err := s.measuredProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	poles, err := s.store.FindProjectPoles(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	if err := q.check(p, poles); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, topicsTime)
	defer cancel()
	if analysis.FoldTerm(q.Q) == "" {
		return s.listTexts(ctx, p, col, lang, q)
	}
	var out *TextsPage
	err = s.readingAll(u, func() (err error) {
		out, err = s.listTexts(ctx, p, col, lang, q)
		return err
	}, "reading the texts of project %d took longer than %s", p.ID)
	return out, err
}

// measuredProject returns a project the caller owns whose tonality was
// measured, with its explored column and that column's language.
func (s *Service) measuredProject(ctx context.Context, u *explorer.User, id int64) (*explorer.Project, int, string, error) {
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, 0, "", err
	}
	col := columnIndex(p, p.TextColumn)
	if (p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored) || p.TextColumn == "" || col < 0 {
		return nil, 0, "", explorer.Errorf(explorer.ECONFLICT, "project %d has not been explored yet: explore it to read its texts", p.ID)
	}
	if p.TonalityState == explorer.TonalityNever {
		return nil, 0, "", explorer.Errorf(explorer.ECONFLICT, "project %d was explored before tonality was measured: explore it again to read its texts", p.ID)
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	return p, col, lang, err
}

// listTexts chooses the texts of q and reads the page asked for.
func (s *Service) listTexts(ctx context.Context, p *explorer.Project, col int, lang string, q TextQuery) (*TextsPage, error) {
	rows, err := s.chosenRows(ctx, p, col, lang, q)
	if err != nil {
		return nil, err
	}
	available := tonality.Has(lang)
	out := &TextsPage{Total: len(rows), Offset: q.Offset, Texts: []ProjectText{},
		Tonality: TopicsTonality{State: p.TonalityState, Available: available, Language: lang, Note: tonalityNote(p.TonalityState, lang, available)}}
	if q.Offset >= len(rows) {
		return out, nil
	}
	page := rows[q.Offset:min(len(rows), q.Offset+q.Limit)]
	texts, err := s.readTexts(ctx, p, col, lang, page)
	if err != nil {
		return nil, err
	}
	out.Texts = texts
	return out, nil
}

// chosenRows lists, in row order, the rows of the texts q chooses.
func (s *Service) chosenRows(ctx context.Context, p *explorer.Project, col int, lang string, q TextQuery) ([]int, error) {
	base, err := s.store.FindTonalityMentions(ctx, p.ID, q.TopicID, 0)
	if err != nil {
		return nil, err
	}
	var inPole map[int]bool
	if q.PoleID != 0 {
		ms, err := s.store.FindTonalityMentions(ctx, p.ID, q.TopicID, q.PoleID)
		if err != nil {
			return nil, err
		}
		inPole = make(map[int]bool, len(ms))
		for _, m := range ms {
			inPole[m.Row] = true
		}
	}
	rows := make([]int, 0, len(base))
	for _, m := range base {
		if (q.Tonality == "" || string(tonality.LabelOf(m.Score)) == q.Tonality) && (inPole == nil || inPole[m.Row]) {
			rows = append(rows, m.Row)
		}
	}
	if analysis.FoldTerm(q.Q) == "" {
		return rows, nil
	}
	return s.rowsWithWords(ctx, p.ID, col, lang, rows, q.Q)
}

// rowsWithWords keeps the rows whose text holds every word of words, as
// topics match their terms, in one pass over the texts.
func (s *Service) rowsWithWords(ctx context.Context, projectID int64, col int, lang string, rows []int, words string) ([]int, error) {
	ws := strings.Fields(analysis.FoldTerm(words))
	terms := make([][]string, len(ws))
	for i, w := range ws {
		terms[i] = []string{w}
	}
	m := analysis.NewTopicMatcher(terms, lang)
	out := rows[:0]
	row, next := 0, 0
	err := s.store.EachProjectRow(ctx, projectID, func(cells []string) error {
		row++
		if next >= len(rows) || rows[next] != row {
			return ctx.Err()
		}
		next++
		found := 0
		m.Match(cellText(cells, col), func(int, []analysis.Span) { found++ })
		if found == len(ws) {
			out = append(out, row)
		}
		if next >= len(rows) {
			return errStopRows
		}
		return ctx.Err()
	})
	if errors.Is(err, errStopRows) {
		err = nil
	}
	return out, err
}

// errStopRows ends a pass over the rows early.
var errStopRows = errors.New("enough rows")

// mentionAt is the score of row in mentions (sorted by row).
func mentionAt(ms []Mention, row int) (float64, bool) {
	i := sort.Search(len(ms), func(i int) bool { return ms[i].Row >= row })
	if i < len(ms) && ms[i].Row == row {
		return ms[i].Score, true
	}
	return 0, false
}
