// Command explorer serves the JSON interface v1 and the admin pages, and
// manages users, tokens, projects and word spaces from the command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	explorer "explorer"
	"strings"
)

// version, commit and date are set by make build from git, with -ldflags
// "-X main.version=… -X main.commit=… -X main.date=…"; without them the
// build information Go records (the VCS revision and time) stands in.
var version, commit, date string

const usage = `explorer: text-analysis workspaces over a JSON interface (v1) and admin pages.

Usage:
  explorer serve [flags]                 start the server (see explorer serve -h)
  explorer user add NAME [--admin]       add a user; the password is read from
                                         standard input, or prompted on a terminal
  explorer user passwd NAME              set a user's password
  explorer user list                     list users
  explorer user disable|enable|delete NAME
                                         disable, enable or delete a user
  explorer user role NAME admin|user     change a user's role
  explorer token create USER [--name N]  create an API token (printed once)
  explorer project import --owner USER --title T [--encoding E] FILE
                                         import a CSV, XLS or XLSX table as a project
  explorer project append|explore|apply|delete|list|show ...
                                         see explorer project
  explorer wordspace import|build ...    convert or build word spaces
  explorer backup FILE                   write a consistent copy of the SQLite
                                         database to FILE, also while serving
  explorer restore FILE                  replace the SQLite database with the
                                         backup FILE (the server must be stopped)
  explorer version                       print the version, commit, build
                                         date and Go version

Every command takes --data DIR (or EXPLORER_DATA; default ./data); only
serve and restore create a database where there is none. Each command's -h
lists its own flags.
`

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		os.Exit(report(os.Stderr, os.Args[1:], err))
	}
}

// report prints err in one line (and a bound or field a value broke,
// one line each), then, for a command line that does not parse, where its
// help is: never the whole help. It returns the exit status.
func report(w io.Writer, args []string, err error) int {
	var ue usageError
	var fe flagError
	if errors.As(err, &fe) || errors.As(err, &ue) {
		fmt.Fprintf(w, "explorer: %v\nrun '%s' for its usage\n", err, helpCommand(args))
		return 2
	}
	var xe *explorer.Error
	if errors.As(err, &xe) && xe.Code != explorer.EINTERNAL {
		fmt.Fprintln(w, "explorer:", xe.Message)
		for _, f := range xe.Fields {
			fmt.Fprintf(w, "  %s: %s\n", f.Field, f.Message)
		}
		return 1
	}
	fmt.Fprintln(w, "explorer:", err)
	return 1
}

// helpCommand is the command line that prints the help of the command
// args name: the subcommand's, else the command's, else the overview.
func helpCommand(args []string) string {
	if len(args) == 0 {
		return "explorer help"
	}
	if _, ok := synopses[args[0]]; ok {
		return "explorer " + args[0] + " -h"
	}
	if len(args) > 1 {
		if _, ok := synopses[args[0]+" "+args[1]]; ok {
			return "explorer " + args[0] + " " + args[1] + " -h"
		}
	}
	switch args[0] {
	case "project", "user", "wordspace", "token":
		return "explorer " + args[0] + " help"
	}
	return "explorer help"
}

// usageError is a command line that does not parse.
type usageError string

func (e usageError) Error() string { return string(e) }

// run runs the command line args; a command's help (-h) is no error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if err := dispatch(args, stdin, stdout, stderr); err != nil && !errors.Is(err, errHelp) {
		return err
	}
	return nil
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError("no command given")
	}
	switch args[0] {
	case "serve":
		return serveCommand(args[1:], stderr)
	case "user":
		return userCommand(args[1:], stdin, stdout, stderr)
	case "token":
		return tokenCommand(args[1:], stdout, stderr)
	case "project":
		return projectCommand(args[1:], stdin, stdout, stderr)
	case "wordspace":
		return wordspaceCommand(args[1:], stdout, stderr)
	case "backup":
		return backupCommand(args[1:], stdout, stderr)
	case "restore":
		return restoreCommand(args[1:], stdout, stderr)
	case "version", "--version", "-v":
		return versionCommand(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usageError(fmt.Sprintf("unknown command %q", args[0]))
}

// versionCommand prints the version, the commit, the build date and the
// Go version, one per line.
func versionCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return flagError("version takes no arguments")
	}
	b := buildInfo()
	fmt.Fprintf(stdout, "explorer %s\ncommit: %s\nbuilt: %s\ngo: %s\n", b.version, b.commit, b.date, b.goVersion)
	return nil
}

// build describes the binary.
type build struct{ version, commit, date, goVersion string }

// buildInfo is what -ldflags set, completed from the build information
// Go records (vcs.revision, vcs.time, vcs.modified); "unknown" when
// neither says.
func buildInfo() build {
	b := build{version: version, commit: commit, date: date, goVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		b.goVersion = bi.GoVersion
		modified := false
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && b.commit == "":
				b.commit = s.Value
			case s.Key == "vcs.time" && b.date == "":
				b.date = s.Value
			case s.Key == "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified && commit == "" && b.commit != "" {
			b.commit += "+dirty"
		}
		if b.version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.version = bi.Main.Version
		}
	}
	if b.version == "" {
		b.version = "dev"
	}
	if b.commit == "" {
		b.commit = "unknown"
	}
	if b.date == "" {
		b.date = "unknown"
	}
	return b
}

// versionString is the short version for the log: the version and the
// commit's first 12 characters.
func versionString() string {
	b := buildInfo()
	c, dirty := strings.CutSuffix(b.commit, "+dirty")
	if len(c) > 12 {
		c = c[:12]
	}
	if dirty {
		c += "+dirty"
	}
	return b.version + " (" + c + ")"
}
