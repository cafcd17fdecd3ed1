package web

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	explorer "explorer"
	"explorer/views/users"
)

// budgetForm names the limits form's fields, in order.
var budgetForm = []struct {
	name, label string
	value       func(b explorer.UserBudgets) int
	override    func(o *explorer.BudgetOverride) **int
}{
	{"models", "Models", func(b explorer.UserBudgets) int { return b.Models }, func(o *explorer.BudgetOverride) **int { return &o.Models }},
	{"poles", "Poles", func(b explorer.UserBudgets) int { return b.Poles }, func(o *explorer.BudgetOverride) **int { return &o.Poles }},
	{"projects", "Projects", func(b explorer.UserBudgets) int { return b.Projects }, func(o *explorer.BudgetOverride) **int { return &o.Projects }},
	{"tokens", "API tokens", func(b explorer.UserBudgets) int { return b.Tokens }, func(o *explorer.BudgetOverride) **int { return &o.Tokens }},
	{"writesPerMinute", "Writes a minute", func(b explorer.UserBudgets) int { return b.WritesPerMinute }, func(o *explorer.BudgetOverride) **int { return &o.WritesPerMinute }},
}

// budgetFields are the limits form of a user: its override, with the
// server's budgets as placeholders.
func (s *server) budgetFields(c *fiber.Ctx, username string) ([]users.BudgetField, error) {
	_, o, err := s.svc.UserBudgetsOf(ctx(c), username)
	if err != nil {
		return nil, err
	}
	server := s.svc.ServerBudgets()
	out := make([]users.BudgetField, len(budgetForm))
	for i, f := range budgetForm {
		out[i] = users.BudgetField{Name: f.name, Label: f.label, Default: strconv.Itoa(f.value(server))}
		if v := *f.override(&o); v != nil {
			out[i].Value = strconv.Itoa(*v)
		}
	}
	used, err := s.svc.UserStorageUsed(ctx(c), username)
	if err != nil {
		return nil, err
	}
	storage := users.BudgetField{Name: "storage", Label: "Storage (uses " + explorer.FormatBytes(used) + ")", Default: sizeField(server.Storage), Size: true}
	if o.Storage != nil {
		storage.Value = sizeField(*o.Storage)
	}
	return append(out, storage), nil
}

// sizeField writes a byte count as the storage field shows it: exactly,
// in the largest binary unit that divides it ("2 GiB", "1536 MiB").
func sizeField(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " B"
}

// setBudgets replaces a user's budget override from the limits form: an
// empty field keeps the server's budget.
func (s *server) setBudgets(c *fiber.Ctx) error {
	name := c.Params("name")
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	var o explorer.BudgetOverride
	for _, f := range budgetForm {
		v := strings.TrimSpace(c.FormValue(f.name))
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return s.usersAnswer(c, users.AddForm{}, name, "", explorer.Invalid(f.label+" must be a whole number", explorer.FieldError{Field: f.name, Message: "must be a whole number"}))
		}
		*f.override(&o) = &n
	}
	if v := strings.TrimSpace(c.FormValue("storage")); v != "" {
		n, err := explorer.ParseSize(v)
		if err != nil {
			return s.usersAnswer(c, users.AddForm{}, name, "", explorer.Invalid("Storage: "+err.Error(), explorer.FieldError{Field: "storage", Message: err.Error()}))
		}
		o.Storage = &n
	}
	if _, err := s.svc.SetUserBudgets(ctx(c), name, o); err != nil {
		if code := explorer.ErrorCode(err); code == explorer.EFORBIDDEN || code == explorer.ENOTFOUND {
			return err
		}
		return s.usersAnswer(c, users.AddForm{}, name, "", err)
	}
	return s.usersAnswer(c, users.AddForm{}, name, "Limits of "+name+" set.", nil)
}
