package api

import (
	"github.com/gofiber/fiber/v2"

	explorer "explorer"
)

// userBudgets is the answer of the admin budget operations: the budgets in
// force and the override an admin set (null fields: the server's).
type userBudgets struct {
	Budgets     budgetValues   `json:"budgets"`
	Override    budgetOverride `json:"override"`
	StorageUsed int64          `json:"storageUsed"`
}

// budgetOverride is what an admin set for one user (null: the server's
// budget), read and answered.
type budgetOverride struct {
	Models          *int   `json:"models"`
	Poles           *int   `json:"poles"`
	Projects        *int   `json:"projects"`
	Tokens          *int   `json:"tokens"`
	WritesPerMinute *int   `json:"writesPerMinute"`
	Storage         *int64 `json:"storage"`
}

type budgetValues struct {
	Models          int   `json:"models"`
	Poles           int   `json:"poles"`
	Projects        int   `json:"projects"`
	Tokens          int   `json:"tokens"`
	WritesPerMinute int   `json:"writesPerMinute"`
	Storage         int64 `json:"storage"`
}

func toBudgetValues(b explorer.UserBudgets) budgetValues {
	return budgetValues{Models: b.Models, Poles: b.Poles, Projects: b.Projects, Tokens: b.Tokens, WritesPerMinute: b.WritesPerMinute, Storage: b.Storage}
}

// budgetsAnswer answers a user's budgets, override and storage use.
func (h *handler) budgetsAnswer(c *fiber.Ctx, b explorer.UserBudgets, o explorer.BudgetOverride) error {
	used, err := h.svc.UserStorageUsed(c.UserContext(), c.Params("username"))
	if err != nil {
		return err
	}
	return c.JSON(userBudgets{Budgets: toBudgetValues(b), Override: budgetOverride(o), StorageUsed: used})
}

// adminRoutes are the admin extension of v1.
func (h *handler) adminRoutes(r fiber.Router) {
	r.Get("/admin/users/:username/budgets", h.getUserBudgets)
	r.Put("/admin/users/:username/budgets", h.putUserBudgets)
}

func (h *handler) getUserBudgets(c *fiber.Ctx) error {
	b, o, err := h.svc.UserBudgetsOf(c.UserContext(), c.Params("username"))
	if err != nil {
		return err
	}
	return h.budgetsAnswer(c, b, o)
}

func (h *handler) putUserBudgets(c *fiber.Ctx) error {
	var body budgetOverride
	if err := decodeJSON(c, &body, false); err != nil {
		return err
	}
	o := explorer.BudgetOverride(body)
	b, err := h.svc.SetUserBudgets(c.UserContext(), c.Params("username"), o)
	if err != nil {
		return err
	}
	return h.budgetsAnswer(c, b, o)
}
