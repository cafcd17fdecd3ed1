package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"text/tabwriter"

	explorer "explorer"
	"explorer/accounts"
	"explorer/domains"
	"explorer/internal/tablefile"
	"explorer/internal/wording"
	"explorer/projects"
	"explorer/store"
	"explorer/wordspace"
)

const projectUsage = `project needs a subcommand:
  project import --owner USER --title T [--encoding E] FILE
  project append ID FILE [--encoding E]
  project explore ID [--column NAME] [--topics N] [--groups N]
  project apply ID MODEL
  project delete ID
  project list --owner USER
  project show ID`

// projectFlags are the flags of one project subcommand: each declares
// only those it reads.
type projectFlags struct {
	fs                             *flag.FlagSet
	data, database                 *string
	owner, title, encoding, column *string
	tables                         *tableFlags
	topics, groups                 *int
	credits                        *string
	dryRun                         *bool
}

func newProjectFlags(sub string, stderr io.Writer) *projectFlags {
	fs := newFlagSet("project "+sub, stderr)
	none := ""
	zero, zero2 := 0, 0
	f := &projectFlags{fs: fs, data: dataFlag(fs), database: databaseFlag(fs), title: &none, encoding: &none, column: &none, topics: &zero, groups: &zero2}
	ownerHelp := "act as this user (default: the project's owner)"
	if sub == "import" || sub == "list" {
		ownerHelp = "the owner's username"
	}
	f.owner = fs.String("owner", "", ownerHelp)
	f.credits = creditsFlag(fs)
	no := false
	f.dryRun = &no
	switch sub {
	case "import":
		f.title = fs.String("title", "", "the project's title (default: the file's name)")
		f.dryRun = fs.Bool("dry-run", false, "count the file's rows and print what the import would cost; store nothing")
	case "explore":
		f.column = fs.String("column", "", "the text column to explore (default: the largest)")
		f.topics = fs.Int("topics", 0, fmt.Sprintf("how many topics, 1 to %d (default %d)", projects.MaxExploreTopics, projects.ExploreTopics))
		f.groups = fs.Int("groups", 0, fmt.Sprintf("in about how many groups, 1 to %d (default: one per four topics; in feedback such as review sentences, groups of closely related topics only, at least one per 2.5 topics)", projects.MaxExploreGroups))
	}
	if sub == "import" || sub == "append" {
		f.encoding = fs.String("encoding", "", "the CSV file's encoding (default: guess)")
		f.tables = addTableFlags(fs, nil)
	} else {
		f.tables = addTableFlags(flag.NewFlagSet("", flag.ContinueOnError), nil)
	}
	return f
}

func projectCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("project needs a subcommand: import, append, explore, apply, delete, list or show")
	}
	if isHelp(args[0]) {
		fmt.Fprintln(stdout, projectUsage)
		return nil
	}
	sub, ok := projectSubcommands[args[0]]
	if !ok {
		return usageError(fmt.Sprintf("unknown project subcommand %q", args[0]))
	}
	pf := newProjectFlags(args[0], stderr)
	if err := parseFlags(pf.fs, reorder(args[1:])); err != nil {
		return err
	}
	tables, err := pf.tables.budgets()
	if err != nil {
		return err
	}
	billing, err := billingOptions(*pf.credits)
	if err != nil {
		return err
	}
	// An interrupt cancels the step's job (awaitJob).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := openExisting(ctx, *pf.data, *pf.database)
	if err != nil {
		return err
	}
	defer db.Close()
	// The long steps run as jobs (they show in the job lists and the
	// pages, and a server sharing the database may run an explore or an
	// apply); this process runs only its own.
	o := explorer.Options{Detector: detector, Tables: tables, ProjectSpaces: wordspace.NewProjectSpaces(), Instance: cliInstance(), OwnJobsOnly: true, Billing: billing}
	svcs := domains.New(db, o)
	r := &projectRun{ctx: ctx, db: db, flags: pf, stdout: stdout, stderr: stderr, svc: svcs.Core, projects: svcs.Projects, accounts: svcs.Accounts}
	err = sub(r)
	// A step that made a project's tonality stale (an append) measures it
	// again before the command ends, as a server would in the background.
	if ctx.Err() == nil {
		r.projects.WaitMeasured()
	}
	r.projects.WaitJobs()
	return err
}

