package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	explorer "explorer"
	"explorer/domains"
	"explorer/wordspace"
)

// projectBuildFlags are wordspace build's flags for --project.
type projectBuildFlags struct {
	project        *int64
	data, database *string
	owner          *string
}

func addProjectBuildFlags(fs *flag.FlagSet) projectBuildFlags {
	return projectBuildFlags{
		project:  fs.Int64("project", 0, "train the space of this explored project's text column (kept in the database) instead of corpus files"),
		data:     dataFlag(fs),
		database: databaseFlag(fs),
		owner:    fs.String("owner", "", "with --project: act as this user (default: the project's owner)"),
	}
}

// wordspaceBuildProject trains the word space of a project's texts, as
// the project page's button does.
func wordspaceBuildProject(f projectBuildFlags, stdout io.Writer) error {
	if *f.project < 1 {
		return usageError("wordspace build: --project must be a positive whole number")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	db, err := openExisting(ctx, *f.data, *f.database)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := domains.New(db, explorer.Options{Detector: detector, ProjectSpaces: wordspace.NewProjectSpaces()})
	name := *f.owner
	if name == "" {
		p, err := db.FindProject(ctx, *f.project)
		if err != nil {
			return cliError(err)
		}
		name = p.Owner
	}
	u, err := svc.Core.FindUser(ctx, name)
	if err != nil {
		return cliError(err)
	}
	info, err := svc.Projects.BuildProjectSpace(explorer.WithUser(ctx, u), *f.project)
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintf(stdout, "project %d: %s word space of %d words from %d texts in %.1f s\n",
		*f.project, info.Language, info.Words, info.Texts, info.Took.Seconds())
	return nil
}
