package web

import (
	"fmt"
	"github.com/a-h/templ"
	"net/http"
	"strconv"
	"strings"
	"time"

	explorer "explorer"
	"explorer/views/account"

	"github.com/gofiber/fiber/v2"
)

// accountRoutes registers the account pages.
func (s *server) accountRoutes(r fiber.Router) {
	r.Get("/account", s.accountPage)
	post := func(path, form string, op func(c *fiber.Ctx) (string, error)) {
		r.Post(path, func(c *fiber.Ctx) error {
			notice, err := op(c)
			return s.accountAnswer(c, form, notice, err, nil)
		})
	}
	post("/account/reactivate", "reactivate", func(c *fiber.Ctx) (string, error) {
		return "Your account is active again.", s.svc.Reactivate(ctx(c))
	})
	post("/account/invitations", "managers", func(c *fiber.Ctx) (string, error) {
		inv, err := s.svc.Invite(ctx(c), c.FormValue("userId"))
		if err != nil {
			return "", err
		}
		return "Invitation sent to " + inv.Recipient + ".", nil
	})
	post("/account/invitations/:id/:action", "managers", s.answerInvitation)
	post("/account/manager/remove", "managers", func(c *fiber.Ctx) (string, error) {
		return "You left your manager; your account is cancelled until you reactivate it.", s.svc.RemoveManager(ctx(c))
	})
	post("/account/managed/:name/remove", "managers", func(c *fiber.Ctx) (string, error) {
		return c.Params("name") + " is no longer managed by you.", s.svc.RemoveManagedUser(ctx(c), c.Params("name"))
	})
	post("/account/product", "plan", func(c *fiber.Ctx) (string, error) {
		target := c.FormValue("handle")
		p, err := s.svc.ChangeProduct(ctx(c), explorer.PlanChoice{Handle: target})
		if err != nil {
			return "", err
		}
		if p.Handle != target {
			return "The change to " + target + " is scheduled for the next billing cycle.", nil
		}
		return "You are now on the " + p.Name + " plan.", nil
	})
	post("/account/product/migration/cancel", "plan", func(c *fiber.Ctx) (string, error) {
		return "The scheduled plan change is cancelled.", s.svc.CancelProductMigration(ctx(c))
	})
	post("/account/seats", "seats", func(c *fiber.Ctx) (string, error) {
		n, err := strconv.Atoi(strings.TrimSpace(c.FormValue("seats")))
		if err != nil {
			return "", explorer.Invalid("seats must be a whole number")
		}
		if _, err := s.svc.ChangeSeats(ctx(c), n); err != nil {
			return "", err
		}
		return "You have " + strconv.Itoa(n) + " seats.", nil
	})
	post("/account/credits", "credits", func(c *fiber.Ctx) (string, error) {
		n, err := strconv.ParseInt(strings.TrimSpace(c.FormValue("quantity")), 10, 64)
		if err != nil {
			return "", explorer.Invalid("the quantity must be a whole number")
		}
		if _, err := s.svc.BuyCredits(ctx(c), n); err != nil {
			return "", err
		}
		return fmt.Sprintf("%d credits bought.", n), nil
	})
	r.Post("/account/settings", s.saveSettings)
}

func (s *server) accountPage(c *fiber.Ctx) error {
	v, err := s.accountView(c, nil)
	if err != nil {
		return err
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, account.Section(v))
	}
	return render(c, http.StatusOK, account.Page(v))
}

// accountAnswer renders the account section (htmx) or page after the form
// named form was posted; settings are what the settings form shows.
func (s *server) accountAnswer(c *fiber.Ctx, form, notice string, ferr error, settings []account.Setting) error {
	if ferr != nil && explorer.ErrorCode(ferr) == explorer.EINTERNAL {
		return ferr
	}
	v, err := s.accountView(c, settings)
	if err != nil {
		return err
	}
	v.Form, v.Notice = form, notice
	return formAnswer(c, ferr, func(msg string) { v.Error = msg },
		func() templ.Component { return account.Section(v) }, func() templ.Component { return account.Page(v) })
}

func (s *server) answerInvitation(c *fiber.Ctx) (string, error) {
	id, ok := explorer.ParseID(c.Params("id"))
	if !ok {
		return "", explorer.Errorf(explorer.ENOTFOUND, "no such invitation")
	}
	switch c.Params("action") {
	case "accept":
		return "Invitation accepted: your manager now pays for your work.", s.svc.AcceptInvitation(ctx(c), id)
	case "reject":
		return "Invitation rejected.", s.svc.RejectInvitation(ctx(c), id)
	case "delete":
		return "Invitation withdrawn.", s.svc.DeleteInvitation(ctx(c), id)
	}
	return "", explorer.Errorf(explorer.ENOTFOUND, "no such action")
}

