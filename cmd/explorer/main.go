// Command explorer serves the JSON interface v1 and the admin pages, and
// manages users, tokens, projects and word spaces from the command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = ""

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
  explorer version                       print the version

Every command takes --data DIR (or EXPLORER_DATA; default ./data).
`

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(os.Stderr, "explorer:", err)
			fmt.Fprint(os.Stderr, usage)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "explorer:", err)
		os.Exit(1)
	}
}

// usageError is a command line that does not parse.
type usageError string

func (e usageError) Error() string { return string(e) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
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
		fmt.Fprintln(stdout, "explorer", versionString())
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usageError(fmt.Sprintf("unknown command %q", args[0]))
}

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, modified := "", ""
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "+dirty"
				}
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			return rev + modified
		}
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			return bi.Main.Version
		}
	}
	return "dev"
}
