package web

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/wording"
	"explorer/views"
	"explorer/views/users"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// usersRoutes registers the users pages.
func (s *server) usersRoutes(r fiber.Router) {
	r.Get("/users", s.usersPage)
	r.Post("/users", s.addUser)
	r.Post("/users/bulk-delete", s.bulkDeleteUsers)
	r.Post("/users/:name/password", s.setPassword)
	r.Post("/users/:name/role", s.userAction("role"))
	r.Post("/users/:name/disable", s.userAction("disable"))
	r.Post("/users/:name/enable", s.userAction("enable"))
	r.Post("/users/:name/delete", s.userAction("delete"))
	r.Post("/users/:name/budgets", s.setBudgets)
	r.Post("/users/:name/email", s.setUserEmail)
	r.Post("/users/:name/overdraft", s.setOverdraft)
	r.Get("/users/:name", s.userPage)
	// Every user's own password page.
	r.Get("/password", s.passwordPage)
	r.Post("/password", s.changePassword)
}

// userRow is the list's and the detail page's view of a user.
func userRow(c *fiber.Ctx, u *explorer.User) users.Row {
	me, _ := c.Locals("user").(*explorer.User)
	r := users.Row{Username: u.Username, Role: u.Role, Status: u.Status, Created: formatTime(c, u.Created), Self: me != nil && me.ID == u.ID}
	if u.Disabled != nil {
		r.Disabled = formatTime(c, *u.Disabled)
	}
	r.SignIn, r.Directory = "a password kept here", u.Source != explorer.SourceLocal
	switch u.Source {
	case explorer.SourceLDAP:
		r.SignIn = "the LDAP directory"
	case explorer.SourceOIDC:
		r.SignIn = "the OpenID Connect provider"
	}
	return r
}

// userState orders users by state: enabled and active first.
func userState(u *explorer.User) string {
	if u.Disabled != nil {
		return "2 disabled"
	}
	return "1 " + u.Status
}

// userSorts are the sort keys of the users list.
var userSorts = []string{"created", "name", "role", "state"}

// usersView loads the list, searched, ordered and cut to its page (the
// list's place in the URL); the service refuses non-admins.
func (s *server) usersView(c *fiber.Ctx) (users.UsersView, error) {
	v := users.UsersView{Page: page(c, "Users", "users")}
	list, err := s.identity.Users(ctx(c))
	if err != nil {
		return v, err
	}
	st, _, err := readListState(c, "/users", userSorts)
	if err != nil {
		return v, err
	}
	slices.SortFunc(list, func(a, b *explorer.User) int { return cmp.Compare(a.ID, b.ID) })
	shown := stateWindow(list, &st, func(u *explorer.User) []string { return []string{u.Username} },
		func(u *explorer.User, sort string) sortKey {
			switch sort {
			case "name":
				return textKey(u.Username)
			case "role":
				return textKey(u.Role)
			}
			return textKey(userState(u))
		})
	st.Noun, st.Singular = "users", "user"
	v.List = st
	for _, u := range shown {
		row := userRow(c, u)
		row.ID = u.ID
		v.Users = append(v.Users, row)
	}
	return v, nil
}

// userView loads one user's page.
func (s *server) userView(c *fiber.Ctx, name string) (users.DetailView, error) {
	v := users.DetailView{Page: page(c, name, "users")}
	if err := s.requireAdminPage(c); err != nil {
		return v, err
	}
	u, err := s.svc.FindUser(ctx(c), name)
	if err != nil {
		return v, err
	}
	v.User = userRow(c, u)
	if v.User.Email, err = s.identity.UserEmail(ctx(c), name); err != nil {
		return v, err
	}
	if v.User.Budgets, err = s.budgetFields(c, u.Username); err != nil {
		return v, err
	}
	if v.User.SecondFactor, err = s.identity.UserSecondFactor(ctx(c), name); err != nil {
		return v, err
	}
	if v.User.Overdraft, v.User.Balance, err = s.accounts.Overdraft(ctx(c), name); err != nil {
		return v, err
	}
	return v, nil
}

func (s *server) usersPage(c *fiber.Ctx) error {
	v, err := s.usersView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, users.Page(v))
}

func (s *server) userPage(c *fiber.Ctx) error {
	v, err := s.userView(c, c.Params("name"))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, users.Detail(v))
}

