package api

import (
	"explorer/models"
	"explorer/projects"
	"unicode/utf8"

	explorer "explorer"
)

// projectInfo is a project as the model answers of /v1 show it.
type projectInfo struct {
	ID int64 `json:"id"`
	// Rows is the number of verbatims.
	Rows          int                 `json:"rows"`
	Created       int64               `json:"created"`
	Encoding      string              `json:"encoding"`
	Title         string              `json:"title"`
	Status        string              `json:"status"`
	StatusMessage string              `json:"statusMessage"`
	Headers       []projectHeaderJSON `json:"headers"`
	// Model is the model applied to the project, null when none.
	Model     *modelInfoJSON `json:"model"`
	CreatedBy userRef        `json:"createdBy"`
}

// projectHeaderJSON describes one column of a project's table.
type projectHeaderJSON struct {
	ID                  int64  `json:"id"`
	Header              string `json:"header"`
	TimeSeriesCandidate bool   `json:"timeSeriesCandidate"`
	Filterable          bool   `json:"filterable"`
	NPSCandidate        bool   `json:"NPSCandidate"`
	SuggestedLanguage   string `json:"suggestedLanguage"`
	ColumnDataSize      int    `json:"columnDataSize"`
	NumberOfEmptyCells  int    `json:"numberOfEmptyCells"`
}

// modelProjects is the answer of GET /models/{id}/projects.
type modelProjects struct {
	MasterProject     *projectInfo  `json:"masterProject"`
	DependentProjects []projectInfo `json:"dependentProjects"`
}

// projectInfoAnswer is a project with the info of its model
// (Service.Project) as v1 shows it.
func projectInfoAnswer(p *explorer.Project) projectInfo {
	return projectInfo{
		ID: p.ID, Rows: p.Rows, Created: millis(p.Created), Encoding: p.Encoding, Title: p.Title,
		Status: p.Status, StatusMessage: p.StatusMessage,
		Headers: mapSlice(nonNil(p.Headers), func(h explorer.ProjectHeader) projectHeaderJSON { return projectHeaderJSON(h) }),
		Model:   toModelInfoPtr(p.Model), CreatedBy: userRef{p.Owner},
	}
}

func modelProjectsAnswer(p *models.ModelProjects) modelProjects {
	out := modelProjects{DependentProjects: make([]projectInfo, 0, len(p.DependentProjects))}
	if p.MasterProject != nil {
		m := projectInfoAnswer(p.MasterProject)
		out.MasterProject = &m
	}
	for _, d := range p.DependentProjects {
		out.DependentProjects = append(out.DependentProjects, projectInfoAnswer(d))
	}
	return out
}

// projectTopics is the answer of GET /projects/{id}/topics.
type projectTopics struct {
	ProjectID int64           `json:"projectId"`
	Column    string          `json:"column"`
	Texts     int             `json:"texts"`
	Stale     bool            `json:"stale"`
	Tonality  allTonalityJSON `json:"tonality"`
	Poles     []poleScoreJSON `json:"poles"`
	Groups    []groupEvidence `json:"groups"`
}

type groupEvidence struct {
	ID     int64           `json:"id"`
	Title  string          `json:"title"`
	Topics []topicEvidence `json:"topics"`
}

type topicEvidence struct {
	ID       int64           `json:"id"`
	Title    string          `json:"title"`
	Terms    []string        `json:"terms"`
	Texts    int             `json:"texts"`
	Share    float64         `json:"share"`
	Examples []topicExample  `json:"examples"`
	Tonality tonalityJSON    `json:"tonality"`
	Poles    []poleScoreJSON `json:"poles"`
}

// topicExample is an example text; its spans count Unicode code points.
type topicExample struct {
	Row       int        `json:"row"`
	Text      string     `json:"text"`
	CutBefore bool       `json:"cutBefore"`
	CutAfter  bool       `json:"cutAfter"`
	Spans     []textSpan `json:"spans"`
}

type textSpan struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

func projectTopicsAnswer(t *projects.ProjectTopics) projectTopics {
	out := projectTopics{ProjectID: t.ProjectID, Column: t.Column, Texts: t.Texts, Stale: t.Tonality.Stale(), Tonality: toAllTonality(t.Tonality),
		Poles: toPoleScores(t.Tonality.Poles), Groups: make([]groupEvidence, 0, len(t.Groups))}
	for _, g := range t.Groups {
		ge := groupEvidence{ID: g.ID, Title: g.Title, Topics: make([]topicEvidence, 0, len(g.Topics))}
		for _, tp := range g.Topics {
			te := topicEvidence{ID: tp.ID, Title: tp.Title, Terms: nonNil(tp.Terms), Texts: tp.Texts, Share: tp.Share, Examples: make([]topicExample, 0, len(tp.Examples)),
				Tonality: toTonality(tp.Tonality), Poles: toPoleScores(tp.Poles)}
			for _, ex := range tp.Examples {
				te.Examples = append(te.Examples, topicExampleAnswer(ex))
			}
			ge.Topics = append(ge.Topics, te)
		}
		out.Groups = append(out.Groups, ge)
	}
	return out
}

// topicExampleAnswer turns the example's byte spans into code point ones.
func topicExampleAnswer(ex projects.TopicExample) topicExample {
	out := topicExample{Row: ex.Row, Text: ex.Text, CutBefore: ex.CutBefore, CutAfter: ex.CutAfter, Spans: make([]textSpan, 0, len(ex.Spans))}
	at, runes := 0, 0
	points := func(to int) int {
		runes += utf8.RuneCountInString(ex.Text[at:to])
		at = to
		return runes
	}
	for _, s := range ex.Spans {
		out.Spans = append(out.Spans, textSpan{Start: points(s.Start), End: points(s.End)})
	}
	return out
}
