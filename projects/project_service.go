package projects

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"explorer"
	"explorer/analysis"
	"explorer/language"
)

// ExploreTopics is how many topics exploring a project finds by default
// (ExploreOptions sets another number).
const ExploreTopics = analysis.DefaultExploreTopics

// ImportProjectInput is the input of ImportProject.
type ImportProjectInput struct {
	// Title is the project's title; blank, the file's name is.
	Title string
	File  explorer.TableSource
	// FileName is the name the file was given by (as uploaded, or its
	// path on the command line).
	FileName string
}

func cleanProjectTitle(t string) (string, error) {
	title := strings.TrimSpace(t)
	if err := explorer.CheckLine("title", title); err != nil {
		return "", err
	}
	if title == "" || utf8.RuneCountInString(title) > ProjectTitleMax {
		return "", explorer.Invalid("a project title must be 1 to 500 characters", explorer.FieldError{Field: "title", Message: "must be 1 to 500 characters"})
	}
	return title, nil
}

// Projects lists the projects the caller owns, by id.
func (s *Service) Projects(ctx context.Context) ([]*explorer.Project, error) {
	list, _, err := s.ProjectsPage(ctx, explorer.Page{})
	return list, err
}

// ProjectsPage is the window page of Projects and whether more projects
// follow.
func (s *Service) ProjectsPage(ctx context.Context, page explorer.Page) ([]*explorer.Project, bool, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindUserProjects(ctx, u.ID, page)
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(list, page)
	return list, more, nil
}

// Project returns a project the caller owns, with its headers and topic
// counts.
func (s *Service) Project(ctx context.Context, id int64) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.root.OwnProject(ctx, u, id)
}

// ImportProject creates a project from a table file: the first row is the
// header, every further non-blank row a verbatim. The project is created
// INITIALIZING in its own transaction, then its rows, headers and usage
// record are written in one transaction that ends READY. When the import
// fails, no row is kept: the project is FAILED with the status message
// "import failed: …" (it can be deleted), and the error is returned.
func (s *Service) ImportProject(ctx context.Context, in ImportProjectInput) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.accounts.CheckImportCredits(ctx, u, in.File, "this import"); err != nil {
		return nil, err
	}
	p, err := s.createImportProject(ctx, u, in)
	if err != nil {
		return nil, err
	}
	return s.importRows(ctx, u, p, in)
}

// createImportProject checks an import's input and creates its project,
// INITIALIZING with the message "importing", in its own transaction.
func (s *Service) createImportProject(ctx context.Context, u *explorer.User, in ImportProjectInput) (*explorer.Project, error) {
	if strings.TrimSpace(in.Title) == "" {
		in.Title = in.FileName
	}
	title, err := cleanProjectTitle(in.Title)
	if err != nil {
		return nil, err
	}
	if in.File == nil {
		return nil, explorer.Invalid("a file is required", explorer.FieldError{Field: "file", Message: "is required"})
	}
	p := &explorer.Project{
		OwnerID: u.ID, Owner: u.Username, Title: title, Created: s.clock.Now(),
		Status: explorer.ProjectInitializing, StatusMessage: "importing",
		Headers: []explorer.ProjectHeader{}, Structure: emptyStructure(),
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		if err := s.root.CheckOwned(ctx, u.ID, explorer.OwnedProjects); err != nil {
			return err
		}
		return s.root.WithinStorage(ctx, u.ID, func() error { return s.store.CreateProject(ctx, p) })
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// importRows reads the file of an import into its project p (created by
// createImportProject): rows, headers, READY and the usage record in one
// transaction; on failure the project is FAILED with the reason.
func (s *Service) importRows(ctx context.Context, u *explorer.User, p *explorer.Project, in ImportProjectInput) (*explorer.Project, error) {
	err := s.root.InTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		// The columns are profiled as the rows are stored, not read back.
		var profilers columnProfilers
		header, n, enc, err := s.loadRows(ctx, u, p.ID, 1, in.File, nil, func(row []string) {
			if profilers == nil {
				profilers = newColumnProfilers(len(row))
			}
			profilers.add(row)
		})
		if err != nil {
			return err
		}
		if profilers == nil {
			profilers = newColumnProfilers(len(header))
		}
		headers, lang := s.profiledHeaders(profilers, header)
		if err := s.store.ReplaceProjectHeaders(ctx, p.ID, headers); err != nil {
			return err
		}
		p.Headers, p.Rows, p.Encoding, p.Language = headers, n, enc, lang
		p.Status, p.StatusMessage = explorer.ProjectReady, ""
		if err := s.store.UpdateProject(ctx, p); err != nil {
			return err
		}
		return s.accounts.ChargeRows(ctx, u, p, 1, n, "this import")
	})
	if err != nil {
		s.failProject(ctx, p.ID, explorer.ProjectFailed, "import failed: ", err)
		return nil, err
	}
	return s.store.FindProject(ctx, p.ID)
}

