package api

import (
	"context"

	explorer "explorer"
	"explorer/accounts"

	"github.com/gofiber/fiber/v2"
)

// accountRoutes registers the account operations.
func (h *handler) accountRoutes(r fiber.Router) {
	r.Get("/account", h.getAccount)
	r.Post("/account/reactivate", noContent(h.accounts.Reactivate))
	r.Get("/account/credits", h.getCredits)
	r.Post("/account/credits", h.buyCredits)
	r.Get("/account/invitations", h.getManagerInvitations)
	r.Post("/account/invitations", h.invite)
	r.Delete("/account/invitations/:id", withPathID("id", h.accounts.DeleteInvitation))
	r.Put("/account/invitations/:id/accept", withPathID("id", h.accounts.AcceptInvitation))
	r.Put("/account/invitations/:id/reject", withPathID("id", h.accounts.RejectInvitation))
	r.Delete("/account/manager", noContent(h.accounts.RemoveManager))
	r.Delete("/account/managedUsers/:userId", h.removeManagedUser)
	r.Get("/account/product", h.getProduct)
	r.Put("/account/product", h.putProduct)
	r.Get("/account/product/migration", h.getProductMigration)
	r.Delete("/account/product/migration", noContent(h.accounts.CancelProductMigration))
	r.Get("/account/seats", h.getSeats)
	r.Put("/account/seats", h.putSeats)
	r.Get("/account/usage", h.getUsage)
}

// noContent serves an operation without input or output: 204.
func noContent(op func(context.Context) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if err := op(c.UserContext()); err != nil {
			return err
		}
		return c.SendStatus(fiber.StatusNoContent)
	}
}

// withPathID serves an operation on the int path parameter name: 204.
func withPathID(name string, op func(context.Context, int64) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := pathID(c, name)
		if err != nil {
			return err
		}
		if err := op(c.UserContext(), id); err != nil {
			return err
		}
		return c.SendStatus(fiber.StatusNoContent)
	}
}

type userRef struct {
	UserID string `json:"userId"`
}

type managerInvitation struct {
	ID        int64   `json:"id"`
	Recipient userRef `json:"recipient"`
	Sender    userRef `json:"sender"`
	Created   int64   `json:"created"`
}

func toManagerInvitation(inv *accounts.ManagerInvitation) managerInvitation {
	return managerInvitation{ID: inv.ID, Recipient: userRef{inv.Recipient}, Sender: userRef{inv.Sender}, Created: millis(inv.Created)}
}

func toManagerInvitations(list []*accounts.ManagerInvitation) []managerInvitation {
	out := make([]managerInvitation, 0, len(list))
	for _, inv := range list {
		out = append(out, toManagerInvitation(inv))
	}
	return out
}

type account struct {
	Manager            *userRef            `json:"manager"`
	ManagedUsers       []userRef           `json:"managedUsers"`
	PendingInvitations []managerInvitation `json:"pendingInvitations"`
}

func (h *handler) getAccount(c *fiber.Ctx) error {
	a, err := h.accounts.Account(c.UserContext())
	if err != nil {
		return err
	}
	out := account{ManagedUsers: make([]userRef, 0, len(a.ManagedUsers)), PendingInvitations: toManagerInvitations(a.PendingInvitations)}
	if a.Manager != nil {
		out.Manager = &userRef{a.Manager.Username}
	}
	for _, u := range a.ManagedUsers {
		out.ManagedUsers = append(out.ManagedUsers, userRef{u.Username})
	}
	return c.JSON(out)
}

type userCredits struct {
	Credits int64 `json:"credits"`
}

func (h *handler) getCredits(c *fiber.Ctx) error {
	n, err := h.accounts.Credits(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(userCredits{n})
}

func (h *handler) buyCredits(c *fiber.Ctx) error {
	var in struct {
		Quantity *int64 `json:"quantity"`
	}
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.Quantity == nil {
		return explorer.Invalid("quantity is required", explorer.FieldError{Field: "quantity", Message: "is required"})
	}
	n, err := h.accounts.BuyCredits(c.UserContext(), *in.Quantity)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(userCredits{n})
}

func (h *handler) getManagerInvitations(c *fiber.Ctx) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.accounts.InvitationsPage(c.UserContext(), page)
	if err != nil {
		return err
	}
	return sendList(c, page, more, toManagerInvitations(list))
}

func (h *handler) invite(c *fiber.Ctx) error {
	inv, err := h.accounts.Invite(c.UserContext(), c.Query("userId"))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(toManagerInvitation(inv))
}