// projectSubcommands are the project subcommands, by name.
var projectSubcommands = map[string]func(*projectRun) error{
	"import":  (*projectRun).importFile,
	"append":  (*projectRun).appendFile,
	"explore": (*projectRun).explore,
	"apply":   (*projectRun).apply,
	"delete":  (*projectRun).delete,
	"list":    (*projectRun).list,
	"show":    (*projectRun).show,
}

// projectRun is one project subcommand with its parsed flags, the
// database and the services over it.
type projectRun struct {
	ctx            context.Context
	db             *store.DB
	svc            *explorer.Service
	projects       *projects.Service
	accounts       *accounts.Service
	flags          *projectFlags
	stdout, stderr io.Writer
}

// as acts as the user named name (--owner).
func (r *projectRun) as(name string) (context.Context, error) {
	if name == "" {
		return nil, usageError("--owner is required")
	}
	u, err := r.svc.FindUser(r.ctx, name)
	if err != nil {
		return nil, cliError(err)
	}
	return explorer.WithUser(r.ctx, u), nil
}

// project resolves the ID argument of a subcommand taking n arguments and
// acts as --owner, else as the project's owner.
func (r *projectRun) project(n int) (context.Context, int64, error) {
	fs := r.flags.fs
	if fs.NArg() != n {
		return nil, 0, usageError("usage: explorer " + synopses[fs.Name()])
	}
	id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
	if err != nil || id < 1 {
		return nil, 0, usageError("ID must be a positive whole number")
	}
	name := *r.flags.owner
	if name == "" {
		p, err := r.db.FindProject(r.ctx, id)
		if err != nil {
			return nil, 0, cliError(err)
		}
		name = p.Owner
	}
	c, err := r.as(name)
	return c, id, err
}

func (r *projectRun) importFile() error {
	fs := r.flags.fs
	if fs.NArg() != 1 {
		return usageError("project import takes one FILE")
	}
	c, err := r.as(*r.flags.owner)
	if err != nil {
		return err
	}
	f, closer, err := openTable(fs.Arg(0), *r.flags.encoding, r.stderr)
	if err != nil {
		return err
	}
	// The job reports the bytes read.
	f.Progress = nil
	if *r.flags.dryRun {
		defer closer.Close()
		cost, err := r.accounts.ImportCost(c, f)
		if err != nil {
			return cliError(err)
		}
		r.printCost(cost)
		return nil
	}
	j, err := r.projects.SubmitImport(c, projects.ImportProjectInput{Title: *r.flags.title, File: f, FileName: fs.Arg(0)}, f.Size, func() { closer.Close() })
	if err != nil {
		return cliError(err)
	}
	if _, err := r.awaitJob(c, j, "importing "+fs.Arg(0)); err != nil {
		return cliError(err)
	}
	p, err := r.projects.Project(c, j.ProjectID)
	if err != nil {
		return cliError(err)
	}
	if cost, err := r.accounts.RowsCost(c, p.Rows); err == nil {
		r.printCost(cost)
	}
	fmt.Fprintf(r.stdout, "project %d: %d rows, %s, %s\n", p.ID, p.Rows, orDash(p.Encoding), p.Status)
	return printHeaders(r.stdout, p)
}

// printCost prints what an import costs (or cost) and the balance.
func (r *projectRun) printCost(cost *explorer.CreditCost) {
	fmt.Fprintf(r.stdout, "this import uses %s; the account has %s\n", wording.CreditsText(cost.Credits), wording.CreditsText(cost.Balance))
}

func (r *projectRun) appendFile() error {
	c, id, err := r.project(2)
	if err != nil {
		return err
	}
	f, closer, err := openTable(r.flags.fs.Arg(1), *r.flags.encoding, r.stderr)
	if err != nil {
		return err
	}
	defer closer.Close()
	p, err := r.projects.AppendProjectRows(c, id, f)
	fmt.Fprintln(r.stderr)
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintf(r.stdout, "project %d: %d rows, %s\n", p.ID, p.Rows, p.Status)
	return nil
}