// failProject records why a step failed; the step's error is what the
// caller sees, so a failure here is only logged.
func (s *Service) failProject(ctx context.Context, id int64, status, prefix string, cause error) {
	msg := explorer.ErrorMessage(cause)
	if ctx.Err() != nil && jobCancelled(ctx) {
		msg = "cancelled"
	}
	err := s.root.InTx(context.WithoutCancel(ctx), func(ctx context.Context) error {
		return s.store.SetProjectStatus(ctx, id, status, prefix+msg)
	})
	if err != nil {
		s.log.Error("recording a failed project step", "project", id, "err", err)
	}
}

func emptyStructure() explorer.Structure {
	return explorer.Structure{Groups: []explorer.Group{}, IgnoreTerms: []explorer.IgnoreTerm{}, IgnoreTermsDictionary: map[string]string{}}
}

// loadRows reads a table into a project's rows, numbering them from first.
// want, when not nil, is the header the file must have (append). It
// returns the header, the number of rows and the encoding. The text stored
// counts against the budgets of an import and of u's account. onRow, when
// not nil, sees each row stored (as many cells as the header).
func (s *Service) loadRows(ctx context.Context, u *explorer.User, id int64, first int, src explorer.TableSource, want []string, onRow func([]string)) ([]string, int, string, error) {
	limits := s.tables.ProjectLimits()
	meter, err := s.importMeter(ctx, u, limits)
	if err != nil {
		return nil, 0, "", err
	}
	var header []string
	n := 0
	batch := make([][]string, 0, explorer.RowBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := s.store.InsertProjectRows(ctx, id, first+n-len(batch), batch)
		batch = batch[:0]
		return err
	}
	enc, err := src.StreamTable(ctx, limits, nil, func(h []string) error {
		var err error
		if header, err = explorer.CheckHeader(h); err != nil {
			return err
		}
		if want != nil && !sameHeader(header, want) {
			return explorer.Invalid(fmt.Sprintf("the file's header (%s) differs from the project's (%s)", strings.Join(header, ", "), strings.Join(want, ", ")),
				explorer.FieldError{Field: "file", Message: "has other columns than the project"})
		}
		return nil
	}, func(num int, cells []string) error {
		if err := ctx.Err(); err != nil {
			return explorer.Errorf(explorer.EUNAVAILABLE, "import cancelled")
		}
		row := make([]string, len(header))
		copy(row, cells)
		if err := meter.Add(row); err != nil {
			return err
		}
		if onRow != nil {
			onRow(row)
		}
		batch = append(batch, row)
		n++
		if len(batch) == explorer.RowBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = s.store.AddProjectText(ctx, id, meter.Used)
	}
	if err != nil {
		return nil, 0, "", err
	}
	if header == nil {
		return nil, 0, "", explorer.MissingHeader()
	}
	return header, n, enc, nil
}

// importMeter is the text budget of one import by u: the per-import
// limit, or what u's storage budget or the account's stored-text budget
// has left when that is less.
func (s *Service) importMeter(ctx context.Context, u *explorer.User, limits explorer.TableLimits) (*explorer.TextMeter, error) {
	m := &explorer.TextMeter{Limit: limits.MaxText, What: "the limit of one import"}
	use, left, err := s.root.StorageLeft(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if left < m.Limit {
		m.Limit = left
		m.What = fmt.Sprintf("what is left of your storage budget (%s allowed, %s used; delete models, poles or projects to make room)", explorer.FormatBytes(use.Budget), explorer.FormatBytes(use.Used))
	}
	budget := s.tables.WithDefaults().MaxAccountText
	if budget < 0 {
		return m, nil
	}
	payer, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, err
	}
	used, err := s.store.AccountProjectText(ctx, payer.ID)
	if err != nil {
		return nil, err
	}
	if left := budget - used; left < m.Limit {
		m.Limit = max(left, 0)
		m.What = fmt.Sprintf("the account's projects already store %s of the %s the account may store; delete projects to make room", explorer.ByteSize(used), explorer.ByteSize(budget))
	}
	return m, nil
}

func sameHeader(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool { return strings.EqualFold(strings.TrimSpace(x), strings.TrimSpace(y)) })
}