func (h *handler) removeManagedUser(c *fiber.Ctx) error {
	if err := h.accounts.RemoveManagedUser(c.UserContext(), c.Params("userId")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) getProduct(c *fiber.Ctx) error {
	p, err := h.accounts.Product(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(toProductPlan(p))
}

func (h *handler) putProduct(c *fiber.Ctx) error {
	var in struct {
		Handle string `json:"handle"`
		ID     int64  `json:"id"`
	}
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	p, err := h.accounts.ChangeProduct(c.UserContext(), accounts.PlanChoice{Handle: in.Handle, ID: in.ID})
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return toProductPlan(p), nil })
}

type productMigration struct {
	Product       productPlan `json:"product"`
	EffectiveDate int64       `json:"effectiveDate"`
}

func (h *handler) getProductMigration(c *fiber.Ctx) error {
	m, err := h.accounts.ProductMigration(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(productMigration{Product: toProductPlan(m.Plan), EffectiveDate: millis(m.Effective)})
}

type userSeats struct {
	Seats int `json:"seats"`
}

func (h *handler) getSeats(c *fiber.Ctx) error {
	s, err := h.accounts.Seats(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(userSeats{s.Seats})
}

func (h *handler) putSeats(c *fiber.Ctx) error {
	var in struct {
		Seats *int `json:"seats"`
	}
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.Seats == nil {
		return explorer.Invalid("seats is required", explorer.FieldError{Field: "seats", Message: "is required"})
	}
	s, err := h.accounts.ChangeSeats(c.UserContext(), *in.Seats)
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return userSeats{s.Seats}, nil })
}

type usageDetails struct {
	TodaysProjectsTrialing                    int64 `json:"todaysProjectsTrialing"`
	TodaysVerbatimsTrialing                   int64 `json:"todaysVerbatimsTrialing"`
	TodaysProjectsNonTrialing                 int64 `json:"todaysProjectsNonTrialing"`
	TodaysVerbatimsNonTrialing                int64 `json:"todaysVerbatimsNonTrialing"`
	MonthsProjectsTrialing                    int64 `json:"monthsProjectsTrialing"`
	MonthsVerbatimsTrialing                   int64 `json:"monthsVerbatimsTrialing"`
	MonthsProjectsNonTrialing                 int64 `json:"monthsProjectsNonTrialing"`
	MonthsVerbatimsNonTrialing                int64 `json:"monthsVerbatimsNonTrialing"`
	TotalNumberOfProjectsTrialingInPeriod     int64 `json:"totalNumberOfProjectsTrialingInPeriod"`
	TotalNumberOfVerbatimsTrialingInPeriod    int64 `json:"totalNumberOfVerbatimsTrialingInPeriod"`
	TotalNumberOfProjectsNonTrialingInPeriod  int64 `json:"totalNumberOfProjectsNonTrialingInPeriod"`
	TotalNumberOfVerbatimsNonTrialingInPeriod int64 `json:"totalNumberOfVerbatimsNonTrialingInPeriod"`
}

func (h *handler) getUsage(c *fiber.Ctx) error {
	u, err := h.accounts.Usage(c.UserContext(), accounts.UsageQuery{Period: c.Query("period"), Since: c.Query("sinceDate"), Until: c.Query("untilDate")})
	if err != nil {
		return err
	}
	return c.JSON(usageDetails{
		TodaysProjectsTrialing: u.Today.ProjectsTrialing, TodaysVerbatimsTrialing: u.Today.VerbatimsTrialing,
		TodaysProjectsNonTrialing: u.Today.ProjectsNonTrialing, TodaysVerbatimsNonTrialing: u.Today.VerbatimsNonTrialing,
		MonthsProjectsTrialing: u.Month.ProjectsTrialing, MonthsVerbatimsTrialing: u.Month.VerbatimsTrialing,
		MonthsProjectsNonTrialing: u.Month.ProjectsNonTrialing, MonthsVerbatimsNonTrialing: u.Month.VerbatimsNonTrialing,
		TotalNumberOfProjectsTrialingInPeriod: u.Period.ProjectsTrialing, TotalNumberOfVerbatimsTrialingInPeriod: u.Period.VerbatimsTrialing,
		TotalNumberOfProjectsNonTrialingInPeriod: u.Period.ProjectsNonTrialing, TotalNumberOfVerbatimsNonTrialingInPeriod: u.Period.VerbatimsNonTrialing,
	})
}