func (r *projectRun) explore() error {
	c, id, err := r.project(1)
	if err != nil {
		return err
	}
	j, err := r.projects.SubmitExplore(c, id, *r.flags.column, projects.ExploreOptions{Topics: *r.flags.topics, Groups: *r.flags.groups})
	if err != nil {
		return cliError(err)
	}
	if _, err := r.awaitJob(c, j, fmt.Sprintf("exploring project %d", id)); err != nil {
		return cliError(err)
	}
	p, err := r.projects.Project(c, id)
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintf(r.stdout, "project %d: %s on %q (%d texts, %s)\n", p.ID, p.Status, p.TextColumn, p.ExploredTexts, orDash(p.Language))
	return printTopics(r.stdout, p)
}

func (r *projectRun) apply() error {
	fs := r.flags.fs
	if fs.NArg() != 2 {
		return usageError("project apply takes ID MODEL")
	}
	model, err := strconv.ParseInt(fs.Arg(1), 10, 64)
	if err != nil || model < 1 {
		return usageError("MODEL must be a positive whole number")
	}
	c, id, err := r.project(2)
	if err != nil {
		return err
	}
	j, err := r.projects.SubmitApply(c, id, model)
	if err != nil {
		return cliError(err)
	}
	if _, err := r.awaitJob(c, j, fmt.Sprintf("applying model %d to project %d", model, id)); err != nil {
		return cliError(err)
	}
	fmt.Fprintf(r.stdout, "project %d applies model %d\n", id, model)
	return nil
}

func (r *projectRun) delete() error {
	c, id, err := r.project(1)
	if err != nil {
		return err
	}
	if err := r.projects.DeleteProject(c, id); err != nil {
		return cliError(err)
	}
	fmt.Fprintf(r.stdout, "project %d deleted\n", id)
	return nil
}

func (r *projectRun) list() error {
	c, err := r.as(*r.flags.owner)
	if err != nil {
		return err
	}
	list, err := r.projects.Projects(c)
	if err != nil {
		return cliError(err)
	}
	tw := tabwriter.NewWriter(r.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tROWS\tSTATUS\tMODEL\tMESSAGE")
	for _, p := range list {
		model := "-"
		if p.ModelID != nil {
			model = strconv.FormatInt(*p.ModelID, 10)
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%s\n", p.ID, p.Title, p.Rows, p.Status, model, p.StatusMessage)
	}
	return tw.Flush()
}

func (r *projectRun) show() error {
	c, id, err := r.project(1)
	if err != nil {
		return err
	}
	p, err := r.projects.Project(c, id)
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintf(r.stdout, "project %d %q: %d rows, %s, %s %s\n", p.ID, p.Title, p.Rows, orDash(p.Encoding), p.Status, p.StatusMessage)
	if err := printHeaders(r.stdout, p); err != nil {
		return err
	}
	return printTopics(r.stdout, p)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// openTable opens a table file, reporting progress on stderr in percent
// of its bytes.
func openTable(path, encoding string, stderr io.Writer) (tablefile.File, io.Closer, error) {
	f, err := os.Open(path)
	if err != nil {
		return tablefile.File{}, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return tablefile.File{}, nil, err
	}
	last := -1
	return tablefile.File{Name: path, Encoding: encoding, Body: f, Size: st.Size(), Progress: func(done, total int64) {
		if total <= 0 {
			return
		}
		if pct := int(done * 100 / total); pct != last {
			last = pct
			fmt.Fprintf(stderr, "\rreading %s: %d%%", path, pct)
		}
	}}, f, nil
}

func printHeaders(w io.Writer, p *explorer.Project) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "COLUMN\tSIZE\tEMPTY\tLANGUAGE\tTIME SERIES\tNPS\tFILTERABLE")
	for _, h := range p.Headers {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%t\t%t\t%t\n", h.Header, h.ColumnDataSize, h.NumberOfEmptyCells, orDash(h.SuggestedLanguage),
			h.TimeSeriesCandidate, h.NPSCandidate, h.Filterable)
	}
	return tw.Flush()
}

func printTopics(w io.Writer, p *explorer.Project) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GROUP\tTOPIC\tTEXTS\tTERMS")
	for _, g := range p.Structure.Groups {
		for _, t := range g.Topics {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%v\n", g.Title, t.Title, p.TopicCounts[t.ID], t.Terms)
		}
	}
	return tw.Flush()
}