// usersAnswer renders after a form was posted: with row set, that user's
// page (htmx: its section) with the notice or error next to its forms;
// else the list with the add form.
func (s *server) usersAnswer(c *fiber.Ctx, form users.AddForm, row, notice string, ferr error) error {
	if row != "" {
		v, err := s.userView(c, row)
		if err != nil {
			return err
		}
		v.User.Notice = notice
		return formAnswer(c, ferr, func(msg string) { v.User.Notice, v.User.Error = "", msg },
			func() templ.Component { return users.DetailSection(v) }, func() templ.Component { return users.Detail(v) })
	}
	v, err := s.usersView(c)
	if err != nil {
		return err
	}
	v.Form, v.Notice = form, notice
	return formAnswer(c, ferr, func(msg string) { v.Notice, v.Error = "", msg },
		func() templ.Component { return users.Section(v) }, func() templ.Component { return users.Page(v) })
}

// setUserEmail sets or removes a user's e-mail address.
func (s *server) setUserEmail(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	email := strings.TrimSpace(c.FormValue("email"))
	if err := s.identity.SetUserEmail(ctx(c), name, email); err != nil {
		if code := explorer.ErrorCode(err); code == explorer.EFORBIDDEN || code == explorer.ENOTFOUND {
			return err
		}
		return s.usersAnswer(c, users.AddForm{}, name, "", err)
	}
	if email == "" {
		return s.usersAnswer(c, users.AddForm{}, name, name+" has no e-mail address now.", nil)
	}
	return s.usersAnswer(c, users.AddForm{}, name, "Notifications to "+name+" go to "+email+".", nil)
}

// setOverdraft sets how far below zero a user's own account may go.
func (s *server) setOverdraft(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	n, err := strconv.ParseInt(strings.TrimSpace(c.FormValue("overdraft")), 10, 64)
	if err != nil {
		err = explorer.Invalid("the overdraft must be a whole number of credits", explorer.FieldError{Field: "overdraft", Message: "must be a whole number"})
	} else {
		err = s.accounts.SetOverdraft(ctx(c), name, n)
	}
	if err != nil {
		if code := explorer.ErrorCode(err); code == explorer.EFORBIDDEN || code == explorer.ENOTFOUND {
			return err
		}
		return s.usersAnswer(c, users.AddForm{}, name, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, name, "The account of "+name+" may now go "+wording.CreditsText(n)+" below zero.", nil)
}

func (s *server) addUser(c *fiber.Ctx) error {
	form := users.AddForm{Username: c.FormValue("username"), Email: c.FormValue("email"), Admin: c.FormValue("admin") == "true"}
	role := explorer.RoleUser
	if form.Admin {
		role = explorer.RoleAdmin
	}
	_, err := s.identity.CreateUser(ctx(c), identity.NewUser{Username: form.Username, Password: c.FormValue("password"), Role: role, Email: form.Email})
	if err != nil {
		return s.usersAnswer(c, form, "", "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, "", "User "+form.Username+" added.", nil)
}

func (s *server) setPassword(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	if err := s.identity.SetPassword(ctx(c), name, c.FormValue("password")); err != nil {
		return s.usersAnswer(c, users.AddForm{}, name, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, name, "Password of "+name+" set.", nil)
}

// userAction changes a user's role or state, or deletes it; the service
// holds the rules (admins only, the last enabled admin stays, users with
// data are not deleted).
func (s *server) userAction(action string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		return s.changeUser(c, action)
	}
}

func (s *server) changeUser(c *fiber.Ctx, action string) error {
	name := c.Params("name")
	var err error
	var done string
	switch action {
	case "role":
		role := c.FormValue("role")
		err, done = s.identity.SetRole(ctx(c), name, role), "now has the role "+views.RoleLabel(role)
	case "disable", "enable":
		err, done = s.identity.SetUserDisabled(ctx(c), name, action == "disable"), action+"d"
	case "delete":
		err, done = s.identity.DeleteUser(ctx(c), name), "deleted"
	}
	if explorer.ErrorCode(err) == explorer.EFORBIDDEN || explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return err
	}
	row := name
	if err == nil && done == "deleted" {
		row = ""
	}
	if err != nil {
		return s.usersAnswer(c, users.AddForm{}, row, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, row, name+" "+done+".", nil)
}

// requireAdminPage refuses the admin pages to other users.
func (s *server) requireAdminPage(c *fiber.Ctx) error {
	if u, _ := c.Locals("user").(*explorer.User); !u.IsAdmin() {
		return explorer.Errorf(explorer.EFORBIDDEN, "only admins may manage users")
	}
	return nil
}
