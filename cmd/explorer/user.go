package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	explorer "explorer"
	"explorer/identity"

	"golang.org/x/term"
)

const userUsage = `user needs a subcommand:
  user add NAME [--admin]
  user passwd NAME
  user list
  user disable|enable|delete NAME
  user role NAME admin|user
Each takes --data DIR or --database URL; see explorer user SUBCOMMAND -h.
`

func userCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("user needs a subcommand: add, passwd, list, disable, enable, delete or role")
	}
	if isHelp(args[0]) {
		fmt.Fprint(stdout, userUsage)
		return nil
	}
	fs, admin, err := parseUserFlags(args, stderr)
	if err != nil {
		return err
	}
	ctx := explorer.AsCLI(context.Background())
	data := fs.Lookup("data").Value.String()
	db, err := openExisting(ctx, data, fs.Lookup("database").Value.String())
	if err != nil {
		return err
	}
	defer db.Close()
	svc := explorer.NewService(db, explorer.Options{InitialPasswordFile: initialPasswordPath(data)})
	// The identity adds users and sets their passwords (removing the
	// initial password file when admin's changes); it disables, deletes
	// and sets the role of users.
	ids := identity.New(svc, db)
	switch args[0] {
	case "add":
		if fs.NArg() != 1 {
			return usageError("user add takes one NAME")
		}
		pw, err := readPassword(stdin, stderr, "Password for "+fs.Arg(0)+": ")
		if err != nil {
			return err
		}
		role := explorer.RoleUser
		if *admin {
			role = explorer.RoleAdmin
		}
		u, err := ids.AddUser(ctx, identity.NewUser{Username: fs.Arg(0), Password: pw, Role: role, Email: fs.Lookup("email").Value.String()})
		if err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "added %s (%s)\n", u.Username, u.Role)
	case "passwd":
		if fs.NArg() != 1 {
			return usageError("user passwd takes one NAME")
		}
		pw, err := readPassword(stdin, stderr, "New password for "+fs.Arg(0)+": ")
		if err != nil {
			return err
		}
		if err := ids.SetPassword(ctx, fs.Arg(0), pw); err != nil {
			return cliError(err)
		}
		fmt.Fprintf(stdout, "password of %s set\n", fs.Arg(0))
	case "list":
		users, err := ids.AllUsers(ctx)
		if err != nil {
			return cliError(err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "USERNAME\tROLE\tSTATUS\tCREATED\tDISABLED")
		for _, u := range users {
			disabled := "-"
			if u.Disabled != nil {
				disabled = u.Disabled.Format("2006-01-02 15:04")
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Username, u.Role, u.Status, u.Created.Format("2006-01-02 15:04"), disabled)
		}
		return tw.Flush()
	case "disable", "enable", "delete", "role":
		return userAdmin(ctx, ids, args[0], fs.Args(), stdout)
	}
	return nil
}

// parseUserFlags parses the flags of the user subcommand args[0]: --data,
// --database, and --admin for add.
func parseUserFlags(args []string, stderr io.Writer) (*flag.FlagSet, *bool, error) {
	switch args[0] {
	case "add", "passwd", "list", "disable", "enable", "delete", "role":
	default:
		return nil, nil, usageError(fmt.Sprintf("unknown user subcommand %q", args[0]))
	}
	fs := newFlagSet("user "+args[0], stderr)
	dataFlag(fs)
	databaseFlag(fs)
	admin := new(bool)
	if args[0] == "add" {
		admin = fs.Bool("admin", false, "make the user an admin")
		fs.String("email", "", "the user's e-mail address, where notifications go")
	}
	return fs, admin, parseFlags(fs, reorder(args[1:]))
}

// userAdmin runs the subcommands that change an existing user: the same
// service rules as on the users page (the last enabled admin stays,
// users with data are not deleted).
func userAdmin(ctx context.Context, svc *identity.Service, sub string, args []string, stdout io.Writer) error {
	want := 1
	if sub == "role" {
		want = 2
	}
	if len(args) != want {
		if sub == "role" {
			return usageError("user role takes NAME and admin or user")
		}
		return usageError("user " + sub + " takes one NAME")
	}
	var err error
	switch sub {
	case "disable", "enable":
		err = svc.SetUserDisabled(ctx, args[0], sub == "disable")
	case "delete":
		err = svc.DeleteUser(ctx, args[0])
	case "role":
		err = svc.SetRole(ctx, args[0], args[1])
	}
	if err != nil {
		return cliError(err)
	}
	done := map[string]string{"disable": "disabled", "enable": "enabled", "delete": "deleted", "role": "now " + args[len(args)-1]}[sub]
	fmt.Fprintf(stdout, "%s %s\n", args[0], done)
	return nil
}

func tokenCommand(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(stdout, "token needs the subcommand create: token create USER [--name N]; see explorer token create -h")
		return nil
	}
	if len(args) == 0 || args[0] != "create" {
		return usageError("token needs the subcommand create")
	}
	fs := newFlagSet("token create", stderr)
	data := dataFlag(fs)
	database := databaseFlag(fs)
	name := fs.String("name", "cli", "a name for the token")
	scope := fs.String("scope", identity.TokenWrite, "read (GET and HEAD only) or write")
	days := fs.Int("expires", 0, "days until the token expires: 30, 90 or 365; 0 never")
	if err := parseFlags(fs, reorder(args[1:])); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError("token create takes one USER")
	}
	ctx := explorer.AsCLI(context.Background())
	db, err := openExisting(ctx, *data, *database)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := identity.New(explorer.NewService(db, explorer.Options{}), db)
	nt, err := svc.CreateTokenWith(ctx, fs.Arg(0), identity.TokenInput{Name: *name, Scope: *scope, Days: *days})
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintln(stdout, nt.Secret)
	return nil
}

// reorder moves flags before positional arguments, so that
// "user add NAME --admin" parses like "user add --admin NAME".
func reorder(args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") && a != "-" {
			flags = append(flags, a)
			if !strings.Contains(a, "=") && isValueFlag(a) && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(flags, pos...)
}

// readPassword prompts without echo on a terminal, else reads one line.
func readPassword(stdin io.Reader, stderr io.Writer, prompt string) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(stderr, prompt)
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", err
		}
		fmt.Fprint(stderr, "Again: ")
		again, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", err
		}
		if string(b) != string(again) {
			return "", errors.New("the passwords differ")
		}
		return string(b), nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// cliError shows a service error's message.
func cliError(err error) error {
	if explorer.ErrorCode(err) == explorer.EINTERNAL {
		return err
	}
	return errors.New(explorer.ErrorMessage(err))
}

// isValueFlag reports whether a flag takes the next argument as its value.
func isValueFlag(a string) bool {
	switch strings.TrimLeft(a, "-") {
	case "data", "database", "name", "email", "owner", "title", "encoding", "column",
		"max-upload", "max-unzip", "max-import-text", "max-account-text", "max-columns", "max-cell", "max-rows", "read-timeout",
		"topics", "groups", "scope", "expires", "credits":
		return true
	}
	return false
}