func headerNames(p *explorer.Project) []string {
	out := make([]string, len(p.Headers))
	for i, h := range p.Headers {
		out[i] = h.Header
	}
	return out
}

// profileRows profiles every column of a project's rows. The language
// returned is that of the text column with the most characters.
func (s *Service) profileRows(ctx context.Context, id int64, header []string) ([]explorer.ProjectHeader, string, error) {
	profilers := newColumnProfilers(len(header))
	err := s.store.EachProjectRow(ctx, id, func(cells []string) error {
		profilers.add(cells)
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	headers, lang := s.profiledHeaders(profilers, header)
	return headers, lang, nil
}

// columnProfilers profile the columns of a project's rows, one each.
type columnProfilers []*analysis.Profiler

func newColumnProfilers(n int) columnProfilers {
	c := make(columnProfilers, n)
	for i := range c {
		c[i] = analysis.NewProfiler()
	}
	return c
}

// add profiles one row; missing cells are empty.
func (c columnProfilers) add(cells []string) {
	for i, p := range c {
		v := ""
		if i < len(cells) {
			v = cells[i]
		}
		p.Add(v)
	}
}

// profiledHeaders describes the columns header profiled by c, and the
// language of the text column with the most characters.
func (s *Service) profiledHeaders(c columnProfilers, header []string) ([]explorer.ProjectHeader, string) {
	headers := make([]explorer.ProjectHeader, len(header))
	lang, best := "", -1
	for i, p := range c {
		pr := p.Profile(s.detector.Detect)
		code := ""
		if pr.Language != "" {
			if c, ok := language.Normalize(pr.Language); ok {
				code = c
			}
		}
		headers[i] = explorer.ProjectHeader{
			Header: header[i], TimeSeriesCandidate: pr.TimeSeries, Filterable: pr.Filterable, NPSCandidate: pr.NPS,
			SuggestedLanguage: code, ColumnDataSize: pr.DataSize, NumberOfEmptyCells: pr.EmptyCells,
		}
		if code != "" && pr.DataSize > best {
			lang, best = code, pr.DataSize
		}
	}
	return headers, lang
}

// startProjectStep moves a project the caller owns from one of the
// allowed statuses to next, in its own transaction, so that the status is
// seen while the step runs. Any other status is ECONFLICT.
func (s *Service) startProjectStep(ctx context.Context, u *explorer.User, id int64, next string, allowed ...string) (*explorer.Project, error) {
	var p *explorer.Project
	err := s.root.InTx(ctx, func(ctx context.Context) error {
		var err error
		if p, err = s.root.OwnProject(ctx, u, id); err != nil {
			return err
		}
		if allowed != nil && !slices.Contains(allowed, p.Status) {
			return explorer.Errorf(explorer.ECONFLICT, "project %d is %s: it must be %s", id, p.Status, strings.Join(allowed, " or "))
		}
		return s.store.SetProjectStatus(ctx, id, next, "")
	})
	return p, err
}

// AppendProjectRows adds the rows of another file, which must have the
// project's header, to a READY or EXPLORED project. The project is
// APPENDING meanwhile and READY after (its topics must be explored again),
// or, when it was EXPLORED with its tonality measured, EXPLORED with its
// counts and tonality stale until a background measurement ends;
// the added rows make one more usage record (0 projects). On failure no
// row is added and the project gets back its status with the message
// "append failed: …".
func (s *Service) AppendProjectRows(ctx context.Context, id int64, file explorer.TableSource) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if file == nil {
		return nil, explorer.Invalid("a file is required", explorer.FieldError{Field: "file", Message: "is required"})
	}
	if _, err := s.root.OwnProject(ctx, u, id); err != nil {
		return nil, err
	}
	if err := s.accounts.CheckImportCredits(ctx, u, file, "this append"); err != nil {
		return nil, err
	}
	p, err := s.startProjectStep(ctx, u, id, explorer.ProjectAppending, explorer.ProjectReady, explorer.ProjectExplored)
	if err != nil {
		return nil, err
	}
	prev := p.Status
	remeasure := false
	err = s.root.InTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		_, n, _, err := s.loadRows(ctx, u, p.ID, p.Rows+1, file, headerNames(p), nil)
		if err != nil {
			return err
		}
		if n == 0 {
			return explorer.Invalid("the file has no rows to append", explorer.FieldError{Field: "file", Message: "has no rows"})
		}
		headers, lang, err := s.profileRows(ctx, p.ID, headerNames(p))
		if err != nil {
			return err
		}
		if err := s.store.ReplaceProjectHeaders(ctx, p.ID, headers); err != nil {
			return err
		}
		p.Headers, p.Rows = headers, p.Rows+n
		if p.Language == "" {
			p.Language = lang
		}
		// An explored project stays explored: its counts and tonality are
		// measured again in the background, stale until then.
		p.Status, p.StatusMessage = explorer.ProjectReady, ""
		if remeasure, err = s.appendedMeasured(ctx, p.ID, prev); err != nil {
			return err
		}
		if remeasure {
			p.Status = explorer.ProjectExplored
		}
		if err := s.store.UpdateProject(ctx, p); err != nil {
			return err
		}
		return s.accounts.ChargeRows(ctx, u, p, 0, n, "this append")
	})
	if err != nil {
		s.failProject(ctx, p.ID, prev, "append failed: ", err)
		return nil, err
	}
	return s.store.FindProject(ctx, p.ID)
}

