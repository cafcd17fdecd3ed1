package api

import (
	"bytes"
	"explorer/projects"
	"math"
	"unicode/utf8"

	explorer "explorer"
	"explorer/internal/tablefile"

	"github.com/gofiber/fiber/v2"
)

// tonalityJSON counts texts by the label of their mention; score is the
// mean mention score.
type tonalityJSON struct {
	Positive int     `json:"positive"`
	Negative int     `json:"negative"`
	Neutral  int     `json:"neutral"`
	Score    float64 `json:"score"`
}

// allTonalityJSON is the tonality of all texts, with whether the texts'
// language has tonality data and what the reader should know.
type allTonalityJSON struct {
	tonalityJSON
	Available bool   `json:"available"`
	Language  string `json:"language"`
	Note      string `json:"note"`
}

type poleScoreJSON struct {
	PoleID int64   `json:"poleId"`
	Name   string  `json:"name"`
	Texts  int     `json:"texts"`
	Score  float64 `json:"score"`
}

// round3 keeps three decimals of a score.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

func toTonality(c projects.TonalityCounts) tonalityJSON {
	return tonalityJSON{Positive: c.Positive, Negative: c.Negative, Neutral: c.Neutral, Score: round3(c.Score)}
}

func toAllTonality(t projects.TopicsTonality) allTonalityJSON {
	return allTonalityJSON{tonalityJSON: toTonality(t.Texts), Available: t.Available, Language: t.Language, Note: t.Note}
}

func toPoleScores(ps []projects.PoleScore) []poleScoreJSON {
	out := make([]poleScoreJSON, 0, len(ps))
	for _, p := range ps {
		out = append(out, poleScoreJSON{PoleID: p.PoleID, Name: p.Name, Texts: p.Texts, Score: round3(p.Score)})
	}
	return out
}

// textsPage is the answer of GET /projects/{id}/texts.
type textsPage struct {
	Total    int             `json:"total"`
	Offset   int             `json:"offset"`
	Stale    bool            `json:"stale"`
	Tonality allTonalityJSON `json:"tonality"`
	Texts    []projectText   `json:"texts"`
}

type labelScore struct {
	Label string  `json:"label"`
	Score float64 `json:"score"`
}

type projectText struct {
	Row      int         `json:"row"`
	Text     string      `json:"text"`
	Tonality labelScore  `json:"tonality"`
	Topics   []textTopic `json:"topics"`
	Spans    []kindSpan  `json:"spans"`
}

type textTopic struct {
	ID       int64      `json:"id"`
	Tonality labelScore `json:"tonality"`
}

// kindSpan counts Unicode code points; topicId is set on topic spans.
type kindSpan struct {
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Kind    string `json:"kind"`
	TopicID int64  `json:"topicId,omitempty"`
}

func textsPageAnswer(p *projects.TextsPage) textsPage {
	out := textsPage{Total: p.Total, Offset: p.Offset, Stale: p.Tonality.Stale(), Tonality: toAllTonality(p.Tonality), Texts: make([]projectText, 0, len(p.Texts))}
	for _, t := range p.Texts {
		pt := projectText{Row: t.Row, Text: t.Text, Tonality: labelScore{t.Label, round3(t.Score)}, Topics: make([]textTopic, 0, len(t.Topics)), Spans: make([]kindSpan, 0, len(t.Spans))}
		for _, tp := range t.Topics {
			pt.Topics = append(pt.Topics, textTopic{ID: tp.ID, Tonality: labelScore{tp.Label, round3(tp.Score)}})
		}
		points := codePoints(t.Text)
		for _, s := range t.Spans {
			pt.Spans = append(pt.Spans, kindSpan{Start: points(s.Start), End: points(s.End), Kind: s.Kind, TopicID: s.TopicID})
		}
		out.Texts = append(out.Texts, pt)
	}
	return out
}

// codePoints turns increasing byte offsets of text into code point ones.
func codePoints(text string) func(to int) int {
	at, runes := 0, 0
	return func(to int) int {
		runes += utf8.RuneCountInString(text[at:to])
		at = to
		return runes
	}
}

// sendTopicsTable answers the topics' table (explorer.TopicsTable) as a
// file in format f.
func sendTopicsTable(c *fiber.Ctx, f tablefile.Format, t *projects.ProjectTopics) error {
	var b bytes.Buffer
	tw, err := tablefile.NewTableWriter(&b, f, "Topics")
	if err != nil {
		return explorer.Internal(err)
	}
	for _, row := range projects.TopicsTable(t) {
		if err := tw.Write(row); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return explorer.Internal(err)
	}
	c.Set(fiber.HeaderContentType, f.ContentType())
	c.Set(fiber.HeaderContentDisposition, tablefile.ContentDisposition("project-"+c.Params("id")+"-topics."+string(f)))
	return c.Send(b.Bytes())
}
