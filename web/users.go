package web

import (
	"net/http"

	explorer "explorer"
	"explorer/views/users"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

func init() {
	families = append(families, func(s *server, r fiber.Router) {
		r.Get("/users", s.requireUser, s.usersPage)
		r.Post("/users", s.requireUser, s.checkCSRF, s.addUser)
		r.Post("/users/:name/password", s.requireUser, s.checkCSRF, s.setPassword)
	})
}

// usersView loads the list; the service refuses non-admins.
func (s *server) usersView(c *fiber.Ctx) (users.UsersView, error) {
	v := users.UsersView{Page: page(c, "Users", "users")}
	list, err := s.svc.Users(ctx(c))
	if err != nil {
		return v, err
	}
	for _, u := range list {
		v.Users = append(v.Users, users.Row{Username: u.Username, Role: u.Role, Status: u.Status, Created: formatTime(c, u.Created)})
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
// form was posted.
func (s *server) usersAnswer(c *fiber.Ctx, form users.AddForm, notice string, ferr error) error {
	v, err := s.usersView(c)
	if err != nil {
		return err
	}
	v.Form, v.Notice = form, notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return users.Section(v) }, func() templ.Component { return users.Page(v) })
}

func (s *server) addUser(c *fiber.Ctx) error {
	form := users.AddForm{Username: c.FormValue("username"), Admin: c.FormValue("admin") == "true"}
	role := explorer.RoleUser
	if form.Admin {
		role = explorer.RoleAdmin
	}
	_, err := s.svc.CreateUser(ctx(c), explorer.NewUser{Username: form.Username, Password: c.FormValue("password"), Role: role})
	if err != nil {
		return s.usersAnswer(c, form, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, "User "+form.Username+" added.", nil)
}

func (s *server) setPassword(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	if err := s.svc.SetPassword(ctx(c), name, c.FormValue("password")); err != nil {
		return s.usersAnswer(c, users.AddForm{}, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, "Password of "+name+" set.", nil)
}

// requireAdminPage refuses the admin pages to other users.
func (s *server) requireAdminPage(c *fiber.Ctx) error {
	if u, _ := c.Locals("user").(*explorer.User); !u.IsAdmin() {
		return explorer.Errorf(explorer.EFORBIDDEN, "only admins may manage users")
	}
	return nil
}