// DeleteProject deletes a project the caller owns: DELETING, then gone
// with its rows, headers and counts. It stops being a dependent of its
// model; a DYNAMIC model whose other projects are all explored with its
// current version stops being outdated.
func (s *Service) DeleteProject(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	p, err := s.startProjectStep(ctx, u, id, explorer.ProjectDeleting)
	if err != nil {
		return err
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.DeleteProject(ctx, p.ID); err != nil {
			return err
		}
		if p.ModelID != nil {
			return s.clearOutdated(ctx, u, *p.ModelID)
		}
		return nil
	})
	if err != nil {
		s.failProject(ctx, p.ID, p.Status, "delete failed: ", err)
		return err
	}
	// Its learnt words (project_spaces) went with the project's row.
	return nil
}

// ApplyModel applies a model the caller can read to a READY or EXPLORED
// project it owns. The project takes the model's current groups, topics
// and ignore terms. A DYNAMIC model makes the project one of its dependent
// projects: exploring it uses the model's current version. A STANDARD
// model's structure is copied once: the project keeps its copy. The topic
// counts follow at once: an EXPLORED project is counted again on the same
// text column (an error of that count is answered, the model stays
// applied); a READY one has none until it is explored.
func (s *Service) ApplyModel(ctx context.Context, projectID, modelID int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	column := ""
	err = s.applyModel(ctx, u, projectID, modelID, &column)
	if err != nil || column == "" {
		return err
	}
	_, err = s.ExploreProject(ctx, projectID, column)
	return err
}

