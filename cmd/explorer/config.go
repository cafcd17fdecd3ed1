package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	explorer "explorer"
)

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

// envDuration returns the duration of the environment variable name, or def
// when it is unset or not a duration (the flag's check then names it).
func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

// newFlagSet returns a flag set that reports errors instead of exiting.
// Its -h prints the command's synopsis (see synopses) and its own flags.
func newFlagSet(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		syn, ok := synopses[name]
		if !ok {
			syn = name + " [flags]"
		}
		fmt.Fprintf(fs.Output(), "Usage: explorer %s\n", syn)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// synopses are the command lines of the commands whose flag set prints
// them on -h.
var synopses = map[string]string{
	"serve":            "serve [flags]",
	"user add":         "user add NAME [--admin] [flags]   (the password is read from standard input)",
	"user passwd":      "user passwd NAME [flags]   (the password is read from standard input)",
	"user list":        "user list [flags]",
	"user disable":     "user disable NAME [flags]",
	"user enable":      "user enable NAME [flags]",
	"user delete":      "user delete NAME [flags]",
	"user role":        "user role NAME admin|user [flags]",
	"token create":     "token create USER [--name N] [flags]",
	"project import":   "project import --owner USER [--title T] [--encoding E] [flags] FILE",
	"project append":   "project append ID FILE [--encoding E] [flags]",
	"project explore":  "project explore ID [--column NAME] [--topics N] [--groups N] [flags]",
	"project apply":    "project apply ID MODEL [flags]",
	"project delete":   "project delete ID [flags]",
	"project list":     "project list --owner USER [flags]",
	"project show":     "project show ID [flags]",
	"backup":           "backup FILE [flags]",
	"restore":          "restore FILE [flags]   (the server must be stopped)",
	"wordspace import": "wordspace import --lang XX [--counts FILE] [--int8] IN OUT",
	"wordspace build":  "wordspace build --lang XX --out FILE [flags] CORPUS... | --project ID",
	"wordspace info":   "wordspace info FILE",
}

// errHelp says that the help a command was asked for (-h) is printed.
var errHelp = errors.New("help printed")

// flagError is a command line its flag set refused; the flag set has
// printed the command's own usage.
type flagError string

func (e flagError) Error() string { return string(e) }

// parseFlags parses args: -h is errHelp (exit 0), a bad flag a flagError
// (exit 2).
// The flag set prints its usage only for -h: a bad flag is one line (the
// caller says where the help is).
func parseFlags(fs *flag.FlagSet, args []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return errHelp
	}
	return flagError(err.Error())
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

// dataFlag adds --data with its environment equivalent.
func dataFlag(fs *flag.FlagSet) *string {
	return fs.String("data", envOr("EXPLORER_DATA", "./data"), "data directory (EXPLORER_DATA)")
}

// databaseFlag adds --database with its environment equivalent.
func databaseFlag(fs *flag.FlagSet) *string {
	return fs.String("database", envOr("EXPLORER_DATABASE", ""), "PostgreSQL URL; empty: SQLite in the data directory (EXPLORER_DATABASE)")
}

// parseSize reads a byte size such as 20971520, 20MiB, 20MB or 512KiB
// (explorer.ParseSize, the one reader of sizes).
func parseSize(s string) (int, error) {
	n, err := explorer.ParseSize(s)
	return int(n), err
}

// newLogger returns a slog logger of the level (debug, info, warn, error)
// and format (text or json).
func newLogger(w io.Writer, level, format string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("invalid log level %q: use debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: l}
	switch strings.ToLower(format) {
	case "text", "":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("invalid log format %q: use text or json", format)
}

// creditsFlag adds --credits: enforce (an import the paying account
// cannot pay is refused) or track (credits are counted, nothing refused).
func creditsFlag(fs *flag.FlagSet) *string {
	return fs.String("credits", envOr("EXPLORER_CREDITS", "enforce"), "enforce: refuse an import the paying account's credits cannot pay (402); track: count credits, refuse nothing (EXPLORER_CREDITS)")
}

// billingOptions are the service's billing options for a --credits value.
func billingOptions(mode string) (explorer.BillingOptions, error) {
	switch mode {
	case "enforce":
		return explorer.BillingOptions{}, nil
	case "track":
		return explorer.BillingOptions{TrackOnly: true}, nil
	}
	return explorer.BillingOptions{}, usageError(fmt.Sprintf("--credits is enforce or track, not %q", mode))
}