// saveSettings saves every setting of the form at once; errors are shown
// by their fields, with the values as typed.
func (s *server) saveSettings(c *fiber.Ctx) error {
	current, err := s.svc.Settings(ctx(c))
	if err != nil {
		return err
	}
	in := make([]explorer.UserSetting, len(current))
	shown := make([]account.Setting, len(current))
	for i, st := range current {
		in[i] = explorer.UserSetting{Key: st.Key, Value: c.FormValue(st.Key)}
		shown[i] = account.Setting{Key: st.Key, Value: in[i].Value, Description: st.Description}
	}
	if _, err := s.svc.UpdateSettings(ctx(c), in); err != nil {
		for _, f := range explorer.AsError(err).Fields {
			var i int
			if _, serr := fmt.Sscanf(f.Field, "[%d]", &i); serr == nil && i >= 0 && i < len(shown) {
				shown[i].Error = f.Message
			}
		}
		return s.accountAnswer(c, "settings", "", err, shown)
	}
	return s.accountAnswer(c, "settings", "Settings saved.", nil, nil)
}

// accountView loads everything the page shows through the service;
// settings, when given, replace the stored values in the settings form.
func (s *server) accountView(c *fiber.Ctx, settings []account.Setting) (account.AccountView, error) {
	cx := ctx(c)
	v := account.AccountView{Page: page(c, "Account", "account")}
	a, err := s.svc.Account(cx)
	if err != nil {
		return v, err
	}
	v.Cancelled = a.Status == explorer.StatusCancelled
	if a.Manager != nil {
		v.Manager = a.Manager.Username
	}
	for _, u := range a.ManagedUsers {
		v.Managed = append(v.Managed, u.Username)
	}
	for _, inv := range a.PendingInvitations {
		v.Sent = append(v.Sent, account.Invitation{ID: inv.ID, Other: inv.Recipient, Created: formatTime(inv.Created)})
	}
	received, err := s.svc.Invitations(cx)
	if err != nil {
		return v, err
	}
	for _, inv := range received {
		v.Received = append(v.Received, account.Invitation{ID: inv.ID, Other: inv.Sender, Created: formatTime(inv.Created)})
	}

	plans, err := s.svc.Products(cx)
	if err != nil {
		return v, err
	}
	for _, p := range plans {
		v.Plans = append(v.Plans, toPlanView(p))
	}
	cur, err := s.svc.Product(cx)
	if err != nil {
		return v, err
	}
	v.Plan = toPlanView(cur)
	if m, err := s.svc.ProductMigration(cx); err == nil {
		v.Migration = &account.Migration{Plan: m.Plan.Name, Date: m.Effective.Format(time.DateOnly)}
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return v, err
	}
	seats, err := s.svc.Seats(cx)
	if err != nil {
		return v, err
	}
	v.Seats, v.SeatsUsed = seats.Seats, seats.InUse

	l, err := s.svc.CreditLedger(cx, 20)
	if err != nil {
		return v, err
	}
	v.Ledger.Balance = l.Balance
	for _, e := range l.Entries {
		v.Ledger.Entries = append(v.Ledger.Entries, account.Entry{Date: formatTime(e.Created), Kind: e.Kind, Description: e.Description, Credits: e.Credits})
	}
	for _, ch := range l.Charges {
		v.Ledger.Charges = append(v.Ledger.Charges, account.Charge{Date: formatTime(ch.Created), Kind: ch.Kind, Description: ch.Description, Amount: formatMoney(ch.AmountCents, ch.Currency)})
	}

	if settings == nil {
		list, err := s.svc.Settings(cx)
		if err != nil {
			return v, err
		}
		for _, st := range list {
			settings = append(settings, account.Setting{Key: st.Key, Value: st.Value, Description: st.Description})
		}
	}
	v.Settings = settings
	v.Usage, err = s.usageView(c)
	return v, err
}

// usageView reads the usage chooser of the query string.
func (s *server) usageView(c *fiber.Ctx) (account.Usage, error) {
	q := explorer.UsageQuery{Period: c.Query("period"), Since: c.Query("sinceDate"), Until: c.Query("untilDate")}
	u := account.Usage{Period: strings.ToUpper(q.Period), Since: q.Since, Until: q.Until}
	if u.Period == "" && q.Since == "" && q.Until == "" {
		u.Period = explorer.PeriodMonth
	}
	d, err := s.svc.Usage(ctx(c), q)
	if explorer.ErrorCode(err) == explorer.EINVALID {
		u.Error = explorer.ErrorMessage(err)
		d, err = s.svc.Usage(ctx(c), explorer.UsageQuery{})
	}
	if err != nil {
		return u, err
	}
	row := func(label string, s explorer.UsageSums) account.UsageRow {
		return account.UsageRow{Label: label, Projects: s.ProjectsNonTrialing, Verbatims: s.VerbatimsNonTrialing, ProjectsTrial: s.ProjectsTrialing, VerbatimsTrial: s.VerbatimsTrialing}
	}
	period := d.From.Format(time.DateOnly) + " – " + d.To.AddDate(0, 0, -1).Format(time.DateOnly)
	u.Rows = []account.UsageRow{row("Today", d.Today), row("This month", d.Month), row(period, d.Period)}
	return u, nil
}

func toPlanView(p *explorer.Plan) account.Plan {
	return account.Plan{Handle: p.Handle, Name: p.Name, Description: p.Description, Cost: formatMoney(p.MonthlyCostCents, p.Currency), IncludedCredits: p.IncludedCredits}
}

// formatMoney shows integer cents as a decimal amount with its currency.
func formatMoney(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, cents/100, cents%100, currency)
}
