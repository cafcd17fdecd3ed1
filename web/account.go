package web

import (
	"fmt"
	"strconv"
	"strings"

	explorer "explorer"
	"explorer/views/account"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// accountRoutes registers the account pages.
func (s *server) accountRoutes(r fiber.Router) {
	r.Get("/account", func(c *fiber.Ctx) error { return s.accountAnswer(c, accountTab, "", "", nil, nil) })
	r.Get("/account/credits", func(c *fiber.Ctx) error { return s.accountAnswer(c, creditsTab, "", "", nil, nil) })
	r.Get("/account/usage", func(c *fiber.Ctx) error { return s.accountAnswer(c, usageTab, "", "", nil, nil) })
	r.Get("/account/settings", func(c *fiber.Ctx) error { return s.accountAnswer(c, settingsTab, "", "", nil, nil) })
	post := func(path, form string, op func(c *fiber.Ctx) (string, error)) {
		r.Post(path, func(c *fiber.Ctx) error {
			notice, err := op(c)
			return s.accountAnswer(c, accountTab, form, notice, err, nil)
		})
	}
	r.Post("/account/reactivate", func(c *fiber.Ctx) error {
		err := s.accounts.Reactivate(ctx(c))
		return s.accountAnswer(c, tabNamed(c.FormValue("tab")), "reactivate", "Your account is active again: you can work and change it.", err, nil)
	})
	post("/account/invitations", "managers", func(c *fiber.Ctx) (string, error) {
		inv, err := s.accounts.Invite(ctx(c), c.FormValue("userId"))
		if err != nil {
			return "", err
		}
		return "Invitation sent to " + inv.Recipient + ": once accepted, you pay for their work." + deliveryNote(inv.Delivery, inv.Recipient), nil
	})
	post("/account/invitations/:id/:action", "managers", s.answerInvitation)
	post("/account/manager/remove", "managers", func(c *fiber.Ctx) (string, error) {
		return "You left your manager; your account is cancelled until you reactivate it.", s.accounts.RemoveManager(ctx(c))
	})
	post("/account/managed/:name/remove", "managers", func(c *fiber.Ctx) (string, error) {
		return c.Params("name") + " is no longer managed by you.", s.accounts.RemoveManagedUser(ctx(c), c.Params("name"))
	})
	post("/account/product/migration/cancel", "plan", func(c *fiber.Ctx) (string, error) {
		return "The scheduled plan change is cancelled.", s.accounts.CancelProductMigration(ctx(c))
	})
	s.moneyRoutes(r)
	r.Post("/account/settings", s.saveSettings)
	s.wordsRoutes(r)
}

func (s *server) answerInvitation(c *fiber.Ctx) (string, error) {
	id, ok := explorer.ParseID(c.Params("id"))
	if !ok {
		return "", explorer.Errorf(explorer.ENOTFOUND, "no such invitation")
	}
	switch c.Params("action") {
	case "accept":
		return "Invitation accepted: your manager now pays for your work.", s.accounts.AcceptInvitation(ctx(c), id)
	case "reject":
		return "Invitation rejected.", s.accounts.RejectInvitation(ctx(c), id)
	case "delete":
		return "Invitation withdrawn.", s.accounts.DeleteInvitation(ctx(c), id)
	}
	return "", explorer.Errorf(explorer.ENOTFOUND, "no such action")
}

// accountState is what an answer carries beyond the stored state: a
// preview, or the settings as typed.
type accountState struct {
	preview  *account.Preview
	settings []account.SettingField
	// words is the word correction form as sent.
	words *account.WordForm
}

// tabView builds one account page: its section and its whole page.
type tabView func(s *server, c *fiber.Ctx, h account.Header, st *accountState) (section, page templ.Component, err error)

var (
	accountTab  tabView = (*server).overviewTab
	creditsTab  tabView = (*server).creditsTab
	usageTab    tabView = (*server).usageTab
	settingsTab tabView = (*server).settingsTab
)

func tabNamed(name string) tabView {
	switch name {
	case "credits":
		return creditsTab
	case "usage":
		return usageTab
	case "settings":
		return settingsTab
	}
	return accountTab
}

// accountAnswer renders an account page (its section for htmx) after the
// form named form, if any, was posted or previewed.
func (s *server) accountAnswer(c *fiber.Ctx, tab tabView, form, notice string, ferr error, st *accountState) error {
	if ferr != nil && explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return ferr
	}
	if st == nil {
		st = &accountState{}
	}
	h, err := s.accountHeader(c)
	if err != nil {
		return err
	}
	h.Form, h.Notice = form, notice
	if ferr != nil {
		h.Error = explorer.ErrorMessage(ferr)
	}
	section, pg, err := tab(s, c, h, st)
	if err != nil {
		return err
	}
	return formAnswer(c, ferr, func(string) {}, func() templ.Component { return section }, func() templ.Component { return pg })
}

// accountHeader reads what every account page shows above its part.
func (s *server) accountHeader(c *fiber.Ctx) (account.Header, error) {
	h := account.Header{Page: page(c, "Account", "account")}
	a, err := s.accounts.Account(ctx(c))
	if err != nil {
		return h, err
	}
	h.Cancelled = a.Status == explorer.StatusCancelled
	if a.Manager != nil {
		h.Manager = a.Manager.Username
	}
	return h, nil
}

// formatMoney shows integer cents as a decimal amount with its currency.
func formatMoney(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, cents/100, cents%100, currency)
}

// formInt reads a whole number typed in a form field.
func formInt(v, what string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return 0, explorer.Invalid(what + " must be a whole number")
	}
	return n, nil
}
