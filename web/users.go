package web

import (
	"net/http"

	explorer "explorer"
	"explorer/views"
	"explorer/views/users"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// usersRoutes registers the users pages.
func (s *server) usersRoutes(r fiber.Router) {
	r.Get("/users", s.usersPage)
	r.Post("/users", s.addUser)
	r.Post("/users/:name/password", s.setPassword)
	r.Post("/users/:name/role", s.userAction("role"))
	r.Post("/users/:name/disable", s.userAction("disable"))
	r.Post("/users/:name/enable", s.userAction("enable"))
	r.Post("/users/:name/delete", s.userAction("delete"))
	r.Post("/users/:name/budgets", s.setBudgets)
	// Every user's own password page.
	r.Get("/password", s.passwordPage)
	r.Post("/password", s.changePassword)
}

// usersView loads the list; the service refuses non-admins.
func (s *server) usersView(c *fiber.Ctx) (users.UsersView, error) {
	v := users.UsersView{Page: page(c, "Users", "users")}
	list, err := s.svc.Users(ctx(c))
	if err != nil {
		return v, err
	}
	me, _ := c.Locals("user").(*explorer.User)
	for _, u := range list {
		r := users.Row{Username: u.Username, Role: u.Role, Status: u.Status, Created: formatTime(c, u.Created), Self: me != nil && me.ID == u.ID}
		if u.Disabled != nil {
			r.Disabled = formatTime(c, *u.Disabled)
		}
		if r.Budgets, err = s.budgetFields(c, u.Username); err != nil {
			return v, err
		}
		v.Users = append(v.Users, r)
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

// usersAnswer renders the users section (htmx) or the whole page after a
// form was posted. With row set, the notice or error is shown in that
// user's row, next to the form that was posted; else at the add form.
func (s *server) usersAnswer(c *fiber.Ctx, form users.AddForm, row, notice string, ferr error) error {
	v, err := s.usersView(c)
	if err != nil {
		return err
	}
	v.Form = form
	show := func(notice, msg string) { v.Notice, v.Error = notice, msg }
	for i := range v.Users {
		if v.Users[i].Username == row {
			r := &v.Users[i]
			show = func(notice, msg string) { r.Notice, r.Error = notice, msg }
		}
	}
	show(notice, "")
	return formAnswer(c, ferr, func(msg string) { show("", msg) },
		func() templ.Component { return users.Section(v) }, func() templ.Component { return users.Page(v) })
}

func (s *server) addUser(c *fiber.Ctx) error {
	form := users.AddForm{Username: c.FormValue("username"), Email: c.FormValue("email"), Admin: c.FormValue("admin") == "true"}
	role := explorer.RoleUser
	if form.Admin {
		role = explorer.RoleAdmin
	}
	_, err := s.svc.CreateUser(ctx(c), explorer.NewUser{Username: form.Username, Password: c.FormValue("password"), Role: role, Email: form.Email})
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
	if err := s.svc.SetPassword(ctx(c), name, c.FormValue("password")); err != nil {
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
		err, done = s.svc.SetRole(ctx(c), name, role), "now has the role "+views.RoleLabel(role)
	case "disable", "enable":
		err, done = s.svc.SetUserDisabled(ctx(c), name, action == "disable"), action+"d"
	case "delete":
		err, done = s.svc.DeleteUser(ctx(c), name), "deleted"
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