// applyModel gives the project the model's structure and clears its
// counts; column is set to the text column of an EXPLORED project.
func (s *Service) applyModel(ctx context.Context, u *explorer.User, projectID, modelID int64, column *string) error {
	return s.root.InTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		p, err := s.root.OwnProject(ctx, u, projectID)
		if err != nil {
			return err
		}
		if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
			return explorer.Errorf(explorer.ECONFLICT, "project %d is %s: it must be READY or EXPLORED", p.ID, p.Status)
		}
		m, err := s.models.VisibleModel(ctx, u, modelID)
		if err != nil {
			return err
		}
		st, err := s.store.FindModelVersion(ctx, m.ID, m.Version)
		if err != nil {
			return err
		}
		p.Structure = copyStructure(st)
		p.ModelID, p.ExploredVersion = &m.ID, nil
		if err := s.store.UpdateProject(ctx, p); err != nil {
			return err
		}
		if p.Status == explorer.ProjectExplored {
			*column = p.TextColumn
		}
		if _, err := s.store.SetProjectTonality(ctx, p.ID, nil, explorer.TonalityNever, -1); err != nil {
			return err
		}
		return s.store.SetProjectTopicCounts(ctx, p.ID, nil)
	})
}

func copyStructure(st *explorer.Structure) explorer.Structure {
	out := emptyStructure()
	for _, g := range st.Groups {
		g.Topics = slices.Clone(g.Topics)
		out.Groups = append(out.Groups, g)
	}
	out.IgnoreTerms = append(out.IgnoreTerms, st.IgnoreTerms...)
	for k, v := range st.IgnoreTermsDictionary {
		out.IgnoreTermsDictionary[k] = v
	}
	return out
}

// clearOutdated clears a DYNAMIC model's outdated flag when every project
// applying it was explored with its current version.
func (s *Service) clearOutdated(ctx context.Context, u *explorer.User, modelID int64) error {
	m, err := s.store.FindModel(ctx, modelID, u.ID)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return nil
	}
	if err != nil || !m.Outdated {
		return err
	}
	projects, err := s.store.FindModelProjects(ctx, m.ID)
	if err != nil {
		return err
	}
	for _, q := range projects {
		if q.ExploredVersion == nil || *q.ExploredVersion != m.Version {
			return nil
		}
	}
	m.Outdated = false
	return s.store.UpdateModel(ctx, m)
}

// ExploreProject explores a READY or EXPLORED project on its text column
// with the default ExploreOptions: see ExploreProjectWith.
func (s *Service) ExploreProject(ctx context.Context, id int64, column string) (*explorer.Project, error) {
	return s.ExploreProjectWith(ctx, id, column, ExploreOptions{})
}

// ExploreProjectWith explores a READY or EXPLORED project on its text
// column: column names it, blank means the column with the largest
// columnDataSize. Without a DYNAMIC model, the salient terms and phrases of
// the texts become opt.Topics topics, joined by the terms the texts use in
// similar contexts, in about opt.Groups groups (analysis.Explore); they
// replace the project's groups. With a DYNAMIC model, its current
// version's structure is used and the version recorded (clearing
// `outdated` once every project of the model is explored with it); with a
// STANDARD one, the copy taken when it was applied. Then, per topic, the
// texts containing one of its terms (but not an ignore term) are counted.
// EXPLORING while running, EXPLORED after; on failure the project is
// FAILED with the message "explore failed: …" (a FAILED project with
// rows can be explored again).
func (s *Service) ExploreProjectWith(ctx context.Context, id int64, column string, opt ExploreOptions) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := explorer.CheckText("column", column); err != nil {
		return nil, err
	}
	if err := opt.check(); err != nil {
		return nil, err
	}
	p, err := s.startProjectStep(ctx, u, id, explorer.ProjectExploring, explorer.ProjectReady, explorer.ProjectExplored, explorer.ProjectFailed)
	if err != nil {
		return nil, err
	}
	if err := s.explore(ctx, u, p, column, opt); err != nil {
		s.failProject(ctx, p.ID, explorer.ProjectFailed, "explore failed: ", err)
		return nil, err
	}
	return s.store.FindProject(ctx, p.ID)
}

// appendedMeasured makes the tonality of a project that was EXPLORED and
// measured stale, reporting whether it did (the project then stays
// EXPLORED and is measured again).
func (s *Service) appendedMeasured(ctx context.Context, id int64, prev string) (bool, error) {
	if prev != explorer.ProjectExplored {
		return false, nil
	}
	_, state, _, err := s.store.FindProjectTonality(ctx, id)
	if err != nil || state == explorer.TonalityNever {
		return false, err
	}
	return true, s.root.MarkStale(ctx, id)
}
