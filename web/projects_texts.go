package web

import (
	prj "explorer/projects"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views"
	"explorer/views/projects"

	"github.com/gofiber/fiber/v2"
)

// textsPerPage is how many texts a page of the listing shows.
const textsPerPage = 25

// textsQuery reads the filters of the texts page: topic, tonality, pole,
// q and offset.
func textsQuery(c *fiber.Ctx) (prj.TextQuery, error) {
	q := prj.TextQuery{Tonality: strings.TrimSpace(c.Query("tonality")), Q: c.Query("q"), Limit: textsPerPage}
	var fields []explorer.FieldError
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"topic", &q.TopicID}, {"pole", &q.PoleID}} {
		v := strings.TrimSpace(c.Query(p.name))
		if v == "" {
			continue
		}
		id, ok := explorer.ParseID(v)
		if !ok {
			fields = append(fields, explorer.FieldError{Field: p.name, Message: "must be a " + p.name + " of the project"})
		}
		*p.dst = id
	}
	if v := strings.TrimSpace(c.Query("offset")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			fields = append(fields, explorer.FieldError{Field: "offset", Message: "must be a whole number, 0 or more"})
		}
		q.Offset = n
	}
	if len(fields) > 0 {
		return q, explorer.Invalid("the listing of texts is not valid", fields...)
	}
	return q, nil
}

// textsPage lists a project's texts with their tonality, filtered and
// paged; htmx gets the listing only. A refused filter is shown with 422.
func (s *server) textsPage(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	p, err := s.projects.Project(ctx(c), id)
	if err != nil {
		return err
	}
	v := projects.TextsView{Page: page(c, "Texts of "+p.Title, "projects"), ProjectID: id, Title: p.Title, Column: p.TextColumn,
		Topic: c.Query("topic"), Tonality: c.Query("tonality"), Pole: c.Query("pole"), Q: c.Query("q")}
	v.Topics = topicChoices(p)
	if v.Poles, err = s.projectPoleChoices(c, id); err != nil {
		return err
	}
	status := http.StatusOK
	q, err := textsQuery(c)
	var list *prj.TextsPage
	if err == nil {
		list, err = s.projects.ProjectTexts(ctx(c), id, q)
	}
	switch code := explorer.ErrorCode(err); {
	case err == nil:
		fillTexts(&v, list, q, p, c.Path())
	case code == explorer.EINVALID || code == explorer.ECONFLICT:
		v.Error, status = pageMessage(c, withFields(err)), formStatus(err)
	default:
		return err
	}
	if isHTMX(c) {
		return render(c, status, projects.TextsSection(v))
	}
	return render(c, status, projects.Texts(v))
}

// topicChoices are a project's topics, "Group: topic".
func topicChoices(p *explorer.Project) []views.Choice {
	var out []views.Choice
	for _, g := range p.Structure.Groups {
		for _, t := range g.Topics {
			out = append(out, views.Choice{Value: strconv.FormatInt(t.ID, 10), Label: g.Title + ": " + t.Title})
		}
	}
	return out
}

// projectPoleChoices are the poles a project is measured with, named.
func (s *server) projectPoleChoices(c *fiber.Ctx, id int64) ([]views.Choice, error) {
	ids, err := s.projects.ProjectPoles(ctx(c), id)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	names, err := s.poleNames(c)
	if err != nil {
		return nil, err
	}
	var out []views.Choice
	for _, pid := range ids {
		name := names[pid]
		if name == "" {
			name = "pole " + strconv.FormatInt(pid, 10)
		}
		out = append(out, views.Choice{Value: strconv.FormatInt(pid, 10), Label: name})
	}
	return out, nil
}

// poleNames names the caller's poles by id.
func (s *server) poleNames(c *fiber.Ctx) (map[int64]string, error) {
	list, err := s.poles.Poles(ctx(c))
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(list))
	for _, p := range list {
		out[p.ID] = p.Name
	}
	return out, nil
}

// fillTexts puts a page of texts in the view, with its page links.
func fillTexts(v *projects.TextsView, list *prj.TextsPage, q prj.TextQuery, p *explorer.Project, path string) {
	v.Total, v.Note = list.Total, list.Tonality.Note
	v.From, v.To = q.Offset+1, q.Offset+len(list.Texts)
	titles := map[int64]string{}
	for _, g := range p.Structure.Groups {
		for _, t := range g.Topics {
			titles[t.ID] = t.Title
		}
	}
	for _, t := range list.Texts {
		row := projects.TextRow{Row: t.Row, Label: t.Label, Score: signed(t.Score), Parts: markParts(t.Text, t.Spans)}
		for _, tp := range t.Topics {
			row.Topics = append(row.Topics, projects.TextTopicView{Title: titles[tp.ID], Label: tp.Label, Score: signed(tp.Score)})
		}
		v.Texts = append(v.Texts, row)
	}
	at := func(offset int) string {
		u := url.Values{}
		for k, val := range map[string]string{"topic": v.Topic, "tonality": v.Tonality, "pole": v.Pole, "q": v.Q} {
			if val != "" {
				u.Set(k, val)
			}
		}
		if offset > 0 {
			u.Set("offset", strconv.Itoa(offset))
		}
		if len(u) == 0 {
			return path
		}
		return path + "?" + u.Encode()
	}
	v.Pages = pageLinks(list.Total, q.Offset, q.Limit, at)
	if q.Offset > 0 {
		v.Prev = at(max(0, q.Offset-q.Limit))
	}
	if q.Offset+q.Limit < list.Total {
		v.Next = at(q.Offset + q.Limit)
	}
}

// pageLinks numbers the pages of total items, size a page: the first,
// the last and two either side of the current one.
func pageLinks(total, offset, size int, at func(offset int) string) []projects.PageLink {
	pages := (total + size - 1) / size
	current := offset/size + 1
	var out []projects.PageLink
	last := 0
	for n := 1; n <= pages; n++ {
		if n != 1 && n != pages && (n < current-2 || n > current+2) {
			continue
		}
		out = append(out, projects.PageLink{N: n, URL: at((n - 1) * size), Current: n == current, Gap: last != 0 && n != last+1})
		last = n
	}
	return out
}

// markParts cuts a text at its spans (byte offsets, in order, not
// overlapping) into plain and marked parts.
func markParts(text string, spans []prj.KindSpan) []projects.Mark {
	var out []projects.Mark
	at := 0
	for _, sp := range spans {
		if sp.Start < at || sp.End > len(text) || sp.Start >= sp.End {
			continue
		}
		if sp.Start > at {
			out = append(out, projects.Mark{Text: text[at:sp.Start]})
		}
		out = append(out, projects.Mark{Text: text[sp.Start:sp.End], Kind: sp.Kind})
		at = sp.End
	}
	if at < len(text) {
		out = append(out, projects.Mark{Text: text[at:]})
	}
	return out
}
