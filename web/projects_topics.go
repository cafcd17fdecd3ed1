package web

import (
	prj "explorer/projects"
	"net/http"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views/projects"

	"github.com/gofiber/fiber/v2"
)

// projectTopicsPage shows the evidence of a project's topics: the section
// htmx loads into the project page, or the project page with it.
func (s *server) projectTopicsPage(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	sorted, err := topicSort(c.Query("sort"))
	if err != nil {
		if isHTMX(c) {
			return render(c, formStatus(err), projects.EvidenceSection(projects.Evidence{ProjectID: id, Error: pageMessage(c, err)}))
		}
		return err
	}
	ev, err := s.evidence(c, id, nil, sorted)
	if code := explorer.ErrorCode(err); code == explorer.EINTERNAL || code == explorer.ENOTFOUND || code == explorer.EUNAUTHORIZED {
		return err
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, projects.EvidenceSection(ev))
	}
	v, err := s.projectView(c, id)
	if err != nil {
		return err
	}
	v.Evidence = &ev
	return render(c, http.StatusOK, projects.Detail(v))
}

// evidence reads the evidence of a project's topics for the page; keep,
// when not nil, holds the topics ticked for a new model (nil: all). An
// error the person can act on is in the answer's Error.
func (s *server) evidence(c *fiber.Ctx, id int64, keep map[int64]bool, sorted string) (projects.Evidence, error) {
	t, err := s.projects.ProjectTopics(ctx(c), id)
	if err != nil {
		return projects.Evidence{ProjectID: id, Error: pageMessage(c, err)}, err
	}
	v := projects.Evidence{ProjectID: id, Column: t.Column, Texts: t.Texts, Sort: sorted,
		Note: t.Tonality.Note, Measured: t.Tonality.State != explorer.TonalityNever}
	v.All = toneOf(t.Tonality.Texts, id, 0)
	counts := map[int64]prj.TonalityCounts{}
	for _, g := range t.Groups {
		vg := projects.EvidenceGroup{Title: g.Title}
		for _, tp := range g.Topics {
			vt := projects.EvidenceTopic{
				ID: tp.ID, Title: tp.Title, Terms: strings.Join(tp.Terms, ", "), Texts: tp.Texts,
				Share: strconv.FormatFloat(tp.Share*100, 'f', 1, 64) + "%", Keep: keep == nil || keep[tp.ID],
				Group: g.Title, Poles: poleScoresOf(tp.Poles, id, tp.ID),
			}
			if v.Measured {
				vt.Tone = toneOf(tp.Tonality, id, tp.ID)
				vt.MoreURL = textsURL(id, tp.ID, "", 0)
			}
			counts[tp.ID] = tp.Tonality
			for _, ex := range tp.Examples {
				vt.Examples = append(vt.Examples, exampleParts(ex))
			}
			vg.Topics = append(vg.Topics, vt)
		}
		v.Groups = append(v.Groups, vg)
		v.Sorted = append(v.Sorted, vg.Topics...)
	}
	if sorted != "" {
		sortTopics(v.Sorted, counts, sorted)
	} else {
		v.Sorted = nil
	}
	return v, nil
}

// exampleParts cuts an example text at its spans.
func exampleParts(ex prj.TopicExample) projects.Example {
	out := projects.Example{Row: ex.Row, CutBefore: ex.CutBefore, CutAfter: ex.CutAfter}
	at := 0
	for _, sp := range ex.Spans {
		if sp.Start > at {
			out.Parts = append(out.Parts, projects.Part{Text: ex.Text[at:sp.Start]})
		}
		out.Parts = append(out.Parts, projects.Part{Text: ex.Text[sp.Start:sp.End], Mark: true})
		at = sp.End
	}
	if at < len(ex.Text) {
		out.Parts = append(out.Parts, projects.Part{Text: ex.Text[at:]})
	}
	return out
}

// keptTopics reads the topics ticked in the form that creates a model:
// nil when the form had no choice of topics (the evidence was not shown),
// else the ticked ids.
func keptTopics(c *fiber.Ctx) ([]int64, error) {
	if c.FormValue("chosen") == "" {
		return nil, nil
	}
	keep := []int64{}
	for _, v := range c.Request().PostArgs().PeekMulti("topic") {
		id, ok := explorer.ParseID(string(v))
		if !ok {
			return nil, explorer.Invalid("a chosen topic is not a topic id", explorer.FieldError{Field: "topics", Message: "must be topic ids"})
		}
		keep = append(keep, id)
	}
	return keep, nil
}
