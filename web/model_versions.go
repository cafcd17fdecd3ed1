package web

import (
	"net/http"
	"strconv"

	explorer "explorer"
	"explorer/internal/tablefile"
	mdl "explorer/models"
	"explorer/views/models"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// modelVersionsRoutes registers a model's versions page, restore and
// export.
func (s *server) modelVersionsRoutes(r fiber.Router) {
	r.Get("/models/:id/versions", s.versionsPage)
	r.Post("/models/:id/versions/:version/restore", s.restoreVersion)
	r.Get("/models/:id/export", s.exportModel)
}

// summarized is how many of the newest versions the versions page
// summarises (each summary compares two versions).
const summarized = 100

// queryVersion reads a version of the query: 0 when absent or malformed.
func queryVersion(c *fiber.Ctx, name string) int {
	if c.Query(name) == "" {
		return 0
	}
	n, err := strconv.Atoi(c.Query(name))
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// versionsView loads the versions page: the list, and the difference of
// the versions from and to (0: the one before the current and the current
// one).
func (s *server) versionsView(c *fiber.Ctx, id int64, from, to int) (models.VersionsView, error) {
	m, err := s.models.Model(ctx(c), id)
	if err != nil {
		return models.VersionsView{}, err
	}
	list, err := s.models.ModelVersions(ctx(c), id)
	if err != nil {
		return models.VersionsView{}, err
	}
	mv := models.ModelView{ID: m.ID, Title: titleOf(m.Title)}
	v := models.VersionsView{Page: page(c, "Versions", "models"), ID: m.ID, Heading: mv.Heading(), Current: m.Version, CanWrite: m.CanWrite()}
	v.Page.Title = "Versions of " + v.Heading
	// The newest versions say what they changed; older ones compare.
	summaries, err := s.models.ModelVersionSummaries(ctx(c), id, m.Version-summarized+1, m.Version)
	if err != nil {
		return models.VersionsView{}, err
	}
	for i := len(list) - 1; i >= 0; i-- {
		item := models.VersionItem{Version: list[i].Version, Created: dates(c).DateTimeSeconds(list[i].Created), Summary: summaries[list[i].Version]}
		if list[i].CreatedBy != nil {
			item.By = list[i].CreatedBy.UserID
		}
		v.Versions = append(v.Versions, item)
	}
	if m.Version < 2 {
		return v, nil
	}
	v.From, v.To = from, to
	if from == 0 && to == 0 {
		v.From, v.To = m.Version-1, m.Version
	} else if from < 1 || to < 1 || from > m.Version || to > m.Version {
		v.From, v.To = m.Version-1, m.Version
		v.Error = "The model has no such version; these are the last two."
	}
	d, err := s.models.ModelDiff(ctx(c), id, v.From, v.To)
	if err != nil {
		return v, err
	}
	v.Diff = diffView(&d.StructureDiff)
	return v, nil
}

func (s *server) versionsPage(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	v, err := s.versionsView(c, id, queryVersion(c, "from"), queryVersion(c, "to"))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, models.Versions(v))
}

// restoreVersion saves a version's structure as a new version through
// the service and shows the page comparing the restored version with
// the new one (no difference) and the notice.
func (s *server) restoreVersion(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	n, err := param(c, "version")
	if err != nil {
		return err
	}
	version := int(min(n, 1<<31-1))
	m, created, ferr := s.models.RestoreModelVersion(ctx(c), id, version)
	notice := ""
	from, to := 0, 0
	switch {
	case ferr != nil:
	case created:
		notice = "Version " + strconv.Itoa(version) + " restored as version " + strconv.Itoa(m.Version) + "."
		from, to = m.Version-1, m.Version
	default:
		notice = "The current version already holds version " + strconv.Itoa(version) + "'s structure; nothing changed."
	}
	if ferr != nil && explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return ferr
	}
	v, err := s.versionsView(c, id, from, to)
	if err != nil {
		return err
	}
	v.Notice = notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return models.VersionsSection(v) }, func() templ.Component { return models.Versions(v) })
}

// exportModel downloads a version (query version, else the current one)
// as XLSX or CSV (query format).
func (s *server) exportModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	format, err := tablefile.ParseFormat(c.Query("format"))
	if err != nil {
		return err
	}
	version, err := tablefile.ParseVersion(c.Query("version"))
	if err != nil {
		return err
	}
	e, err := s.models.ExportModel(ctx(c), id, version)
	if err != nil {
		return err
	}
	d, err := tablefile.NewDownload(e, format)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, d.ContentType)
	c.Set(fiber.HeaderContentDisposition, d.Disposition)
	return c.Send(d.Body)
}

// diffView shows a difference: marks and notes in plain words.
func diffView(d *mdl.StructureDiff) *models.DiffView {
	out := &models.DiffView{IgnoreAdded: d.IgnoreTermsAdded, IgnoreRemoved: d.IgnoreTermsRemoved}
	for _, g := range d.Groups {
		dg := models.DiffGroup{Title: g.Title, Change: g.Change}
		if g.OldTitle != "" {
			dg.Notes = append(dg.Notes, "renamed from "+g.OldTitle)
		}
		if g.Moved {
			dg.Notes = append(dg.Notes, "moved")
		}
		if g.PinnedChanged && g.Pinned {
			dg.Notes = append(dg.Notes, "pinned")
		} else if g.PinnedChanged {
			dg.Notes = append(dg.Notes, "unpinned")
		}
		for _, t := range g.Topics {
			dt := models.DiffTopic{Title: t.Title, Change: t.Change, Added: t.TermsAdded, Removed: t.TermsRemoved}
			if t.OldTitle != "" {
				dt.Notes = append(dt.Notes, "renamed from "+t.OldTitle)
			}
			switch {
			case t.FromGroup != "":
				dt.Notes = append(dt.Notes, "moved from group "+t.FromGroup)
			case t.Moved:
				dt.Notes = append(dt.Notes, "moved")
			}
			dg.Topics = append(dg.Topics, dt)
		}
		out.Groups = append(out.Groups, dg)
	}
	return out
}
