package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	explorer "explorer"
	"explorer/internal/tablefile"
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
	switch sub {
	case "import":
		f.title = fs.String("title", "", "the project's title (default: the file's name)")
	case "explore":
		f.column = fs.String("column", "", "the text column to explore (default: the largest)")
		f.topics = fs.Int("topics", 0, fmt.Sprintf("how many topics, 1 to %d (default %d)", explorer.MaxExploreTopics, explorer.ExploreTopics))
		f.groups = fs.Int("groups", 0, fmt.Sprintf("in about how many groups, 1 to %d (default: one per four topics)", explorer.MaxExploreGroups))
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
		return usageError(projectUsage)
	}
	if isHelp(args[0]) {
		fmt.Fprintln(stdout, projectUsage)
		return nil
	}
	switch args[0] {
	case "import", "append", "explore", "apply", "delete", "list", "show":
	default:
		return usageError(fmt.Sprintf("unknown project subcommand %q", args[0]))
	}
	pf := newProjectFlags(args[0], stderr)
	fs, owner, title, encoding, column := pf.fs, pf.owner, pf.title, pf.encoding, pf.column
	if err := parseFlags(fs, reorder(args[1:])); err != nil {
		return err
	}
	tables, err := pf.tables.budgets()
	if err != nil {
		return err
	}
	ctx := context.Background()
	db, err := openExisting(ctx, *pf.data, *pf.database)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := explorer.NewService(db, explorer.Options{Detector: detector, Tables: tables, ProjectSpaces: projectSpaces(*pf.data)})
	as := func(name string) (context.Context, error) {
		if name == "" {
			return nil, usageError("--owner is required")
		}
		u, err := svc.FindUser(ctx, name)
		if err != nil {
			return nil, cliError(err)
		}
		return explorer.WithUser(ctx, u), nil
	}
	// project resolves the ID argument and acts as its owner.
	project := func(n int) (context.Context, int64, error) {
		if fs.NArg() != n {
			return nil, 0, usageError(projectUsage)
		}
		id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
		if err != nil || id < 1 {
			return nil, 0, usageError("ID must be a positive whole number")
		}
		name := *owner
		if name == "" {
			p, err := db.FindProject(ctx, id)
			if err != nil {
				return nil, 0, cliError(err)
			}
			name = p.Owner
		}
		c, err := as(name)
		return c, id, err
	}
	switch args[0] {
	case "import":
		if fs.NArg() != 1 {
			return usageError("project import takes one FILE")
		}
		c, err := as(*owner)
		if err != nil {
			return err
		}
		f, closer, err := openTable(fs.Arg(0), *encoding, stderr)
		if err != nil {
			return err
		}
		defer closer.Close()
		p, err := svc.ImportProject(c, explorer.ImportProjectInput{Title: *title, File: f, FileName: fs.Arg(0)})
		fmt.Fprintln(stderr)
		if err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d: %d rows, %s, %s\n", p.ID, p.Rows, orDash(p.Encoding), p.Status)
		return printHeaders(stdout, p)
	case "append":
		c, id, err := project(2)
		if err != nil {
			return err
		}
		f, closer, err := openTable(fs.Arg(1), *encoding, stderr)
		if err != nil {
			return err
		}
		defer closer.Close()
		p, err := svc.AppendProjectRows(c, id, f)
		fmt.Fprintln(stderr)
		if err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d: %d rows, %s\n", p.ID, p.Rows, p.Status)
	case "explore":
		c, id, err := project(1)
		if err != nil {
			return err
		}
		p, err := svc.ExploreProjectWith(c, id, *column, explorer.ExploreOptions{Topics: *pf.topics, Groups: *pf.groups})
		if err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d: %s on %q (%d texts, %s)\n", p.ID, p.Status, p.TextColumn, p.ExploredTexts, orDash(p.Language))
		return printTopics(stdout, p)
	case "apply":
		if fs.NArg() != 2 {
			return usageError("project apply takes ID MODEL")
		}
		model, err := strconv.ParseInt(fs.Arg(1), 10, 64)
		if err != nil || model < 1 {
			return usageError("MODEL must be a positive whole number")
		}
		c, id, err := project(2)
		if err != nil {
			return err
		}
		if err := svc.ApplyModel(c, id, model); err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d applies model %d\n", id, model)
	case "delete":
		c, id, err := project(1)
		if err != nil {
			return err
		}
		if err := svc.DeleteProject(c, id); err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d deleted\n", id)
	case "list":
		c, err := as(*owner)
		if err != nil {
			return err
		}
		list, err := svc.Projects(c)
		if err != nil {
			return cliError(err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tTITLE\tROWS\tSTATUS\tMODEL\tMESSAGE")
		for _, p := range list {
			model := "-"
			if p.ModelID != nil {
				model = strconv.FormatInt(*p.ModelID, 10)
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%s\n", p.ID, p.Title, p.Rows, p.Status, model, p.StatusMessage)
		}
		return tw.Flush()
	case "show":
		c, id, err := project(1)
		if err != nil {
			return err
		}
		p, err := svc.Project(c, id)
		if err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "project %d %q: %d rows, %s, %s %s\n", p.ID, p.Title, p.Rows, orDash(p.Encoding), p.Status, p.StatusMessage)
		if err := printHeaders(stdout, p); err != nil {
			return err
		}
		return printTopics(stdout, p)
	}
	return nil
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
